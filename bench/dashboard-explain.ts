/**
 * `node --import tsx bench/dashboard-explain.ts <data dir | postgres URL>`: EXPLAIN ANALYZE of the
 * queries behind the dashboard's lists on a blog the dashboard group grew (PGlite data directory
 * or PostgreSQL URL), and the time of each whole list call in process (no HTTP). For finding why a
 * list is slow; the bench itself measures over HTTP.
 */
import { and, count, sql } from 'drizzle-orm';
import { DashboardCommentsQuerySchema } from '../src/domain/dashboard-comments';
import { DashboardReportsQuerySchema } from '../src/domain/dashboard-reports';
import type { Actor } from '../src/domain/permissions';
import type { SiteView } from '../src/domain/views';
import { openDatabase } from '../src/server/db/connection.server';
import { posts } from '../src/server/db/schema.server';
import { listForDashboard } from '../src/server/services/comments/dashboard.server';
import {
  filterCondition,
  listPosts,
  pageQuery,
} from '../src/server/services/post-admin/list.server';
import { listTargets } from '../src/server/services/reports/dashboard.server';
import { findDefaultSite } from '../src/server/services/sites.server';

const target = process.argv[2];
if (!target) throw new Error('usage: dashboard-explain.ts <data dir | postgres URL>');
const handle = await openDatabase(
  target.startsWith('postgres') ? { url: target, dataDir: '/tmp' } : { dataDir: target },
);
const { db } = handle;
type Query = { toSQL(): { sql: string; params: unknown[] } };
const client = (
  db as unknown as {
    $client: {
      query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
    };
  }
).$client;

async function explain(name: string, query: Query) {
  const { sql: text, params } = query.toSQL();
  const result = await client.query(`explain (analyze, buffers) ${text}`, params);
  const lines = result.rows.map((r) => String(Object.values(r)[0]));
  console.log(`\n### ${name}\n${lines.join('\n')}`);
}

const siteId = (await findDefaultSite(db))!;
const one = async (q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: Record<string, string>[] }).rows[0]!;
const editor = await one(
  sql`select id from members where site_id = ${siteId} and role = 'editor' limit 1`,
);
const big = await one(
  sql`select id from categories where site_id = ${siteId} order by post_count desc limit 1`,
);
const small = await one(
  sql`select id from categories where site_id = ${siteId} and post_count > 0 order by post_count limit 1`,
);
const site = {
  id: siteId,
  language: 'en',
  languages: ['en'],
  blogBase: '/blog',
} as unknown as SiteView;
const actor = {
  memberId: editor.id,
  role: 'editor',
  isBlocked: false,
  privacy: 'PUBLIC',
} as unknown as Actor;
const deps = { db };
const scope = { kind: 'all' } as const;
const base = { status: 'published', sort: 'date', limit: 20 } as const;

const cases = {
  published: { ...base },
  'published, biggest category': { ...base, category: big.id },
  'published, smallest category': { ...base, category: small.id },
  drafts: { ...base, status: 'drafts' },
  'published by views': { ...base, sort: 'views' },
  'published q=coffee': { ...base, q: 'coffee' },
} as const;
for (const [name, query] of Object.entries(cases)) {
  // biome-ignore lint/suspicious/noExplicitAny: a probe
  await explain(`page: ${name}`, pageQuery(deps, site, scope, query as any));
}
await explain('counts by tab', {
  toSQL: () =>
    db
      .select({ tab: posts.dashboardTab, n: count() })
      .from(posts)
      .where(and(sql`${posts.siteId} = ${siteId}`))
      .groupBy(posts.dashboardTab)
      .toSQL(),
});
for (const name of [
  'published, biggest category',
  'published, smallest category',
  'published q=coffee',
] as const) {
  const limited = db
    .select({ one: sql`1` })
    .from(posts)
    // biome-ignore lint/suspicious/noExplicitAny: a probe
    .where(filterCondition(site, scope, cases[name] as any))
    .limit(10_001)
    .as('matching');
  await explain(`matching count: ${name}`, db.select({ n: count() }).from(limited));
}
console.log('\n### whole listPosts calls (in process, ms: 5 runs after 2 warm-up)');
for (const [name, query] of Object.entries(cases)) {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    // biome-ignore lint/suspicious/noExplicitAny: a probe
    await listPosts(deps, actor, site, query as any);
    if (i >= 2) times.push(Math.round((performance.now() - t) * 10) / 10);
  }
  console.log(`${name}: ${times.join(', ')}`);
}
const commenter = await one(
  sql`select id from members where site_id = ${siteId} order by comment_count desc limit 1`,
);
const topPost = await one(
  sql`select id from posts where site_id = ${siteId} and status = 'published' order by comment_count desc limit 1`,
);
const commentCases = {
  comments: {},
  'comments pending': { status: 'pending' },
  'comments of a post': { post: topPost.id },
  'comments of a member': { member: commenter.id },
} as const;
const timeIt = async (name: string, run: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await run();
    if (i >= 2) times.push(Math.round((performance.now() - t) * 10) / 10);
  }
  console.log(`${name}: ${times.join(', ')}`);
};
for (const [name, query] of Object.entries(commentCases)) {
  const parsed = DashboardCommentsQuerySchema.parse(query);
  // biome-ignore lint/suspicious/noExplicitAny: a probe
  await timeIt(name, () => listForDashboard(deps as any, actor, site, parsed));
}
const reportsQuery = DashboardReportsQuerySchema.parse({});
// biome-ignore lint/suspicious/noExplicitAny: a probe
await timeIt('reports queue', () => listTargets(deps as any, actor, site, reportsQuery));
await handle.close();
