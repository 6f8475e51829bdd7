/** Reads the locale files of a `locales/` folder for the checker and the pseudo-locale. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Allowlist, LocaleFile } from './check';

const LOCALE_FILE = /^([a-z]{2,3}(?:-[A-Za-z0-9]+)*)\.json$/;

/**
 * Every `<dir>/<lang>.json` (namespace '') and `<dir>/<namespace>/<lang>.json`. A file that is
 * not JSON is thrown as an error naming it.
 */
export function loadLocales(
  dir: string,
  shownAs = path.relative(process.cwd(), dir),
): LocaleFile[] {
  const files: LocaleFile[] = [];
  const read = (namespace: string, name: string) => {
    const match = LOCALE_FILE.exec(name);
    if (!match) return;
    const relative = namespace === '' ? name : `${namespace}/${name}`;
    const file = path.posix.join(shownAs.split(path.sep).join('/'), relative);
    const text = readFileSync(path.join(dir, relative), 'utf8');
    let messages: unknown;
    try {
      messages = JSON.parse(text);
    } catch (error) {
      throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
    }
    files.push({ namespace, language: match[1]!, file, messages });
  };
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) read(entry, name);
    } else read('', entry);
  }
  return files;
}

/**
 * The allowlist: `allowlist.json` (values any language may keep as in English) plus, per language,
 * `allowlist/<lang>.json`, the keys that language keeps as in English (a file per language, so
 * translators of different languages never edit the same file).
 */
export function loadAllowlist(dir = import.meta.dirname): Allowlist {
  const base = JSON.parse(readFileSync(path.join(dir, 'allowlist.json'), 'utf8')) as Allowlist;
  const keys: Record<string, string[]> = { ...base.keys };
  const perLanguage = path.join(dir, 'allowlist');
  for (const name of existsSync(perLanguage) ? readdirSync(perLanguage).sort() : []) {
    const match = LOCALE_FILE.exec(name);
    if (!match) continue;
    const listed = JSON.parse(readFileSync(path.join(perLanguage, name), 'utf8')) as string[];
    keys[match[1]!] = [...(keys[match[1]!] ?? []), ...listed];
  }
  return { values: base.values, keys };
}
