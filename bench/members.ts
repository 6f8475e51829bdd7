/**
 * The `members` group (issue 18 § Members and contributors: "paged fast at 100,000 members"):
 * grows the seeded blog to `members` members in bulk (`generate_series`, never one statement per
 * row) with a spread of roles, blocked members, names and join dates, then measures the
 * dashboard's members list as an owner asks for it: each sort, a deep keyset page, each filter,
 * a search, and the audit log. Prints the plans (EXPLAIN) of the list's queries: each page is one
 * range of an index, never a sort of the table.
 *
 * Same measuring as the `dashboard` group (dashboard.ts `runScenario`): single requests for the
 * latency, then autocannon for req/s.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/connection.server';
import { findDefaultSite } from '../src/server/services/sites.server';
import { DASHBOARD_TARGET, type DashboardRun, runScenario } from './dashboard';
import type { Check } from './report';

/** The `--only` name of this group. */
export const MEMBERS_GROUP = 'members';

/** Members the site is grown to. */
export const MEMBERS_SCALE = 100_000;

/** What the growing did. */
export interface MembersData {
  siteId: string;
  members: number;
  byRole: Record<string, number>;
  blocked: number;
  /** The owner the scenarios ask as. */
  ownerId: string;
  /** EXPLAIN of the list's queries, by name. */
  plans: Record<string, string[]>;
  seconds: number;
}

