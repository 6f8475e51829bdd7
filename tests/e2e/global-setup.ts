/**
 * Before the browser specs: the pseudo-locale's files (`.i18n-pseudo/`, as `npm run i18n:pseudo`
 * writes them), fresh from the English locale files, which the e2e server renders a blog in for
 * the languages spec (issue 22). The server reads them on first use, so this may run after it
 * started.
 */
import path from 'node:path';
import { writePseudoLocales } from '../../scripts/i18n-check/pseudo-files';

const root = path.resolve(import.meta.dirname, '../..');

export default function globalSetup(): void {
  writePseudoLocales(path.join(root, 'locales'), path.join(root, '.i18n-pseudo'));
}
