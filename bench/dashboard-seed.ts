/**
 * The `dashboard` group's data (issue 17 "Speed"): grows the seeded demo blog to dashboard scale
 * with set-based SQL (`generate_series`), never one API call or one statement per row: extra
 * members (comment authors, reporters), posts cloned from the seed's own posts with a realistic
 * spread of statuses, owners, categories, tags, dates and counts (their listing rows and the
 * category, tag and member counters kept right), comments spread over the published posts
 * (mostly published, some held), and open reports on posts and comments.
 *
 * Runs between the seed CLI and the server's start, on the same database (PGlite data directory
 * or PostgreSQL URL), through the app's own connection code.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/connection.server';
import { findDefaultSite } from '../src/server/services/sites.server';

/** How big the dashboard's blog is made. */
export interface DashboardScale {
  /** Posts the site has in all (statuses mixed); the seed's own count is topped up to it. */
  posts: number;
  /** Comments the site has in all. */
  comments: number;
  /** Open reports added (posts and comments, each by a distinct member). */
  reports: number;
  /** Extra `user` members added (comment authors and reporters). */
  members: number;
}

/** What the growing did, for the results. */
export interface DashboardData {
  siteId: string;
  posts: number;
  postsByStatus: Record<string, number>;
  comments: number;
  commentsByStatus: Record<string, number>;
  openReports: number;
  members: number;
  categories: number;
  tags: number;
  /** Real ids the scenarios filter by and act as. */
  picks: DashboardPicks;
  seconds: number;
}

/** Ids of the grown site that the scenarios use. */
export interface DashboardPicks {
  /** The category with the most published posts, and the one with the fewest (but some). */
  categoryId: string | null;
  smallCategoryId: string | null;
  /** The post with the most comments. */
  postId: string | null;
  /** The member with the most comments. */
  commenterId: string | null;
  /** An editor (the scenarios' actor) and a writer (whose own posts the writer scenario lists). */
  editorId: string | null;
  writerId: string | null;
}

/** Rows per INSERT … SELECT generate_series batch: bounded memory on PGlite, few round trips. */
const BATCH = 50_000;

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** Rows of a raw query, whichever driver (node-postgres gives `.rows`, PGlite too). */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

/**
 * Adds members until the site has `extra` more `user` members than the seed made. Slugs and
 * emails carry a `bench-` prefix so they never meet the seed's.
 */
async function growMembers(db: Db, siteId: string, extra: number): Promise<void> {
  const have = await scalar(
    db,
    sql`select count(*) as n from members where site_id = ${siteId} and slug like 'bench-member-%'`,
  );
  for (let from = have + 1; from <= extra; from += BATCH) {
    const to = Math.min(extra, from + BATCH - 1);
    await db.execute(sql`
      insert into members (site_id, id, slug, name, email, role, created_at, updated_at)
      select ${siteId}, gen_random_uuid(), 'bench-member-' || g, 'Reader ' || g,
             'bench-member-' || g || '@example.com', 'user',
             now() - (g % 900) * interval '1 day', now() - (g % 900) * interval '1 day'
      from generate_series(${from}::int, ${to}::int) g`);
  }
}

/**
 * Clones the seed's posts until the site has `target` posts. Each clone takes a template's
 * title, texts and cover, and gets its own id, slug, status (about 70% published, 10% drafts,
 * 8% in review or moderation, 3% scheduled, 9% in the trash), owner (the members who may write),
 * category (spread unevenly: category k gets about twice as many as category k+2), two tags,
 * dates over five years and view/like counts. Listing rows follow.
 */
