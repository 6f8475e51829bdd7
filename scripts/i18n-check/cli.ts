/**
 * `npm run i18n:check [-- --present-only] [locales-dir]`: checks the locale files and exits 1
 * with one line per problem. Every language of SPEC §9 must be in every namespace (all 37 are in
 * since issue 22), so a key cannot land in English alone; `--present-only` checks only the
 * languages present (the fixtures, a translator's work in progress).
 */
import path from 'node:path';
import { BLOG_LANGUAGES } from '../../src/domain/blog-settings';
import { checkLocales, formatProblems } from './check';
import { loadAllowlist, loadLocales } from './load';

const args = process.argv.slice(2);
const isPresentOnly = args.includes('--present-only');
const dir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'locales');
const allowlist = loadAllowlist();

const files = loadLocales(dir);
const problems = checkLocales(files, {
  allowlist,
  ...(isPresentOnly ? {} : { requiredLanguages: BLOG_LANGUAGES }),
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
