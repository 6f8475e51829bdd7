/**
 * The browser's translations in a page's language (issue 22; SPEC §7 "Translation"): before a page
 * in a language other than English hydrates, the locale files of every namespace its code uses are
 * fetched from the build's static, precompressed assets (`scripts/build-locales.mjs`), each
 * retried up to 5 times, 350 ms apart and doubling. A file that still fails is reported on the
 * console (SPEC §8 "can't load locale") and its words stay English. English pages never load this
 * module: English is bundled with the code that uses it.
 */
import { addMessages, hasMessages, type Messages, namespacesInUse, setLocaleGate } from './i18n';

/** SPEC §7: up to 5 retries, the first after 350 ms, each delay twice the one before. */
export const LOCALE_RETRIES = 5;
export const LOCALE_FIRST_RETRY_MS = 350;

/** The file name of a namespace in a language's folder ('' is the root namespace). */
export function localeFileName(namespace: string): string {
  return `${namespace === '' ? 'root' : namespace}.json`;
}

const loading = new Map<string, Promise<void>>();
/** Files that could not be loaded: their namespace stays English for the rest of the page's life. */
const failed = new Set<string>();

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fetches one locale file, with SPEC §7's retries; throws when the last one fails. */
export async function fetchLocaleFile(
  url: string,
  delays = { retries: LOCALE_RETRIES, firstMs: LOCALE_FIRST_RETRY_MS },
): Promise<Messages> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as Messages;
    } catch (error) {
      if (attempt >= delays.retries) throw error;
      await wait(delays.firstMs * 2 ** attempt);
    }
  }
}

/**
 * Adds `language`'s messages of every namespace in use that is not here yet, from `base` (the
 * language's folder of the build's assets, which the page names on `<html data-locales>`).
 * Resolves when each is added or has failed; a failure leaves that namespace in English.
 */
export function ensureLocale(
  language: string,
  base: string | undefined,
  delays?: Parameters<typeof fetchLocaleFile>[1],
): Promise<void> {
  if (language === 'en') return Promise.resolve();
  const pending = namespacesInUse()
    .filter((namespace) => !hasMessages(language, namespace))
    .map((namespace) => {
      const key = `${language}\u0000${namespace}`;
      let load = loading.get(key);
      if (!load) {
        load = base
          ? fetchLocaleFile(`${base}${localeFileName(namespace)}`, delays).then(
              (messages) => addMessages(language, namespace, messages),
              (error: unknown) => {
                failed.add(key);
                console.error(`Can't load locale ${language}/${localeFileName(namespace)}`, error);
              },
            )
          : Promise.resolve().then(() => {
              failed.add(key);
              console.error(`Locale assets not provided for ${language}: showing English`);
            });
        loading.set(key, load);
      }
      return load;
    });
  return Promise.all(pending).then(() => undefined);
}

/** The page's locale folder, as the server wrote it on `<html data-locales>`. */
export function pageLocaleBase(): string | undefined {
  return document.documentElement.dataset.locales;
}

/**
 * Makes a component that speaks `language` wait (React Suspense) while a namespace it may use is
 * still loading: a page the React Router client reaches later brings its namespaces with its code,
 * and shows once their words are here, not in English first.
 */
export function installLocaleGate(base: string | undefined): void {
  setLocaleGate((language) => {
    if (language === 'en') return undefined;
    const isMissing = namespacesInUse().some(
      (namespace) =>
        !hasMessages(language, namespace) && !failed.has(`${language}\u0000${namespace}`),
    );
    return isMissing ? ensureLocale(language, base) : undefined;
  });
}