export interface MembersResults {
  data: MembersData;
  runs: DashboardRun[];
  samples: number;
  durationS: number;
  connections: number;
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const BATCH = 50_000;

/**
 * Adds `bench-people-` members until the site has `target` members: 93% readers, 3% open blog
 * writers, 2% guest writers, 1.5% writers, 0.5% editors; 1 in 200 blocked; names from a list of
 * first and last names (many alike, as real names are); joined over five years.
 */
async function growPeople(db: Db, siteId: string, target: number): Promise<void> {
  const [have] = await rows<{ n: string }>(
    db,
    sql`select count(*) as n from members where site_id = ${siteId}`,
  );
  const missing = target - Number(have?.n ?? 0);
  for (let from = 1; from <= missing; from += BATCH) {
    const to = Math.min(missing, from + BATCH - 1);
    await db.execute(sql`
      insert into members (site_id, id, slug, name, email, role, is_blocked, post_count,
        comment_count, created_at, updated_at)
      select ${siteId}, gen_random_uuid(), 'bench-people-' || g,
        (array['Ada','Ben','Chloé','Dev','Eun-ji','Farah','Goran','Hugo','Ines','Jonas','Kofi','Lena',
               'Mateo','Nadia','Omar','Priya','Quinn','Rosa','Sven','Tariq'])[1 + g % 20] || ' ' ||
        (array['Abbott','Bauer','Castillo','Dubois','Eriksen','Fujita','Garcia','Haddad','Ivanova',
               'Jensen','Kowalski','Larsen','Moreau','Nakamura','Okafor','Petrov','Rossi','Silva',
               'Tanaka','Novak','Weber','Yilmaz','Zhou'])[1 + (g / 20) % 23] || ' ' || g,
        'bench-people-' || g || '@example.com',
        case when g % 200 = 0 then 'editor'
             when g % 200 < 4 then 'writer'
             when g % 100 < 4 then 'guest-writer'
             when g % 100 < 7 then 'open-blog-writer'
             else 'user' end,
        g % 200 = 7,
        case when g % 100 < 7 then g % 40 else 0 end, g % 23,
        now() - ((g::bigint * 7919) % (5 * 365 * 24 * 60)) * interval '1 minute',
        now() - ((g::bigint * 7919) % (5 * 365 * 24 * 60)) * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) g`);
  }
}

/** EXPLAIN lines of `query`. */
async function explain(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  const result = await rows<Record<string, string>>(db, sql`explain ${query}`);
  return result.map((row) => Object.values(row)[0]!);
}

/** Grows the seeded site to `target` members and reads the list queries' plans. */
export async function growMembersData(options: {
  dataDir: string;
  databaseUrl?: string;
  target: number;
  log: (message: string) => void;
}): Promise<MembersData> {
  const started = performance.now();
  const handle = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir });
  try {
    const { db } = handle;
    const siteId = await findDefaultSite(db);
    if (!siteId) throw new Error('No seeded site to grow: did the seed run?');
    await growPeople(db, siteId, options.target);
    await db.execute(sql`vacuum analyze members`);
    const [owner] = await rows<{ id: string }>(
      db,
      sql`select id from members where site_id = ${siteId} and role = 'owner' order by created_at limit 1`,
    );
    if (!owner) throw new Error('The seeded site has no owner');
    const counts = await rows<{ role: string; n: string }>(
      db,
      sql`select role, count(*) as n from members where site_id = ${siteId} group by role`,
    );
    const [blocked] = await rows<{ n: string }>(
      db,
      sql`select count(*) as n from members where site_id = ${siteId} and is_blocked`,
    );
    const columns = sql.raw(
      'id, slug, name, email, image, role, is_blocked, post_count, comment_count, created_at',
    );
    const plans: Record<string, string[]> = {
      'joined, first page': await explain(
        db,
        sql`select ${columns} from members where site_id = ${siteId}
            order by created_at desc, id desc limit 51`,
      ),
      'joined, after a cursor': await explain(
        db,
        sql`select ${columns} from members where site_id = ${siteId}
            and (created_at, id) < (now() - interval '2 years', '00000000-0000-0000-0000-000000000000'::uuid)
            order by created_at desc, id desc limit 51`,
      ),
      'name, after a cursor': await explain(
        db,
        sql`select ${columns} from members where site_id = ${siteId}
            and (name, id) > ('Mateo', '00000000-0000-0000-0000-000000000000'::uuid)
            order by name asc, id asc limit 51`,
      ),
      'role editor': await explain(
        db,
        sql`select ${columns} from members where site_id = ${siteId} and role = 'editor'
            order by created_at desc, id desc limit 51`,
      ),
      blocked: await explain(
        db,
        sql`select ${columns} from members where site_id = ${siteId} and is_blocked = true
            order by created_at desc, id desc limit 51`,
      ),
      'search "okafor"': await explain(
        db,
        sql`select ${columns} from members where site_id = ${siteId}
            and to_tsvector('simple', name || ' ' || translate(coalesce(email, ''), '@.-_+', '     '))
                @@ to_tsquery('simple', 'okafor:*')
            order by created_at desc, id desc limit 51`,
      ),
      'search, no match': await explain(
        db,
        sql`select ${columns} from members where site_id = ${siteId}
            and to_tsvector('simple', name || ' ' || translate(coalesce(email, ''), '@.-_+', '     '))
                @@ to_tsquery('simple', 'nobody & has & this:*')
            order by created_at desc, id desc limit 51`,
      ),
      'audit log': await explain(
        db,
        sql`select * from audit_events where site_id = ${siteId}
            order by created_at desc, id desc limit 51`,
      ),
    };
    const byRole = Object.fromEntries(counts.map((c) => [c.role, Number(c.n)]));
    return {
      siteId,
      members: Object.values(byRole).reduce((a, b) => a + b, 0),
      byRole,
      blocked: Number(blocked?.n ?? 0),
      ownerId: owner.id,
      plans,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await handle.close();
  }
}

