/**
 * `node scripts/run-ts.mjs bench/import-queries.ts [wordpress|ghost] [FILE]`: imports an export
 * into an empty site of a fresh PGlite database (as `import-store.ts`) and counts the SQL
 * statements the job sends, by statement (drizzle's logger sees each one; transactions' BEGIN and
 * COMMIT are counted apart). Decision 057 ("Import speed") holds the figures.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NoopLogger } from 'drizzle-orm/logger';
import { SiteGenerations } from '../src/server/cache/generations.server';
import { openDatabase } from '../src/server/db/connection.server';
import { members, sites } from '../src/server/db/schema.server';
import { readGhostExport } from '../src/server/import/ghost/read-ghost-export.server';
import { importRecords } from '../src/server/import/job/import-records.server';
import type { ImportRecord } from '../src/server/import/records';
import { readWxr } from '../src/server/import/wordpress/read-wxr';

const FIXTURES = path.resolve(import.meta.dirname, '../tests/fixtures/import');

function recordsOf(source: 'wordpress' | 'ghost', file: string): AsyncIterable<ImportRecord> {
  return source === 'wordpress'
    ? readWxr(createReadStream(file, { highWaterMark: 64 * 1024 }))
    : readGhostExport(file, { siteUrl: 'https://old.example' });
}

const counts = new Map<string, number>();
/** Milliseconds from each statement to the next one sent: its run time, and the JS after it. */
const spent = new Map<string, number>();
let counting = false;
let last: { key: string; at: number } | null = null;
const count = (key: string) => {
  if (!counting) return;
  const now = performance.now();
  if (last) spent.set(last.key, (spent.get(last.key) ?? 0) + now - last.at);
  last = { key, at: now };
  counts.set(key, (counts.get(key) ?? 0) + 1);
};
(NoopLogger.prototype as unknown as { logQuery(query: string): void }).logQuery = (query) => {
  count(
    query
      .replace(/\$\d+/g, '?')
      .replace(/(, \?)+/g, ', ?…')
      .slice(0, 140),
  );
};
/** Milliseconds inside the database engine (PGlite's WebAssembly), by the statement it ran. */
const engine = new Map<string, number>();
const proto = PGlite.prototype as unknown as { execProtocolRawSync(m: Uint8Array): unknown };
const execSync = proto.execProtocolRawSync;
proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
  const started = performance.now();
  try {
    return execSync.call(this, message);
  } finally {
    if (counting && last) {
      engine.set(last.key, (engine.get(last.key) ?? 0) + performance.now() - started);
    }
  }
};
const transaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function (this: PGlite, ...args) {
  count('(transaction: BEGIN … COMMIT)');
  return transaction.apply(this, args) as never;
} as typeof transaction;

async function main(): Promise<void> {
  const source = process.argv[2] === 'ghost' ? 'ghost' : 'wordpress';
  const file =
    process.argv[3] ??
    path.join(FIXTURES, source === 'ghost' ? 'ghost-export.json' : 'wordpress-export.xml');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-import-queries-'));
  const handle = await openDatabase({ dataDir });
  try {
    const siteId = randomUUID();
    await handle.db.insert(sites).values({ id: siteId, host: 'import-bench.test', name: 'Bench' });
    await handle.db
      .insert(members)
      .values({ siteId, id: randomUUID(), slug: 'owner', name: 'Owner', role: 'owner' });
    counting = true;
    const started = performance.now();
    const report = await importRecords(
      recordsOf(source, file),
      { site: { id: siteId, language: 'en' }, source, dryRun: false },
      { db: handle.db, generations: new SiteGenerations() },
    );
    const seconds = (performance.now() - started) / 1000;
    counting = false;
    const posts = report.counts.post.created;
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    console.log(
      `${path.basename(file)}: ${posts} posts, ${report.counts.comment.created} comments`,
    );
    console.log(
      `${seconds.toFixed(1)} s, ${total} statements, ${(total / posts).toFixed(1)} per post`,
    );
    console.log('count  until next  in engine  statement (BEGIN, COMMIT: in the one before)');
    for (const [query, n] of [...counts].sort((a, b) => b[1] - a[1])) {
      const ms = spent.get(query) ?? 0;
      const inEngine = engine.get(query) ?? 0;
      console.log(
        `${String(n).padStart(6)} ${(ms / 1000).toFixed(1).padStart(6)} s ${(inEngine / 1000).toFixed(1).padStart(6)} s  ${query}`,
      );
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
