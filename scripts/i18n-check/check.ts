/**
 * `npm run i18n:check` (issue 22): every locale file against English. Pure: it takes the locale
 * files already read (load.ts reads `locales/`) and returns the problems, each with its file, key
 * and what is wrong. Decision 059 explains each rule.
 */
import { BLOG_LANGUAGES } from '../../src/domain/blog-settings';
import { INTERPOLATION_CAP } from '../../src/rich-content/i18n';
import { scanHtml } from './html';

/** A locale file's JSON: nested objects of strings. */
export type Messages = { [key: string]: string | Messages };

/** One locale file: its namespace ('' for `locales/<lang>.json`), language and content. */
export interface LocaleFile {
  namespace: string;
  language: string;
  /** Path shown in the report, such as `locales/search/de.json`. */
  file: string;
  messages: unknown;
}

/** Strings that may stay identical to English (brand names, "OK"), by value or by key. */
export interface Allowlist {
  /** Values any language may keep as in English. */
  values: string[];
  /** `<language>` → keys (`namespace:dotted.key`, `:key` for the root namespace) it may keep. */
  keys: Record<string, string[]>;
}

/** One thing wrong with a locale file. */
export interface Problem {
  file: string;
  key: string;
  message: string;
}

export interface CheckOptions {
  allowlist: Allowlist;
  /**
   * Languages each namespace must have. By default, every language that has a file anywhere in
   * `locales/`: adding a language to one namespace makes it required in all of them, and a new key
   * in English fails until every present language has it.
   */
  requiredLanguages?: readonly string[];
}

/** i18next's plural suffixes, which are CLDR's categories (`Intl.PluralRules`). */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_SUFFIX = new RegExp(`^(.+)_(${PLURAL_CATEGORIES.join('|')})$`);

/** The plural categories a language needs, as i18next suffixes. */
export function pluralCategoriesOf(language: string): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return PLURAL_CATEGORIES.filter((category) => categories.includes(category));
}

/** Flattens nested messages to dotted keys; a value that is neither string nor object is reported. */
export function flatten(
  messages: unknown,
  onBadValue: (key: string, value: unknown) => void = () => {},
  prefix = '',
  into = new Map<string, string>(),
): Map<string, string> {
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
    onBadValue(prefix, messages);
    return into;
  }
  for (const [name, value] of Object.entries(messages)) {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    if (typeof value === 'string') into.set(key, value);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      flatten(value, onBadValue, key, into);
    else onBadValue(key, value);
  }
  return into;
}

const PLACEHOLDER = /\{\{\s*-?\s*([^}]+?)\s*\}\}/g;
const NESTING = /\$t\(\s*([^,)]+?)\s*[,)]/g;

/**
 * The interpolations of a string: `{{name}}` (also i18next's `{{- name}}` and
 * `{{name, format}}`, named by `name`) and `$t(key)` nestings, named `$t(key)`.
 */
export function interpolationsOf(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) names.push(match[1]!.split(',')[0]!.trim());
  for (const match of text.matchAll(NESTING)) names.push(`$t(${match[1]})`);
  return names;
}

/** A string with nothing to translate: placeholders, digits, punctuation and spaces only. */
export function hasNothingToTranslate(text: string): boolean {
  return !/\p{L}/u.test(text.replace(PLACEHOLDER, '').replace(NESTING, ''));
}

function difference(a: Iterable<string>, b: ReadonlySet<string>): string[] {
  return [...new Set(a)].filter((item) => !b.has(item)).sort();
}

/** A key's plural base and category, or null when the key is no plural form. */
function pluralPart(key: string): { base: string; category: string } | null {
  const match = PLURAL_SUFFIX.exec(key);
  return match ? { base: match[1]!, category: match[2]! } : null;
}

