/**
 * Reads a Ghost JSON export with the importer's reader and reports how fast (records and posts per
 * second) and how much memory it took (peak RSS, sampled every 20 ms), with counts by kind and by
 * problem code. Nothing is stored: this measures the reader and the converters alone (issue 21).
 *
 *   node scripts/run-ts.mjs bench/import-read-ghost.ts [FILE] [--site-url URL]
 *
 * FILE defaults to the fixture, tests/fixtures/import/ghost-export.json.
 */
import path from 'node:path';
import { readGhostExport } from '../src/server/import/ghost/read-ghost-export.server';

const args = process.argv.slice(2);
const siteUrlAt = args.indexOf('--site-url');
const siteUrl = siteUrlAt >= 0 ? args[siteUrlAt + 1] : undefined;
const file =
  args.find((arg, i) => !arg.startsWith('--') && (siteUrlAt < 0 || i !== siteUrlAt + 1)) ??
  path.resolve(import.meta.dirname, '../tests/fixtures/import/ghost-export.json');

let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 20);

const kinds = new Map<string, number>();
const problems = new Map<string, number>();
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

const started = performance.now();
let records = 0;
for await (const record of readGhostExport(file, { siteUrl })) {
  records += 1;
  count(kinds, record.kind);
  if (record.kind === 'post') for (const problem of record.problems) count(problems, problem.code);
  if (record.kind === 'skipped') count(problems, record.problem.code);
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss());

const posts = kinds.get('post') ?? 0;
console.log(`file           ${file}`);
console.log(`records        ${records} (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})`);
console.log(`problems       ${[...problems].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
console.log(`time           ${seconds.toFixed(2)} s`);
console.log(`records/s      ${Math.round(records / seconds)}`);
console.log(`posts/s        ${Math.round(posts / seconds)}`);
console.log(`peak RSS       ${Math.round(peakRss / 1024 / 1024)} MB`);
