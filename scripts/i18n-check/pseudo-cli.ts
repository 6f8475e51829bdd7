/**
 * `npm run i18n:pseudo [out-dir]`: writes the pseudo-locale of every English locale file to
 * `.i18n-pseudo/` (ignored by git), one `<namespace>/en-XA.json` per namespace. The browser specs
 * render a blog in it (tests/e2e/languages.spec.ts; their global set-up writes it too).
 */
import path from 'node:path';
import { writePseudoLocales } from './pseudo-files';

const out = path.resolve(process.argv[2] ?? '.i18n-pseudo');
const count = writePseudoLocales(path.resolve('locales'), out);
console.log(`i18n:pseudo: ${count} files written to ${path.relative(process.cwd(), out)}/`);