/** Problems of one string that do not depend on English: HTML and the interpolation cap. */
function checkString(file: string, key: string, value: string, problems: Problem[]): void {
  for (const message of scanHtml(value).problems) problems.push({ file, key, message });
  const count = interpolationsOf(value).length;
  // SPEC §9: interpolation cap 1000 (the translator stops replacing after it).
  if (count > INTERPOLATION_CAP)
    problems.push({
      file,
      key,
      message: `${count} interpolations, more than the cap of ${INTERPOLATION_CAP} (SPEC §9)`,
    });
}

/**
 * English's plural groups: base → the categories English gives (`_one`, `_other`, maybe `_zero`).
 * A group missing a category English needs, or with one it has not, is reported on English.
 */
function pluralGroupsOf(
  file: string,
  englishKeys: Map<string, string>,
  problems: Problem[],
): Map<string, Set<string>> {
  const englishPlurals = new Map<string, Set<string>>();
  for (const key of englishKeys.keys()) {
    const part = pluralPart(key);
    if (!part) continue;
    const group = englishPlurals.get(part.base) ?? new Set<string>();
    group.add(part.category);
    englishPlurals.set(part.base, group);
  }
  const englishNeeds = pluralCategoriesOf('en');
  for (const [base, categories] of englishPlurals) {
    for (const category of englishNeeds)
      if (!categories.has(category))
        problems.push({
          file,
          key: `${base}_${category}`,
          message: `missing plural form "${category}" (en needs ${englishNeeds.join(', ')})`,
        });
    for (const category of categories)
      if (category !== 'zero' && !englishNeeds.includes(category))
        problems.push({
          file,
          key: `${base}_${category}`,
          message: `plural form "${category}" is not one of en's (${englishNeeds.join(', ')})`,
        });
  }
  return englishPlurals;
}

