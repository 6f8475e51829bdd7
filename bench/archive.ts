/**
 * The Inkwell archive's speed and memory (issue 21, decision 057 "The Inkwell archive"):
 * `node scripts/run-ts.mjs bench/archive.ts DATA_DIR` exports the default site of the PGlite
 * folder DATA_DIR to a zip, imports it into a new empty site of the same folder, and prints each
 * step's time and the process's peak RSS during it (sampled every 20 ms). Seed the folder first
 * (`DATA_DIR=… npm run seed -- --posts N`); the new site is deleted again at the end.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { SiteGenerations } from '../src/server/cache/generations.server';
import { openDatabase } from '../src/server/db/connection.server';
import { media, sites } from '../src/server/db/schema.server';
import { writeInkwellArchive } from '../src/server/export/archive/write-archive.server';
import { importInkwellArchive } from '../src/server/import/archive/import-archive.server';
import { findDefaultSite } from '../src/server/services/sites.server';

const dataDir = path.resolve(process.argv[2] ?? './data');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Runs `work`, returning its result, its time and the peak RSS seen meanwhile. */
async function measured<T>(work: () => Promise<T>) {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, seconds: (performance.now() - started) / 1000, peak };
  } finally {
    clearInterval(sampler);
  }
}

const opened = await measured(() => openDatabase({ dataDir }));
const { db } = opened.result;
console.log(`PGlite opened in ${opened.seconds.toFixed(1)} s, RSS ${mb(opened.peak)}`);
const siteId = await findDefaultSite(db);
if (!siteId) throw new Error(`No default site in ${dataDir}: seed it first.`);
const file = path.join(os.tmpdir(), `inkwell-archive-${randomUUID()}.zip`);
const exported = await measured(async () => {
  const out = createWriteStream(file);
  const summary = await writeInkwellArchive(db, siteId, out, { dataDir });
  await finished(out);
  return summary;
});
const { counts } = exported.result;
console.log(
  `export: ${counts.posts} posts, ${counts.comments} comments, ${counts.mediaFiles} media files, ` +
    `${mb((await stat(file)).size)} zip in ${exported.seconds.toFixed(1)} s ` +
    `(${(counts.posts / exported.seconds).toFixed(0)} posts/s), peak RSS ${mb(exported.peak)}`,
);
const targetId = randomUUID();
await db.insert(sites).values({ id: targetId, host: `bench-${targetId}.test`, name: 'Bench' });
const imported = await measured(() =>
  importInkwellArchive(
    file,
    { siteId: targetId },
    { db, generations: new SiteGenerations(), dataDir },
  ),
);
console.log(
  `import: ${imported.result.counts.posts.created} posts in ${imported.seconds.toFixed(1)} s ` +
    `(${(imported.result.counts.posts.created / imported.seconds).toFixed(0)} posts/s), ` +
    `peak RSS ${mb(imported.peak)}`,
);
// `media` has no foreign key to its site: its rows go first, the rest cascades with the site.
await db.delete(media).where(eq(media.siteId, targetId));
await db.delete(sites).where(eq(sites.id, targetId));
await rm(path.join(dataDir, 'media', targetId), { recursive: true, force: true });
await rm(file, { force: true });
await opened.result.close();