async function growPosts(db: Db, siteId: string, target: number): Promise<void> {
  const have = await scalar(db, sql`select count(*) as n from posts where site_id = ${siteId}`);
  if (have >= target) return;
  const writers = await scalar(
    db,
    sql`select count(*) as n from members where site_id = ${siteId}
        and role in ('owner', 'editor', 'writer', 'guest-writer', 'open-blog-writer')`,
  );
  if (writers === 0) throw new Error('The seeded site has no member who may write');
  await db.execute(sql`drop table if exists bench_post_templates`);
  await db.execute(sql`
    create temporary table bench_post_templates as
    select row_number() over (order by id) - 1 as i, title, excerpt, content, content_text,
           cover_image, time_to_read, language
    from posts where site_id = ${siteId} and status = 'published'`);
  const templates = await scalar(db, sql`select count(*) as n from bench_post_templates`);
  if (templates === 0) throw new Error('The seeded site has no published post to clone');
  // The categories and tags, as arrays to pick from by index (uneven: squares skew the spread).
  await db.execute(sql`drop table if exists bench_picks`);
  await db.execute(sql`
    create temporary table bench_picks as
    select
      (select array_agg(id order by display_position, id) from categories where site_id = ${siteId}) as cats,
      (select array_agg(id order by id) from tags where site_id = ${siteId}) as tags,
      (select array_agg(id order by id) from members where site_id = ${siteId}
         and role in ('owner', 'editor', 'writer', 'guest-writer', 'open-blog-writer')) as writers`);
  const missing = target - have;
  for (let from = 1; from <= missing; from += BATCH) {
    const to = Math.min(missing, from + BATCH - 1);
    await db.execute(sql`
      insert into posts (site_id, id, slug, title, excerpt, content, content_text, status,
        is_pinned, first_published_date, last_published_date, scheduled_publish_date,
        time_to_read, owner_id, category_ids, main_category_id, tag_ids, cover_image,
        view_count, like_count, language, trashed_at, trashed_from_status, created_at,
        updated_at)
      select ${siteId}, gen_random_uuid(), 'bench-' || (${have} + g) || '-' || left(slug_base, 60),
        t.title || ' (' || (${have} + g) || ')', t.excerpt, t.content, t.content_text, s.status,
        false,
        case when s.status in ('published', 'deleted') then d.at end,
        case when s.status in ('published', 'deleted') then d.at end,
        case when s.status = 'scheduled' then now() + ((g % 60) + 1) * interval '1 day' end,
        t.time_to_read,
        p.writers[1 + (g::bigint * 7) % array_length(p.writers, 1)],
        case when p.cats is null then '{}'::uuid[] else array[c.cat] end,
        c.cat,
        case when p.tags is null then '{}'::uuid[]
             else array[p.tags[1 + (g * 3) % array_length(p.tags, 1)],
                        p.tags[1 + (g * 3 + 1 + g % 5) % array_length(p.tags, 1)]] end,
        t.cover_image,
        (g::bigint * 7919) % 5000 + (g % 97) * (g % 13), (g::bigint * 104729) % 300,
        t.language,
        case when s.status = 'deleted' then d.at + ((g % 30) + 1) * interval '1 day' end,
        case when s.status = 'deleted' then 'published' end,
        d.at - interval '2 hours', d.at + (g % 5) * interval '1 hour'
      from generate_series(${from}::int, ${to}::int) g
      cross join bench_picks p
      join bench_post_templates t on t.i = g % ${templates}
      cross join lateral (select lower(regexp_replace(t.title, '[^a-zA-Z0-9]+', '-', 'g')) as slug_base) sb
      cross join lateral (select case
        when g % 100 < 70 then 'published'
        when g % 100 < 80 then 'unpublished'
        when g % 100 < 85 then 'in_review'
        when g % 100 < 88 then 'in_moderation'
        when g % 100 < 91 then 'scheduled'
        else 'deleted' end as status) s
      cross join lateral (select now() - ((g * 7) % (5 * 365 * 24)) * interval '1 hour' as at) d
      cross join lateral (select p.cats[1 + floor(array_length(p.cats, 1)
                                    * power(((g::bigint * 37) % 1000) / 1000.0, 2))::int] as cat) c`);
  }
  // Listing rows of the clones (the feed's per-category and per-tag indexes read them).
  await db.execute(sql`
    insert into post_categories (site_id, post_id, category_id, is_published, is_pinned, first_published_date)
    select p.site_id, p.id, c.id, p.status = 'published', p.is_pinned, p.first_published_date
    from posts p cross join lateral unnest(p.category_ids) as c(id)
    where p.site_id = ${siteId} and p.slug like 'bench-%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into post_tags (site_id, post_id, tag_id, is_published, is_pinned, first_published_date)
    select p.site_id, p.id, t.id, p.status = 'published', p.is_pinned, p.first_published_date
    from posts p cross join lateral unnest(p.tag_ids) as t(id)
    where p.site_id = ${siteId} and p.slug like 'bench-%'
    on conflict do nothing`);
  // Counters as the seed defines them: published posts only.
  await db.execute(sql`
    update categories c set post_count = coalesce(x.n, 0)
    from (select category_id, count(*) as n from post_categories
          where site_id = ${siteId} and is_published group by category_id) x
    where c.site_id = ${siteId} and c.id = x.category_id`);
  await db.execute(sql`
    update tags t set post_count = coalesce(x.n, 0)
    from (select tag_id, count(*) as n from post_tags
          where site_id = ${siteId} and is_published group by tag_id) x
    where t.site_id = ${siteId} and t.id = x.tag_id`);
  await db.execute(sql`
    update members m set post_count = x.n
    from (select owner_id, count(*) as n from posts
          where site_id = ${siteId} and status = 'published' group by owner_id) x
    where m.site_id = ${siteId} and m.id = x.owner_id`);
}

