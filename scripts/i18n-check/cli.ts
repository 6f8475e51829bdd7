/**
 * `npm run i18n:check [-- --all-languages] [locales-dir]`: checks the locale files and exits 1
 * with one line per problem. `--all-languages` requires every language of SPEC §9 in every
 * namespace (for when issue 22's translations are all in).
 */
import path from 'node:path';
import { BLOG_LANGUAGES } from '../../src/domain/blog-settings';
import { checkLocales, formatProblems } from './check';
import { loadAllowlist, loadLocales } from './load';

const args = process.argv.slice(2);
const isAllLanguages = args.includes('--all-languages');
const dir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'locales');
const allowlist = loadAllowlist();

const files = loadLocales(dir);
const problems = checkLocales(files, {
  allowlist,
  ...(isAllLanguages ? { requiredLanguages: BLOG_LANGUAGES } : {}),
});
const languages = new Set(files.map((f) => f.language));
if (problems.length > 0) {
  for (const line of formatProblems(problems)) console.error(line);
  console.error(`\ni18n:check: ${problems.length} problem(s) in ${files.length} locale files.`);
  process.exit(1);
}
console.log(
  `i18n:check: ${files.length} locale files (${[...languages].sort().join(', ')}), no problem.`,
);