/** Runs the members list's scenarios as the owner. */
export async function runMembersGroup(
  baseUrl: string,
  data: MembersData,
  options: { samples: number; durationS: number; connections: number },
  onRun: (run: DashboardRun) => void,
): Promise<MembersResults> {
  const api = '/api/dashboard/members';
  const scenarios = [
    { name: 'floor: /healthz', candidates: ['/healthz'], isFloor: true },
    { name: 'members newest', candidates: [api] },
    { name: 'members newest, page 20', candidates: [api], followCursor: 19 },
    { name: 'members by name', candidates: [`${api}?sort=name`] },
    { name: 'members by name, page 20', candidates: [`${api}?sort=name`], followCursor: 19 },
    { name: 'members role editor', candidates: [`${api}?role=editor`] },
    { name: 'members role writer by name', candidates: [`${api}?role=writer&sort=name`] },
    { name: 'members blocked', candidates: [`${api}?status=blocked`] },
    { name: 'members search "okafor"', candidates: [`${api}?q=okafor`] },
    { name: 'members search, no match', candidates: [`${api}?q=nobody-has-this`] },
    { name: 'page /dashboard/members', candidates: ['/dashboard/members'] },
    { name: 'audit log', candidates: ['/api/dashboard/audit'] },
  ];
  const runs: DashboardRun[] = [];
  for (const scenario of scenarios) {
    const run = await runScenario(
      baseUrl,
      { ...scenario, as: 'editor' as const },
      data.ownerId,
      options,
    );
    const asOwner = { ...run, as: 'owner' };
    onRun(asOwner);
    runs.push(asOwner);
  }
  return { data, runs, ...options };
}

const passes = (run: DashboardRun) =>
  run.latencyMs !== null && run.failed === 0 && run.latencyMs.p95 < DASHBOARD_TARGET.p95Ms;

/** The checks the summary line counts: one per list (the floor has none). */
export function membersChecks(results: MembersResults | null | undefined): Check[] {
  if (!results) return [];
  return results.runs
    .filter((run) => !run.isFloor)
    .map((run) => ({
      name: `members ${run.name} p95`,
      value: run.latencyMs?.p95 ?? null,
      unit: 'ms',
      target: `< ${DASHBOARD_TARGET.p95Ms} ms`,
      pass: passes(run),
    }));
}

/** The group's table and plans, printed under the main table. */
export function renderMembersTable(results: MembersResults): string {
  const { data } = results;
  const roles = Object.entries(data.byRole)
    .map(([role, n]) => `${role} ${n.toLocaleString('en-US')}`)
    .join(', ');
  const lines = [
    `Members list: ${data.members.toLocaleString('en-US')} members (${roles}; ` +
      `${data.blocked.toLocaleString('en-US')} blocked), grown in ${data.seconds.toFixed(0)} s`,
    `${results.samples} single requests each for median/p95/max; req/s from ${results.durationS} s ` +
      `at ${results.connections} connections; client time on 127.0.0.1 unless Server-Timing`,
    '',
  ];
  const header = ['Members list', 'Rows', 'median', 'p95', 'max', 'req/s', 'Failed', 'Result'];
  const body = results.runs.map((run) => [
    run.name,
    run.rows === null ? '-' : String(run.rows),
    run.latencyMs ? `${run.latencyMs.median} ms` : '-',
    run.latencyMs ? `${run.latencyMs.p95} ms` : '-',
    run.latencyMs ? `${run.latencyMs.max} ms` : '-',
    run.requestsPerSecond === null ? '-' : String(Math.round(run.requestsPerSecond)),
    String(run.failed),
    run.isFloor ? '(floor)' : run.latencyMs === null ? 'MISSING' : passes(run) ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const format = (row: string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  lines.push(format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(format));
  lines.push('', `Target: p95 < ${DASHBOARD_TARGET.p95Ms} ms.`);
  for (const run of results.runs.filter((r) => r.missing)) {
    lines.push(`  MISSING ${run.name}: ${run.missing}`);
  }
  lines.push('', 'Plans (EXPLAIN):');
  for (const [name, plan] of Object.entries(data.plans)) {
    lines.push(`  ${name}:`, ...plan.map((line) => `    ${line}`));
  }
  return lines.join('\n');
}
