/**
 * `node scripts/run-ts.mjs bench/import-dashboard.ts [FILE]`: the dashboard's import and export
 * through HTTP (`app.inject`) on a fresh PGlite in a temporary folder: upload, dry run, import,
 * export and download, polling each job every TRANSFER_POLL_MS as the screen does. Prints each
 * phase's time, the posts per second, the slowest poll answer while a job ran, and the peak RSS
 * (sampled every 20 ms). Defaults to the WordPress fixture. Decision 057 "The dashboard screen".
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ExportJobView,
  type ImportJobView,
  isSettled,
  TRANSFER_POLL_MS,
} from '../src/domain/import-export';
import { buildApp } from '../src/server/app.server';
import { openDatabase } from '../src/server/db/connection.server';
import { TEST_MEMBER_HEADER } from '../src/server/http/actor.server';
import { createMember, createTestSite } from '../src/server/testing/factories.server';

const MB = 1024 * 1024;
const BOUNDARY = '----inkwell-bench';
const FILE =
  process.argv[2] ??
  path.resolve(import.meta.dirname, '../tests/fixtures/import/wordpress-export.xml');

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-import-dashboard-'));
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({
    database: handle,
    dataDir,
    logLevel: 'silent',
    withTestRoutes: true,
  });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  try {
    const site = await createTestSite(handle.db);
    const owner = await createMember(handle.db, site.id, { role: 'owner' });
    const headers = { host: site.host, [TEST_MEMBER_HEADER]: owner.id };
    let slowestPoll = 0;
    let polls = 0;
    async function until<T extends { state: 'queued' | 'running' | 'done' | 'failed' }>(
      url: string,
    ): Promise<T> {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, TRANSFER_POLL_MS));
        const asked = performance.now();
        const job = (await app.inject({ method: 'GET', url, headers })).json() as T;
        slowestPoll = Math.max(slowestPoll, performance.now() - asked);
        polls += 1;
        if (isSettled(job.state)) return job;
      }
    }
    const bytes = readFileSync(FILE);
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${path.basename(FILE)}"\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const cpu = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1e6;
    };
    let cpuAt = cpu();
    const cpuSpent: number[] = [];
    const lap = () => {
      const now = cpu();
      cpuSpent.push(now - cpuAt);
      cpuAt = now;
    };
    let started = performance.now();
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/dashboard/import/jobs',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    const uploadSeconds = (performance.now() - started) / 1000;
    const { id } = uploaded.json() as ImportJobView;
    const jobUrl = `/api/dashboard/import/jobs/${id}`;
    const dry = await until<ImportJobView>(jobUrl);
    const drySeconds = (performance.now() - started) / 1000 - uploadSeconds;
    lap();
    started = performance.now();
    await app.inject({ method: 'POST', url: `${jobUrl}/import`, headers });
    const done = await until<ImportJobView>(jobUrl);
    const importSeconds = (performance.now() - started) / 1000;
    lap();
    started = performance.now();
    const exported = await app.inject({
      method: 'POST',
      url: '/api/dashboard/export/jobs',
      headers,
      payload: { format: 'wxr' },
    });
    const exportUrl = `/api/dashboard/export/jobs/${(exported.json() as ExportJobView).id}`;
    const exportJob = await until<ExportJobView>(exportUrl);
    const download = await app.inject({ method: 'GET', url: `${exportUrl}/download`, headers });
    const exportSeconds = (performance.now() - started) / 1000;
    lap();
    const posts = done.report?.counts.post.created ?? 0;
    console.log(`file             ${path.basename(FILE)} (${(bytes.length / MB).toFixed(1)} MB)`);
    console.log(`upload           ${uploadSeconds.toFixed(1)} s (stored and sniffed)`);
    console.log(
      `dry run          ${drySeconds.toFixed(1)} s, ${dry.dryRunReport?.counts.post.created} posts would be created`,
    );
    console.log(
      `import           ${importSeconds.toFixed(1)} s, ${posts} posts (${(posts / importSeconds).toFixed(0)} posts/s), state ${done.state}`,
    );
    console.log(
      `export + dl      ${exportSeconds.toFixed(1)} s, ${exportJob.progress.posts} posts, ${(download.rawPayload.length / MB).toFixed(1)} MB`,
    );
    console.log(
      `CPU time         upload + dry run ${cpuSpent[0]!.toFixed(1)} s, import ${cpuSpent[1]!.toFixed(1)} s, export ${cpuSpent[2]!.toFixed(1)} s`,
    );
    console.log(`polls            ${polls}, slowest answer ${slowestPoll.toFixed(0)} ms`);
    console.log(`peak RSS         ${(peakRss / MB).toFixed(0)} MB (PGlite in process)`);
  } finally {
    clearInterval(sampler);
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
