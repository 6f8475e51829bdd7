/**
 * `npm run i18n:pseudo [out-dir]`: writes the pseudo-locale of every English locale file to
 * `.i18n-pseudo/` (ignored by git), one `<namespace>/en-XA.json` per namespace. Not used by any
 * page yet: the browser specs decide how to load it (decision 059).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Messages } from './check';
import { loadLocales } from './load';
import { PSEUDO_LANGUAGE, pseudoMessages } from './pseudo';

const out = path.resolve(process.argv[2] ?? '.i18n-pseudo');
const english = loadLocales(path.resolve('locales')).filter((f) => f.language === 'en');
for (const file of english) {
  const folder = path.join(out, file.namespace);
  mkdirSync(folder, { recursive: true });
  const pseudo = pseudoMessages(file.messages as Messages);
  writeFileSync(
    path.join(folder, `${PSEUDO_LANGUAGE}.json`),
    `${JSON.stringify(pseudo, null, 2)}\n`,
  );
}
console.log(
  `i18n:pseudo: ${english.length} files written to ${path.relative(process.cwd(), out)}/`,
);
