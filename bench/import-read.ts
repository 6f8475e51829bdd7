/**
 * `node scripts/run-ts.mjs bench/import-read.ts [FILE]`: reads a WordPress export with `readWxr`
 * (no database: the reader and the content converter only) and prints records per second, posts
 * per second and the peak RSS, sampled every 20 ms and at each post. Defaults to the issue 21
 * fixture. Decision 057 holds the figures; the reader's memory must not grow with the file.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { readWxr } from '../src/server/import/wordpress/read-wxr';

const RSS_SAMPLE_MS = 20;
const MB = 1024 * 1024;

async function main(): Promise<void> {
  const file =
    process.argv[2] ??
    path.resolve(import.meta.dirname, '../tests/fixtures/import/wordpress-export.xml');
  const rssAtStart = process.memoryUsage().rss;
  let peakRss = rssAtStart;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  const counts = new Map<string, number>();
  let problems = 0;
  const started = performance.now();
  for await (const record of readWxr(createReadStream(file, { highWaterMark: 64 * 1024 }))) {
    counts.set(record.kind, (counts.get(record.kind) ?? 0) + 1);
    if (record.kind === 'post') {
      problems += record.problems.length;
      sample();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  sample();
  const records = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const posts = counts.get('post') ?? 0;
  console.log(`file            ${path.basename(file)}`);
  console.log(
    `records         ${records} (${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')})`,
  );
  console.log(`post problems   ${problems}`);
  console.log(`time            ${seconds.toFixed(2)} s`);
  console.log(`records/s       ${Math.round(records / seconds)}`);
  console.log(`posts/s         ${Math.round(posts / seconds)}`);
  console.log(`RSS at start    ${(rssAtStart / MB).toFixed(0)} MB`);
  console.log(`peak RSS        ${(peakRss / MB).toFixed(0)} MB`);
}

await main();
