// CI's last words (`.ci/run`): what failed, by name, then one line `N passed, N failed` covering
// every suite it ran. Only the end of CI's output is kept for whoever reads a failed run, so the
// names of the failed tests and steps are printed here, right above the totals, rather than
// somewhere in thousands of lines of test output.
//
//   node scripts/ci-summary.mjs [failed-step ...]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve(import.meta.dirname, '..', 'test-results');
const readJson = (name) => {
  const file = path.join(resultsDir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

/** `file › test` for every failed Vitest test, and every file that failed to load. */
function vitestFailures(report) {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const name = path.relative(path.dirname(resultsDir), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${name} › ${test.fullName}`);
    if (file.status === 'failed' && failed.length === 0) {
      failures.push(`${name} (did not run: ${(file.message ?? '').split('\n')[0]})`);
    }
  }
  return failures;
}

/**
 * `project › file › title` for every Playwright test whose outcome was `status` ('unexpected':
 * failed every try; 'flaky': failed, then passed on its retry).
 */
function playwrightTests(report, status) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue;
        const error =
          test.results?.find((result) => result.error)?.error?.message?.split('\n')[0] ?? '';
        failures.push(
          `${test.projectName} › ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}` +
            (error ? `\n      ${error.slice(0, 300)}` : ''),
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return failures;
}

/**
 * Where the time went, for the next attempt at CI's 30 minutes: the browser spec files by the
 * summed time of their tests (every project and try; two workers run at once) and the slowest
 * Vitest files.
 */
function slowest() {
  const specs = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const key = `${file} (${test.projectName})`;
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        specs.set(key, (specs.get(key) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of readJson('playwright.json')?.suites ?? []) walk(suite, suite.file);
  const files = ['vitest.json', 'vitest-db.json'].flatMap((name) =>
    (readJson(name)?.testResults ?? []).map((file) => [
      `[${name.replace('.json', '')}] ${path.relative(path.dirname(resultsDir), file.name)}`,
      (file.endTime ?? 0) - (file.startTime ?? 0),
    ]),
  );
  const top = (entries, count) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `  ${String(Math.round(ms / 1000)).padStart(5)} s  ${name}`);
  const browserTotal = [...specs.values()].reduce((sum, ms) => sum + ms, 0);
  if (specs.size > 0) {
    console.log(
      `\nSlowest browser spec files (of ${Math.round(browserTotal / 1000)} s of test time):`,
    );
    console.log(top(specs, 16).join('\n'));
  }
  if (files.length > 0) console.log(`\nSlowest Vitest files:\n${top(files, 8).join('\n')}`);
}

const failedSteps = process.argv.slice(2);
const failures = [
  ...['vitest.json', 'vitest-solo.json', 'vitest-db.json', 'vitest-db-solo.json'].flatMap((name) =>
    vitestFailures(readJson(name)).map((line) => `[${name.replace('.json', '')}] ${line}`),
  ),
  ...playwrightTests(readJson('playwright.json'), 'unexpected').map(
    (line) => `[playwright] ${line}`,
  ),
];

let passed = 0;
let failed = 0;
for (const name of ['summary.json', 'summary-db.json', 'summary-pgrestart.json']) {
  const summary = readJson(name);
  if (!summary) {
    failed += 1;
    failures.push(`${name} is missing: that step did not finish`);
    continue;
  }
  passed += summary.passed;
  failed += summary.failed;
}
// A step that failed without a failed test (lint, type check, install) still fails the run.
if (failedSteps.length > 0 && failed === 0) failed = 1;

slowest();
const flaky = playwrightTests(readJson('playwright.json'), 'flaky');
if (flaky.length > 0) {
  console.log(
    `\nFlaky (failed, then passed on retry):\n${flaky.map((line) => `  ${line}`).join('\n')}`,
  );
}
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
if (failures.length > 0)
  console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
