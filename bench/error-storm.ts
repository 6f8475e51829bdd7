/**
 * What error monitoring costs under a storm (issue 18; decision 042), measured apart from the
 * main bench (`node scripts/run-ts.mjs bench/error-storm.ts [--database-url postgres://...]`):
 *
 * - the page's reporter: µs per `reportError` call for a storm of one error and of distinct
 *   errors, and what it sends (requests, reports);
 * - the server's recorder: µs per recorded occurrence, heap it retains (run with --expose-gc), and the flush's time and rows
 *   for 100,000 occurrences of one error, then of 100,000 distinct errors (bounded buffer: drops).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/connection.server';
import { createErrorRecorder } from '../src/server/services/error-monitor/recorder.server';
import { createStackMapper } from '../src/server/services/error-monitor/stack-mapper.server';
import { createTestSite } from '../src/server/test-sites.server';
import { flushErrors, reportError, resetReporterForTests } from '../src/widget/error-reporter';

const N = 100_000;
const urlArg = process.argv.indexOf('--database-url');
const databaseUrl = urlArg > 0 ? process.argv[urlArg + 1] : undefined;

function errorAt(message: string, line: number): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at f (https://blog.test/assets/a-12345678.js:${line}:10)\n    at g (https://blog.test/assets/b-12345678.js:1:99)`;
  return error;
}

function microseconds(start: bigint, count: number): string {
  return (Number(process.hrtime.bigint() - start) / 1000 / count).toFixed(2);
}

// ---- the page's reporter ----
(globalThis as { location?: unknown }).location = { href: 'https://blog.test/blog/post' };
for (const [name, make] of [
  ['one error', () => errorAt('Storm', 1)],
  ['distinct errors', (i: number) => errorAt(`Storm ${i} ${'x'.repeat(i % 7)}`, i)],
] as const) {
  let requests = 0;
  let reports = 0;
  resetReporterForTests((body) => {
    requests += 1;
    reports += (JSON.parse(body) as { reports: unknown[] }).reports.length;
  });
  const errors = Array.from({ length: N }, (_, i) => make(i));
  const start = process.hrtime.bigint();
  for (const error of errors) reportError('error', error);
  const perCall = microseconds(start, N);
  flushErrors();
  console.log(
    `reporter, ${N} × ${name}: ${perCall} µs per call; sent ${reports} reports in ${requests} requests`,
  );
}
resetReporterForTests(() => {});

// ---- the server's recorder ----
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-error-storm-'));
const database = await openDatabase({ url: databaseUrl, dataDir });
const site = await createTestSite(database.db, { host: `storm-${randomUUID().slice(0, 8)}.test` });
const recorder = createErrorRecorder({
  db: database.db,
  mapper: createStackMapper(undefined),
  release: 'bench',
  flushIntervalMs: 3_600_000,
});
for (const [name, make] of [
  ['one error', () => 'Storm'],
  ['distinct errors', (i: number) => `Storm ${i.toString(36).replace(/\d/g, 'q')}`],
] as const) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i += 1) {
    const message = make(i);
    recorder.recordClient(
      site.id,
      {
        source: 'error',
        message,
        stack: `Error: ${message}\n    at f (https://blog.test/assets/a-12345678.js:1:10)`,
        url: 'https://blog.test/blog',
        count: 1,
      },
      'UA',
    );
  }
  const recorded = process.hrtime.bigint();
  const buffered = recorder.bufferedCount();
  // What the buffer retains, not the garbage the loop left.
  global.gc?.();
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const flushStart = performance.now();
  await recorder.flush();
  const flushMs = performance.now() - flushStart;
  console.log(
    `recorder, ${N} × ${name}: ${(Number(recorded - start) / 1000 / N).toFixed(2)} µs per occurrence ` +
      `(fingerprinted by the flush); ${buffered} groups buffered, heap +${heap.toFixed(1)} MB; ` +
      `flush ${flushMs.toFixed(0)} ms; dropped so far ${recorder.droppedCount()}`,
  );
}
await recorder.stop();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