/**
 * Adds comments until the site has `target`: top-level comments on published posts (skewed: a
 * few posts get many), by all members, newest over the last two years; 3% are `pending` (held
 * for approval, issue 17). Post and member comment counters follow (published ones).
 */
async function growComments(db: Db, siteId: string, target: number): Promise<void> {
  const have = await scalar(db, sql`select count(*) as n from comments where site_id = ${siteId}`);
  if (have >= target) return;
  await db.execute(sql`drop table if exists bench_comment_templates`);
  await db.execute(sql`
    create temporary table bench_comment_templates as
    select row_number() over (order by id) - 1 as i, content, content_text
    from comments where site_id = ${siteId} limit 200`);
  const templates = await scalar(db, sql`select count(*) as n from bench_comment_templates`);
  if (templates === 0) throw new Error('The seeded site has no comment to take the text of');
  await db.execute(sql`drop table if exists bench_comment_picks`);
  await db.execute(sql`
    create temporary table bench_comment_picks as
    select
      (select array_agg(id order by first_published_date desc, id) from posts
         where site_id = ${siteId} and status = 'published') as posts,
      (select array_agg(id order by id) from members where site_id = ${siteId}
         and role <> 'service') as authors`);
  const missing = target - have;
  for (let from = 1; from <= missing; from += BATCH) {
    const to = Math.min(missing, from + BATCH - 1);
    await db.execute(sql`
      insert into comments (site_id, id, post_id, author_id, content, content_text, status,
        like_count, created_at, updated_at)
      select ${siteId}, gen_random_uuid(),
        p.posts[1 + floor(array_length(p.posts, 1) * power(((g::bigint * 7919) % 100000) / 100000.0, 3))::int],
        p.authors[1 + (g * 31) % array_length(p.authors, 1)],
        t.content, t.content_text,
        case when g % 100 < 3 then 'pending' else 'published' end,
        (g * 13) % 7,
        now() - ((${have} + g) % (730 * 24 * 60)) * interval '1 minute',
        now() - ((${have} + g) % (730 * 24 * 60)) * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) g
      cross join bench_comment_picks p
      join bench_comment_templates t on t.i = g % ${templates}`);
  }
  await db.execute(sql`
    update posts po set comment_count = x.n
    from (select post_id, count(*) as n from comments
          where site_id = ${siteId} and status = 'published' group by post_id) x
    where po.site_id = ${siteId} and po.id = x.post_id and po.comment_count <> x.n`);
  await db.execute(sql`
    update members m set comment_count = x.n
    from (select author_id, count(*) as n from comments
          where site_id = ${siteId} and status = 'published' group by author_id) x
    where m.site_id = ${siteId} and m.id = x.author_id and m.comment_count <> x.n`);
}

/**
 * Adds `count` open reports: four in five on comments, one in five on posts; each target is
 * reported by one to three distinct members (the queue groups them), with a spread of reasons.
 */
async function growReports(db: Db, siteId: string, count: number): Promise<void> {
  const have = await scalar(
    db,
    sql`select count(*) as n from reports where site_id = ${siteId} and details = 'bench'`,
  );
  const missing = count - have;
  if (missing <= 0) return;
  await db.execute(sql`
    insert into reports (site_id, id, reporter_id, target_type, target_id, reason, details,
      status, created_at)
    select ${siteId}, gen_random_uuid(), r.reporter, x.target_type, x.target_id,
      (array['spam', 'harassment', 'hate-speech', 'violence', 'sexual-content',
             'misinformation', 'other'])[1 + (x.n + k) % 7],
      'bench', 'open', now() - (x.n % 2000) * interval '17 minutes' - k * interval '1 minute'
    from (
      select 'comment' as target_type, id as target_id, row_number() over () as n
      from (select id from comments where site_id = ${siteId} and status = 'published'
            order by created_at desc limit ${Math.ceil((missing * 4) / 5 / 2)}) c
      union all
      select 'post', id, row_number() over ()
      from (select id from posts where site_id = ${siteId} and status = 'published'
            order by view_count desc limit ${Math.ceil(missing / 5 / 2)}) p
    ) x
    cross join lateral generate_series(0, (x.n % 3)::int) k
    cross join (select array_agg(id order by id) as ids from members
      where site_id = ${siteId} and role = 'user') m
    cross join lateral (select m.ids[1 + ((x.n * 7 + k * 131) % array_length(m.ids, 1))::int]
      as reporter) r
    on conflict do nothing`);
}

