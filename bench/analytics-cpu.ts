/**
 * CPU cost (not wall time) of the analytics reads (decision 041): the PostgreSQL backend's
 * utime+stime (from /proc, so the database must run on this machine) and this process's CPU per
 * call of the service, on one connection, so that the figure does not grow with the machine's
 * other load as wall times do. Run after `npm run bench -- --only analytics --database-url <url>`:
 *
 *   node --import tsx bench/analytics-cpu.ts postgres://postgres@127.0.0.1:5432/inkwell_bench
 */
import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Actor } from '../src/domain/permissions';
import type { SiteView } from '../src/domain/views';
import { createDashboardAnalytics } from '../src/server/services/dashboard-analytics.server';

const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
const db = drizzle(client) as unknown as Parameters<typeof createDashboardAnalytics>[0]['db'];
const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
const ticks = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // clock ticks (100/s) → ms
};
const site = (await client.query('select id, time_zone from sites limit 1')).rows[0];
const owner = (
  await client.query(`select id from members where site_id = $1 and role = 'owner' limit 1`, [
    site.id,
  ])
).rows[0].id;
const service = createDashboardAnalytics({ db });
const actor = { memberId: owner, role: 'owner', isBlocked: false } as unknown as Actor;
const view = {
  id: site.id,
  timeZone: site.time_zone,
  language: 'en',
  blogBase: '/blog',
  categoryPath: 'category',
} as SiteView;
const N = 40;
for (const range of ['7d', '30d', '90d', '12m'] as const) {
  for (let i = 0; i < 5; i++) await service.site(actor, view, { range });
  const pg0 = ticks();
  const node0 = process.cpuUsage();
  const wall: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await service.site(actor, view, { range });
    wall.push(performance.now() - t);
  }
  const used = process.cpuUsage(node0);
  const nodeMs = (used.user + used.system) / 1000 / N;
  const pgMs = (ticks() - pg0) / N;
  wall.sort((a, b) => a - b);
  console.log(
    `${range}: PostgreSQL CPU ${pgMs.toFixed(1)} ms + Node CPU ${nodeMs.toFixed(1)} ms per request; wall median ${wall[N / 2]!.toFixed(1)} ms, p95 ${wall[Math.ceil(N * 0.95) - 1]!.toFixed(1)} ms`,
  );
}
await client.end();
