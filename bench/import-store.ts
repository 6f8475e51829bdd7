/**
 * `node scripts/run-ts.mjs bench/import-store.ts [wordpress|ghost] [FILE] [--media fetch|off]`:
 * imports an export
 * into an empty site of a fresh PGlite database in a temporary folder (readers and the storing
 * job, `importRecords`: each post its own transaction) and prints posts per second and the peak
 * RSS, sampled every 20 ms and at each post. Defaults to the issue 21 fixtures. Decision 057
 * ("Storing") holds the figures; the issue's target is a 1,000-post file in under 30 s on PGlite.
 * `--media fetch` runs the media step as the command line does by default (fetching from the web;
 * the fixtures' images are unreachable here, decision 057 "Media"); `off` (default) skips it.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SiteGenerations } from '../src/server/cache/generations.server';
import { openDatabase } from '../src/server/db/connection.server';
import { members, sites } from '../src/server/db/schema.server';
import { readGhostExport } from '../src/server/import/ghost/read-ghost-export.server';
import { importRecords } from '../src/server/import/job/import-records.server';
import { ImportMedia } from '../src/server/import/media/import-media.server';
import type { ImportRecord } from '../src/server/import/records';
import { readWxr } from '../src/server/import/wordpress/read-wxr';

const RSS_SAMPLE_MS = 20;
const MB = 1024 * 1024;
const FIXTURES = path.resolve(import.meta.dirname, '../tests/fixtures/import');

function recordsOf(source: 'wordpress' | 'ghost', file: string): AsyncIterable<ImportRecord> {
  return source === 'wordpress'
    ? readWxr(createReadStream(file, { highWaterMark: 64 * 1024 }))
    : readGhostExport(file, { siteUrl: 'https://old.example' });
}

/** Wall time spent in the media step (`bringIn`), summed over the posts. */
let mediaStepMs = 0;
const bringIn = ImportMedia.prototype.bringIn;
ImportMedia.prototype.bringIn = async function timed(this: ImportMedia, ...args) {
  const started = performance.now();
  try {
    return await bringIn.apply(this, args);
  } finally {
    mediaStepMs += performance.now() - started;
  }
};

async function main(): Promise<void> {
  const mediaAt = process.argv.indexOf('--media');
  const isFetching = mediaAt > 0 && process.argv[mediaAt + 1] === 'fetch';
  const args = process.argv
    .slice(2)
    .filter((_, i) => mediaAt < 0 || (i !== mediaAt - 2 && i !== mediaAt - 1));
  const source = args[0] === 'ghost' ? 'ghost' : 'wordpress';
  const file =
    args[1] ??
    path.join(FIXTURES, source === 'ghost' ? 'ghost-export.json' : 'wordpress-export.xml');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-import-bench-'));
  const rssBeforeDatabase = process.memoryUsage().rss;
  const handle = await openDatabase({ dataDir });
  try {
    const siteId = randomUUID();
    await handle.db.insert(sites).values({ id: siteId, host: 'import-bench.test', name: 'Bench' });
    await handle.db
      .insert(members)
      .values({ siteId, id: randomUUID(), slug: 'owner', name: 'Owner', role: 'owner' });
    const rssAtStart = process.memoryUsage().rss;
    let peakRss = rssAtStart;
    const sample = () => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    };
    const timer = setInterval(sample, RSS_SAMPLE_MS);
    const started = performance.now();
    const report = await importRecords(
      recordsOf(source, file),
      {
        site: { id: siteId, language: 'en' },
        source,
        dryRun: false,
        onRecord: sample,
        ...(isFetching && { media: { fetch: true } }),
      },
      { db: handle.db, generations: new SiteGenerations(), dataDir },
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    sample();
    const posts = report.counts.post.created;
    console.log(`file            ${path.basename(file)} (${source}, PGlite)`);
    console.log(`posts stored    ${posts} (${report.counts.post.failed} failed)`);
    console.log(`comments        ${report.counts.comment.created}`);
    const { fetched, fromFolder, existing, missing } = report.media;
    console.log(
      `images          ${isFetching ? 'fetching' : 'media step off'}: ${fetched} fetched, ${fromFolder} from folder, ${existing} there, ${missing} missing`,
    );
    console.log(`time            ${seconds.toFixed(1)} s`);
    console.log(`media step      ${(mediaStepMs / 1000).toFixed(2)} s (summed over posts)`);
    console.log(`posts/s         ${(posts / seconds).toFixed(0)}`);
    console.log(`RSS without db  ${(rssBeforeDatabase / MB).toFixed(0)} MB`);
    console.log(`RSS at start    ${(rssAtStart / MB).toFixed(0)} MB (PGlite open and migrated)`);
    console.log(`peak RSS        ${(peakRss / MB).toFixed(0)} MB`);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
