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

type Messages = { [key: string]: string | Messages };

/** SPEC §9: at most 1000 interpolations in one string. */
export const INTERPOLATION_CAP = 1000;

const BUNDLED: Record<string, Messages> = { en };

export type TranslateOptions = { count?: number } & Record<string, unknown>;

export interface Translator {
  language: string;
  t(key: string, options?: TranslateOptions): string;
}

/**
 * Message bundles added by code that loads with its own page (a namespace such as the rich-content
 * renderer's strings, `locales/rich-content/<lng>.json`), so the feed page's script does not carry
 * the post page's words. A bundle must be added before its keys are first looked up: the module
 * that uses the keys adds it when it loads.
 */
const ADDED = new Map<string, Messages[]>();

/** Adds a namespace's messages for `language` (see ADDED). */
export function addMessages(language: string, messages: Messages): void {
  const added = ADDED.get(language) ?? [];
  // Several modules may carry one bundle (each that uses its keys adds it): once is enough.
  if (!added.includes(messages)) ADDED.set(language, [...added, messages]);
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

/** A translator for `language`, falling back to English, then to the key itself. */
export function createTranslator(
  language: string,
  messages: Messages = BUNDLED[language] ?? en,
): Translator {
  const plurals = new Intl.PluralRules(language);
  const chains = messages === en ? [en] : [messages, en];
  // A feed page asks for the same few keys over a hundred times: remember what each resolved to.
  const resolved = new Map<string, string | undefined>();
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
    // 0 has its own entry: a `_zero` form may answer it although its category is another's.
    const memoKey =
      count === undefined ? key : `${key}\u0000${count === 0 ? 'zero0' : category(count)}`;
    if (resolved.has(memoKey)) return resolved.get(memoKey);
    const found = search(key, count);
    resolved.set(memoKey, found);
    return found;
  }
  function search(key: string, count: number | undefined): string | undefined {
    const added = [
      ...(ADDED.get(language) ?? []),
      ...(language === 'en' ? [] : (ADDED.get('en') ?? [])),
    ];
    for (const source of [...chains, ...added]) {
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

/** `t` and the language, as react-i18next's hook gives them. */
export function useTranslation(): { t: Translator['t']; i18n: { language: string } } {
  const translator = useContext(TranslatorContext);
  return { t: translator.t, i18n: { language: translator.language } };
}
