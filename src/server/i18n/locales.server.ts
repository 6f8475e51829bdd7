/**
 * The server's translations in every language (issue 22): a language's locale files are read from
 * `locales/` the first time a translator for it is made, so the server renders every page in the
 * site's language from its first byte, and a server whose sites are all English never reads the
 * other 36 languages (cold start, memory).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addMessages, type Messages, setLanguageLoader } from '../../rich-content/i18n';
import { projectFolder } from '../project-folder.server';

/** A locale file's language: SPEC §9's codes, with an optional region. */
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]+)*$/;

/** The `locales/` folder, whether we run from `src/` or from the bundled `build/`. */
export function localesFolder(): string {
  return projectFolder('locales', 'en.json');
}

/**
 * `language`'s messages by namespace ('' is the root namespace, `locales/<language>.json`); empty
 * when the language has no files. A file that is not JSON throws, naming it: the translations are
 * checked in CI (`npm run i18n:check`), so this is a broken deployment, not a visitor's problem.
 */
export function readLanguage(dir: string, language: string): Map<string, Messages> {
  const found = new Map<string, Messages>();
  if (!LANGUAGE.test(language) || language === 'en') return found;
  const read = (namespace: string, file: string) => {
    if (!existsSync(file)) return;
    try {
      found.set(namespace, JSON.parse(readFileSync(file, 'utf8')) as Messages);
    } catch (error) {
      throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
    }
  };
  read('', path.join(dir, `${language}.json`));
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) read(entry.name, path.join(dir, entry.name, `${language}.json`));
  }
  return found;
}

/**
 * The pseudo-locale (issue 22; `npm run i18n:pseudo`): English made 40% longer, which browser specs
 * render a blog in to find text that does not fit its box. Test-only: no site can choose it (the
 * settings accept SPEC §9's languages only) and its files are read only once the app was built
 * with test routes (`enablePseudoLocale`).
 */
export const PSEUDO_LANGUAGE = 'en-XA';

/**
 * Where the pseudo-locale's files are, once test routes are on. Kept on `globalThis`: the server
 * (build/node) and the page renderer (build/server) are two bundles, each with its own copy of
 * this module, and both must read the pseudo-locale once the app enables it.
 */
const PSEUDO_FOLDER = Symbol.for('inkwell.pseudoLocaleFolder');
type WithPseudoFolder = typeof globalThis & { [PSEUDO_FOLDER]?: string };

/** The pseudo-locale's folder beside `locales/` (`.i18n-pseudo/`, written by `npm run i18n:pseudo`). */
export function pseudoLocaleFolder(dir = localesFolder()): string {
  return path.join(path.dirname(dir), '.i18n-pseudo');
}

/** Test routes only: translators in PSEUDO_LANGUAGE read `folder` (same layout as `locales/`). */
export function enablePseudoLocale(folder = pseudoLocaleFolder()): void {
  (globalThis as WithPseudoFolder)[PSEUDO_FOLDER] = folder;
}

/** The pseudo-locale's folder when test routes enabled it, else null. */
export function enabledPseudoLocaleFolder(): string | null {
  return (globalThis as WithPseudoFolder)[PSEUDO_FOLDER] ?? null;
}

/**
 * Where pages in the pseudo-locale load its files from (`<html data-locales>`): a test route
 * (`http/test-site-routes.server.ts`) serves them from the pseudo-locale's folder.
 */
export const PSEUDO_LOCALE_ASSETS = '/api/test/pseudo-locales/';

let installed = false;

/** Makes every translator the server creates read its language's files on first use. */
export function installServerLocales(dir = localesFolder()): void {
  if (installed) return;
  installed = true;
  setLanguageLoader((language) => {
    const pseudo = language === PSEUDO_LANGUAGE ? enabledPseudoLocaleFolder() : null;
    // 'pt-BR' reads 'pt' when it has no files of its own.
    const own = readLanguage(pseudo ?? dir, language);
    const messages = own.size > 0 ? own : readLanguage(dir, language.split('-')[0]!);
    for (const [namespace, namespaceMessages] of messages) {
      addMessages(language, namespace, namespaceMessages);
    }
  });
}

/**
 * The folder of each language's locale assets (`scripts/build-locales.mjs`:
 * `<clientDir>/assets/locales/<lang>-<hash>/`), as the address a page names on
 * `<html data-locales>` for the browser's locale loader; null for English and for a language the
 * build has no files of (the page then keeps its English words and the console says why).
 */
export function localeAssetFolders(
  clientDir: string,
  /** More folders by language (test routes: the pseudo-locale's, served by a test route). */
  extra: Record<string, string> = {},
): (language: string) => string | null {
  const folders = new Map<string, string>(Object.entries(extra));
  const dir = path.join(clientDir, 'assets/locales');
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const match = /^(.+)-[0-9a-f]{10}$/.exec(name);
    if (match) folders.set(match[1]!, `/assets/locales/${name}/`);
  }
  return (language) => folders.get(language) ?? folders.get(language.split('-')[0]!) ?? null;
}