/** Counts what the site now holds. */
async function countSiteRows(db: Db, siteId: string): Promise<Omit<DashboardData, 'seconds'>> {
  const byStatus = async (table: 'posts' | 'comments') =>
    Object.fromEntries(
      (
        await rows<{ status: string; n: string | number }>(
          db,
          sql`select status, count(*) as n from ${sql.raw(table)}
              where site_id = ${siteId} group by status order by status`,
        )
      ).map((r) => [r.status, Number(r.n)]),
    );
  const postsByStatus = await byStatus('posts');
  const commentsByStatus = await byStatus('comments');
  const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  return {
    siteId,
    posts: sum(postsByStatus),
    postsByStatus,
    comments: sum(commentsByStatus),
    commentsByStatus,
    openReports: await scalar(
      db,
      sql`select count(*) as n from reports where site_id = ${siteId} and status = 'open'`,
    ),
    members: await scalar(db, sql`select count(*) as n from members where site_id = ${siteId}`),
    categories: await scalar(
      db,
      sql`select count(*) as n from categories where site_id = ${siteId}`,
    ),
    tags: await scalar(db, sql`select count(*) as n from tags where site_id = ${siteId}`),
    picks: await picksOf(db, siteId),
  };
}

/** The ids the scenarios use (see DashboardPicks). */
async function picksOf(db: Db, siteId: string): Promise<DashboardPicks> {
  const id = async (query: ReturnType<typeof sql>) =>
    (await rows<{ id: string }>(db, query))[0]?.id ?? null;
  return {
    categoryId: await id(sql`select id from categories where site_id = ${siteId}
      order by post_count desc, id limit 1`),
    smallCategoryId: await id(sql`select id from categories where site_id = ${siteId}
      and post_count > 0 order by post_count, id limit 1`),
    postId: await id(sql`select id from posts where site_id = ${siteId} and status = 'published'
      order by comment_count desc, id limit 1`),
    commenterId: await id(sql`select id from members where site_id = ${siteId}
      order by comment_count desc, id limit 1`),
    editorId: await id(sql`select id from members where site_id = ${siteId} and role = 'editor'
      and not is_blocked order by created_at, id limit 1`),
    writerId: await id(sql`select id from members where site_id = ${siteId} and role = 'writer'
      and not is_blocked order by post_count desc, id limit 1`),
  };
}

/**
 * Grows the seeded demo site (in `dataDir`, or at `databaseUrl`) to `scale`, then VACUUM ANALYZEs so
 * the planner knows the new sizes. `log` gets a progress line per step.
 */
export async function growDashboardData(options: {
  dataDir: string;
  databaseUrl?: string;
  scale: DashboardScale;
  log: (message: string) => void;
}): Promise<DashboardData> {
  const started = performance.now();
  const handle = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir });
  try {
    const { db } = handle;
    const siteId = await findDefaultSite(db);
    if (!siteId) throw new Error('No seeded site to grow: did the seed run?');
    const step = async (what: string, run: () => Promise<void>) => {
      const t = performance.now();
      await run();
      options.log(`  ${what} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    };
    await step(`members +${options.scale.members}`, () =>
      growMembers(db, siteId, options.scale.members),
    );
    await step(`posts to ${options.scale.posts}`, () => growPosts(db, siteId, options.scale.posts));
    await step(`comments to ${options.scale.comments}`, () =>
      growComments(db, siteId, options.scale.comments),
    );
    await step(`open reports +${options.scale.reports}`, () =>
      growReports(db, siteId, options.scale.reports),
    );
    // What autovacuum does after bulk inserts on a live server: statistics for the planner and
    // the visibility map that lets index-only scans (the tab counts) skip the heap.
    await step('vacuum analyze', async () => {
      await db.execute(
        sql`vacuum (analyze) posts, comments, reports, members, post_categories, post_tags, categories, tags`,
      );
    });
    const data = await countSiteRows(db, siteId);
    return { ...data, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

/**
 * Empties the PostgreSQL database the bench was given (its `public` and `drizzle` schemas), so
 * the seed starts from nothing. Refuses a database whose name does not contain "bench".
 */
export async function emptyBenchDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name.includes('bench')) {
    throw new Error(
      `--database-url must name a database of the bench's own (its name containing "bench"): ` +
        `it is emptied first; got "${name}"`,
    );
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}
