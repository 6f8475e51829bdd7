/**
 * Translations for every page and for the rich-content renderer (the lowest layer with React, so
 * the widget, the site shell and the renderer share one translator; widget/i18n re-exports it).
 * The strings are i18next-format JSON (`locales/<lng>.json`: nested
 * keys, `{{name}}` interpolation, `_zero`…`_other` plural suffixes chosen by Intl.PluralRules), read
 * by this small translator instead of i18next itself: i18next and react-i18next cost 18.7 KB of
 * gzip script on every page, which breaks the feed page's 130 KB budget (see
 * docs/decisions/001-translator.md). `useTranslation()` has react-i18next's shape, so swapping
 * back is a change to this file only.
 */
import { createContext, useContext } from 'react';
import en from '../../locales/en.json';

/** A namespace's messages: nested keys, i18next's format. */
export type Messages = { [key: string]: string | Messages };

/** SPEC §9: at most 1000 interpolations in one string. */
export const INTERPOLATION_CAP = 1000;

export type TranslateOptions = { count?: number } & Record<string, unknown>;

export interface Translator {
  language: string;
  t(key: string, options?: TranslateOptions): string;
}

/**
 * Every language's messages by namespace: the root namespace ('', `locales/<lng>.json`) and those
 * added by code that loads with its own page (the rich-content renderer's strings,
 * `locales/rich-content/<lng>.json`), so the feed page's script does not carry the post page's
 * words. English namespaces come with the modules that use them (`addNamespace`); other
 * languages' are added by the server at start (`server/i18n/locales.server.ts`) and, in the
 * browser, by the locale loader before a page hydrates (`locale-loader.ts`).
 */
const MESSAGES = new Map<string, Map<string, Messages>>([['en', new Map([['', en]])]]);
/** Bumped by every addition: a translator's memo of resolved keys is only good until then. */
let generation = 0;
/**
 * Reads a language's messages when a translator for it is first made (the server's, from the
 * `locales/` folder: `server/i18n/locales.server.ts`); the browser has none, its locale loader
 * adds a page's languages before the page hydrates.
 */
let languageLoader: ((language: string) => void) | null = null;
const askedLanguages = new Set<string>();

/** Sets what reads a language's messages on first use (the server's; see `languageLoader`). */
export function setLanguageLoader(loader: (language: string) => void): void {
  languageLoader = loader;
  askedLanguages.clear();
}

/**
 * Adds namespace `namespace`'s messages for `language` ('' is the root namespace). A namespace
 * must be added before its keys are first looked up: the module that uses the keys adds its
 * English when it loads.
 */
export function addMessages(language: string, namespace: string, messages: Messages): void {
  let namespaces = MESSAGES.get(language);
  if (!namespaces) {
    namespaces = new Map();
    MESSAGES.set(language, namespaces);
  }
  // Several modules may carry one bundle (each that uses its keys adds it): once is enough.
  if (namespaces.get(namespace) === messages) return;
  namespaces.set(namespace, messages);
  generation += 1;
}

/** Adds the English of namespace `namespace`, which the calling module's components use. */
export function addNamespace(namespace: string, english: Messages): void {
  addMessages('en', namespace, english);
}

/** The namespaces whose English is here (the root, ''): what a page needs in its language. */
export function namespacesInUse(): string[] {
  return [...(MESSAGES.get('en')?.keys() ?? [])];
}

/** Whether `language`'s messages of `namespace` are here. */
export function hasMessages(language: string, namespace: string): boolean {
  return MESSAGES.get(language)?.has(namespace) === true;
}

/** The message sources of `language`, searched in order: its root first, then its namespaces. */
function sourcesOf(language: string): Messages[] {
  const namespaces = MESSAGES.get(language);
  if (!namespaces) return [];
  const root = namespaces.get('');
  const others = [...namespaces].filter(([name]) => name !== '').map(([, messages]) => messages);
  return root ? [root, ...others] : others;
}

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(template: string, options: TranslateOptions | undefined): string {
  if (!options) return template;
  let replaced = 0;
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    if (++replaced > INTERPOLATION_CAP) return whole;
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * A translator for `language`, falling back to English, then to the key itself. `messages`, when
 * given, stands in for the language's own (tests).
 */
export function createTranslator(language: string, messages?: Messages): Translator {
  if (languageLoader && !messages && !askedLanguages.has(language)) {
    askedLanguages.add(language);
    languageLoader(language);
  }
  const plurals = new Intl.PluralRules(language);
  // A feed page asks for the same few keys over a hundred times: remember what each resolved to.
  const resolved = new Map<string, string | undefined>();
  let resolvedAt = -1;
  let sources: Messages[] = [];
  // Counters repeat the same few numbers, and Intl.PluralRules#select showed in the profile.
  const categories = new Map<number, string>();
  function category(count: number): string {
    let found = categories.get(count);
    if (found === undefined) {
      found = plurals.select(count);
      categories.set(count, found);
    }
    return found;
  }
  function find(key: string, count: number | undefined): string | undefined {
    if (resolvedAt !== generation) {
      // Messages were added since: search again, in the language's own first, then English.
      const own = messages ? [messages] : language === 'en' ? [] : sourcesOf(language);
      sources = [...own, ...sourcesOf('en')];
      resolved.clear();
      resolvedAt = generation;
    }
    // 0 has its own entry: a `_zero` form may answer it although its category is another's.
    const memoKey =
      count === undefined ? key : `${key}\u0000${count === 0 ? 'zero0' : category(count)}`;
    if (resolved.has(memoKey)) return resolved.get(memoKey);
    const found = search(key, count);
    resolved.set(memoKey, found);
    return found;
  }
  function search(key: string, count: number | undefined): string | undefined {
    for (const source of sources) {
      if (count !== undefined) {
        // As i18next: a `_zero` form, when present, is used for 0 in every language.
        const plural =
          (count === 0 ? lookup(source, `${key}_zero`) : undefined) ??
          lookup(source, `${key}_${category(count)}`) ??
          lookup(source, `${key}_other`);
        if (plural !== undefined) return plural;
      }
      const exact = lookup(source, key);
      if (exact !== undefined) return exact;
    }
    return undefined;
  }
  return {
    language,
    t: (key, options) => interpolate(find(key, options?.count) ?? key, options),
  };
}

/** The page's translator (exported for the reader's holes, which render again in it). */
export const TranslatorContext = createContext<Translator>(createTranslator('en'));

/** Provides the page's translator to every component below it. */
export const TranslationProvider = TranslatorContext.Provider;

/**
 * Whether a language's words are still on their way (the browser's locale loader sets it): the
 * promise of their arrival, or nothing when every namespace in use is here.
 */
let localeGate: ((language: string) => Promise<void> | undefined) | null = null;

/** Sets the check `useTranslation` waits on (locale-loader.ts `installLocaleGate`). */
export function setLocaleGate(gate: typeof localeGate): void {
  localeGate = gate;
}

/**
 * `t` and the language, as react-i18next's hook gives them. A component whose language's words
 * are still loading suspends until they are here (React Router keeps the previous screen).
 */
export function useTranslation(): { t: Translator['t']; i18n: { language: string } } {
  const translator = useContext(TranslatorContext);
  const arriving = localeGate?.(translator.language);
  if (arriving) throw arriving;
  return { t: translator.t, i18n: { language: translator.language } };
}
