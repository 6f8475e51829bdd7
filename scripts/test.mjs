// `npm test`: the whole suite on a fresh machine. Makes sure Debian's Chromium and xmllint are there
// (installs them with apt-get when running as root), builds the app, runs the unit and integration tests
// (Vitest) and the end-to-end tests (Playwright in Chromium), and ends with one line
// `N passed, N failed` that CI reads.
//
//   node scripts/test.mjs              everything
//   node scripts/test.mjs --db-only    only the database tests (CI runs them again on PostgreSQL)
//   node scripts/test.mjs --e2e-only   only the browser tests
//   --no-build                         uses the build already in build/ (CI's PostgreSQL pass, right
//                                      after `npm test` built it; decision 043)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
const args = new Set(process.argv.slice(2));
const CHROMIUM = '/usr/bin/chromium';

function run(command, commandArgs, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  // Each phase's wall time, for finding the slow ones (decision 043).
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n[test.mjs] ${[command, ...commandArgs].slice(0, 3).join(' ')}: ${seconds} s`);
  return result.status ?? 1;
}

/**
 * Debian packages the tests need, by the file each one installs: Chromium for the browser tests,
 * CJK fonts for its pages in Japanese, and libxml2-utils' xmllint, which validates the feeds and
 * sitemaps against their schemas (issue 19).
 */
const SYSTEM_PACKAGES = [
  { file: CHROMIUM, name: 'chromium', forBrowserOnly: true },
  // Chinese, Japanese and Korean letters for the languages spec (issue 22): without them the
  // browser draws empty boxes, and widths (overflow) and screenshots are not what readers get.
  {
    file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    name: 'fonts-noto-cjk',
    forBrowserOnly: true,
  },
  { file: '/usr/bin/xmllint', name: 'libxml2-utils', forBrowserOnly: false },
  // The W3C HTML checker (npm vnu-jar) runs on Java, in the unit tests (issue 23, decision 071).
  { file: '/usr/bin/java', name: 'default-jre-headless', forBrowserOnly: false },
];

function ensureSystemPackages({ withBrowser }) {
  const missing = SYSTEM_PACKAGES.filter(
    ({ file, forBrowserOnly }) => (withBrowser || !forBrowserOnly) && !existsSync(file),
  ).map(({ name }) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing Debian packages: ${missing.join(', ')}. Install them and run again:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} for the tests (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', ...missing], { env }) !== 0
  ) {
    console.error(
      `apt-get could not install ${missing.join(', ')}; install by hand and run again.`,
    );
    process.exit(1);
  }
}

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // A file that failed to load counts as a failure even when it reported no test.
  const brokenFiles = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
  };
}

/**
 * What a test file that talks to the test database (or Redis) names: the helpers of
 * src/server/testing/ that open or choose them (setUpTestApp, openTestDatabase, ...), a database
 * it opens itself (openDatabase) or the variables that point the run at PostgreSQL and Redis.
 */
const DATABASE_MARKERS =
  /\b(setUpTestApp|buildTestApp|openTestDatabase|testDatabaseUrl|testRedisUrl|openDatabase|TEST_DATABASE_URL|TEST_REDIS_URL)\b/;

/**
 * The test files of src/server that touch the database: the PostgreSQL pass runs these again; the
 * others (pure units: parsing, cookies, byte ranges, ...) do the same on either database and ran
 * in `npm test` already (decision 043).
 */
function databaseTestFiles() {
  return readdirSync(path.join(root, 'src/server'), { recursive: true })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join('src/server', file))
    .filter((file) => !SAME_ON_EITHER_DATABASE.includes(file))
    .filter((file) => DATABASE_MARKERS.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

/**
 * Test files that use a database only to have pages to look at, and check what does not depend
 * on which one: the W3C checker's verdict on the server's HTML (a minute of Java). They run once,
 * in `npm test`.
 */
const SAME_ON_EITHER_DATABASE = ['src/server/html-validity.server.test.ts'];

/**
 * Test files that measure wall-clock time (the seed's "2000 posts within 60 s"): they run after
 * the others, alone, so that a second worker never halves their share of the machine
 * (decision 043).
 */
const SOLO_FILES = ['src/server/seed/seed.server.test.ts'];

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 };
}

mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0 };
const add = (counts) => {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
};

const isDbOnly = args.has('--db-only');
const isE2eOnly = args.has('--e2e-only');

ensureSystemPackages({ withBrowser: !isDbOnly });
if (args.has('--no-build') && !existsSync(path.join(root, 'build/main.js'))) {
  console.error('--no-build: there is no build (build/main.js); run `npm run build` first.');
  process.exit(1);
}
if (!args.has('--no-build') && run('npm', ['run', 'build', '--silent']) !== 0) {
  console.error('The build failed.');
  process.exit(1);
}

if (!isE2eOnly) {
  const name = isDbOnly ? 'vitest-db' : 'vitest';
  const dbFiles = isDbOnly ? databaseTestFiles() : [];
  if (isDbOnly) console.log(`${dbFiles.length} test files of src/server use the database.`);
  const solo = isDbOnly ? SOLO_FILES.filter((file) => dbFiles.includes(file)) : SOLO_FILES;
  const runs = [
    {
      report: path.join(resultsDir, `${name}.json`),
      files: dbFiles.filter((file) => !solo.includes(file)),
      options: solo.flatMap((file) => ['--exclude', file]),
    },
    ...(solo.length > 0
      ? [
          {
            report: path.join(resultsDir, `${name}-solo.json`),
            files: solo,
            options: ['--maxWorkers=1'],
          },
        ]
      : []),
  ];
  for (const { report, files, options } of runs) {
    rmSync(report, { force: true });
    run('npx', [
      'vitest',
      'run',
      ...files,
      ...options,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ]);
    add(vitestCounts(report));
  }
}

if (!isDbOnly) {
  const playwrightReport = path.join(resultsDir, 'playwright.json');
  rmSync(playwrightReport, { force: true });
  rmSync(path.join(root, '.e2e-data'), { recursive: true, force: true });
  run('npx', ['playwright', 'test', '--reporter=list,json'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  });
  add(playwrightCounts(playwrightReport));
}

writeFileSync(
  path.join(resultsDir, isDbOnly ? 'summary-db.json' : 'summary.json'),
  JSON.stringify(totals),
);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
