/**
 * Writes the pseudo-locale of every English locale file under `out`, one
 * `<namespace>/en-XA.json` per namespace (the root one as `en-XA.json`), the layout of `locales/`:
 * `npm run i18n:pseudo` and the browser specs' global set-up (`tests/e2e/global-setup.ts`) call it.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Messages } from './check';
import { loadLocales } from './load';
import { PSEUDO_LANGUAGE, pseudoMessages } from './pseudo';

/** Writes the files; returns how many. Each file appears whole (written aside, then renamed). */
export function writePseudoLocales(locales: string, out: string): number {
  const english = loadLocales(locales).filter((f) => f.language === 'en');
  for (const file of english) {
    const folder = path.join(out, file.namespace);
    mkdirSync(folder, { recursive: true });
    const pseudo = pseudoMessages(file.messages as Messages);
    const target = path.join(folder, `${PSEUDO_LANGUAGE}.json`);
    const aside = `${target}.${process.pid}.tmp`;
    writeFileSync(aside, `${JSON.stringify(pseudo, null, 2)}\n`);
    renameSync(aside, target);
  }
  return english.length;
}
