// Part of `npm run build` (issue 22): writes every language but English as static assets the
// browser's locale loader fetches (src/rich-content/locale-loader.ts):
// build/client/assets/locales/<lang>-<hash>/<namespace>.json (`root.json` for locales/<lang>.json),
// minified. The hash is of the language's files together, so a changed word gives the language a
// new folder and the files can be cached for a year (the server names the folder on each page).
// English needs no file: it is bundled with the code that uses it. compress-assets.mjs, which runs
// next, writes their .br and .gz.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const locales = path.join(root, 'locales');
const out = path.join(root, 'build/client/assets/locales');
const LOCALE_FILE = /^([a-z]{2,3}(?:-[A-Za-z0-9]+)*)\.json$/;

/** language → [file name in the asset folder, minified JSON][] */
const byLanguage = new Map();
function add(language, fileName, source) {
  if (language === 'en') return;
  const files = byLanguage.get(language) ?? [];
  files.push([fileName, JSON.stringify(JSON.parse(readFileSync(source, 'utf8')))]);
  byLanguage.set(language, files);
}
for (const entry of readdirSync(locales).sort()) {
  const full = path.join(locales, entry);
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      const match = LOCALE_FILE.exec(name);
      if (match) add(match[1], `${entry}.json`, path.join(full, name));
    }
  } else {
    const match = LOCALE_FILE.exec(entry);
    if (match) add(match[1], 'root.json', full);
  }
}

rmSync(out, { recursive: true, force: true });
let bytes = 0;
for (const [language, files] of byLanguage) {
  const hash = createHash('sha256');
  for (const [name, json] of files) hash.update(`${name}\n${json}\n`);
  const folder = path.join(out, `${language}-${hash.digest('hex').slice(0, 10)}`);
  mkdirSync(folder, { recursive: true });
  for (const [name, json] of files) {
    writeFileSync(path.join(folder, name), json);
    bytes += json.length;
  }
}
console.log(
  `Wrote the locale files of ${byLanguage.size} languages: ${Math.round(bytes / 1024)} kB.`,
);