/** Checks every locale file against the English file of its namespace. */
export function checkLocales(files: readonly LocaleFile[], options: CheckOptions): Problem[] {
  const problems: Problem[] = [];
  const known = new Set<string>(BLOG_LANGUAGES);
  const present = new Set(files.map((f) => f.language));
  const required = options.requiredLanguages ?? [...present].filter((l) => known.has(l));
  const allowedValues = new Set(options.allowlist.values);
  const flat = new Map<LocaleFile, Map<string, string>>();
  for (const file of files) {
    flat.set(
      file,
      flatten(file.messages, (key, value) =>
        problems.push({
          file: file.file,
          key,
          message: `value must be a string or an object, not ${JSON.stringify(value)}`,
        }),
      ),
    );
  }

  const namespaces = [...new Set(files.map((f) => f.namespace))].sort();
  for (const namespace of namespaces) {
    const inNamespace = files.filter((f) => f.namespace === namespace);
    const english = inNamespace.find((f) => f.language === 'en');
    if (!english) {
      for (const file of inNamespace)
        problems.push({ file: file.file, key: '', message: 'no English file in this namespace' });
      continue;
    }
    const englishKeys = flat.get(english)!;
    for (const [key, value] of englishKeys) checkString(english.file, key, value, problems);

    const englishPlurals = pluralGroupsOf(english.file, englishKeys, problems);
    const englishSingles = [...englishKeys.keys()].filter((key) => {
      const part = pluralPart(key);
      return !part || !englishPlurals.has(part.base);
    });

    for (const language of required) {
      if (!inNamespace.some((f) => f.language === language)) {
        problems.push({
          file: english.file.replace(/en\.json$/, `${language}.json`),
          key: '',
          message: `missing: ${language} has locale files in other namespaces`,
        });
      }
    }

    for (const file of inNamespace) {
      if (file === english) continue;
      if (!known.has(file.language)) {
        problems.push({
          file: file.file,
          key: '',
          message: `"${file.language}" is not a language of SPEC §9`,
        });
        continue;
      }
      checkAgainstEnglish(file, flat.get(file)!, englishKeys, englishSingles, englishPlurals);
    }
  }
  return problems;

  function checkAgainstEnglish(
    file: LocaleFile,
    keys: Map<string, string>,
    englishKeys: Map<string, string>,
    englishSingles: string[],
    englishPlurals: Map<string, Set<string>>,
  ): void {
    const report = (key: string, message: string) =>
      problems.push({ file: file.file, key, message });
    const needed = pluralCategoriesOf(file.language);
    const allowedKeys = new Set(options.allowlist.keys[file.language] ?? []);

    for (const key of englishSingles) {
      const value = keys.get(key);
      if (value === undefined) report(key, 'missing (English has it)');
      else compare(key, value, englishKeys.get(key)!, englishKeys.get(key)!);
    }
    for (const [base, englishCategories] of englishPlurals) {
      // i18next uses `_zero` for a count of 0 in any language when the key exists: a language
      // keeps English's special zero, and needs `_zero` anyway when its rules have it.
      const expected = new Set(needed);
      if (englishCategories.has('zero')) expected.add('zero');
      const other = englishKeys.get(`${base}_other`) ?? '';
      for (const category of expected) {
        const key = `${base}_${category}`;
        const value = keys.get(key);
        if (value === undefined) {
          report(
            key,
            `missing plural form "${category}" (${file.language} needs ${needed.join(', ')})`,
          );
          continue;
        }
        const english = englishKeys.get(key) ?? other;
        compare(key, value, english, other, englishCategories);
      }
    }
    for (const [key, value] of keys) {
      const part = pluralPart(key);
      if (part && englishPlurals.has(part.base)) {
        const englishCategories = englishPlurals.get(part.base)!;
        if (!needed.includes(part.category) && !(part.category === 'zero'))
          report(
            key,
            `plural form "${part.category}" is not one of ${file.language}'s (${needed.join(', ')})`,
          );
        else if (
          part.category === 'zero' &&
          !needed.includes('zero') &&
          !englishCategories.has('zero')
        )
          checkString(file.file, key, value, problems);
        continue;
      }
      if (!englishKeys.has(key)) report(key, 'not in English (remove it or add it to English)');
    }

    function compare(
      key: string,
      value: string,
      english: string,
      other: string,
      pluralCategories?: Set<string>,
    ): void {
      checkString(file.file, key, value, problems);
      const mine = interpolationsOf(value);
      const theirs = interpolationsOf(english);
      if (pluralCategories) {
        // A plural form may leave out {{count}} ("one minute"), never another placeholder.
        const all = new Set<string>();
        for (const category of pluralCategories) {
          const form = englishKeys.get(`${pluralBase(key)}_${category}`);
          if (form) for (const name of interpolationsOf(form)) all.add(name);
        }
        const needed = interpolationsOf(other).filter((name) => name !== 'count');
        const missing = difference(needed, new Set(mine));
        const extra = difference(mine, all);
        if (missing.length > 0) report(key, `missing placeholders ${missing.join(', ')}`);
        if (extra.length > 0) report(key, `placeholders not in English: ${extra.join(', ')}`);
      } else {
        const missing = difference(theirs, new Set(mine));
        const extra = difference(mine, new Set(theirs));
        if (missing.length > 0) report(key, `missing placeholders ${missing.join(', ')}`);
        if (extra.length > 0) report(key, `placeholders not in English: ${extra.join(', ')}`);
      }
      const englishTags = scanHtml(english).tags.sort().join(' ');
      const tags = scanHtml(value).tags.sort().join(' ');
      if (englishTags !== tags)
        report(key, `HTML tags differ from English: [${tags}] instead of [${englishTags}]`);
      if (
        value === english &&
        !hasNothingToTranslate(value) &&
        !allowedValues.has(value) &&
        !allowedKeys.has(`${file.namespace}:${key}`)
      )
        report(key, `identical to English ("${value}"); translate it or add it to the allowlist`);
    }
  }
}

function pluralBase(key: string): string {
  return pluralPart(key)?.base ?? key;
}

/** The report's lines: `file  key  message`, sorted by file and key. */
export function formatProblems(problems: readonly Problem[]): string[] {
  return [...problems]
    .sort((a, b) => a.file.localeCompare(b.file) || a.key.localeCompare(b.key))
    .map((p) => `${p.file}${p.key === '' ? '' : `  ${p.key}`}: ${p.message}`);
}
