/**
 * The sitemaps' reads (decision 049). Posts are listed oldest first by (first_published_date, id)
 * from `posts_sitemap_idx`, so chunks are keyset ranges: a chunk's count and newest change are one
 * index-only range scan, and a new post only ever lands in the last chunk.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.server';
import {
  categories,
  members,
  posts,
  type StoredCover,
  type StoredEmbedMedia,
  tags,
} from '../../db/schema.server';

/** A post's place in the sitemap order: its first-published date as the database prints it (to
 * the microsecond, which a JS Date would round) and its id. */
export interface PostKey {
  date: string;
  id: string;
}

/** A chunk of posts: after `after` (exclusive; null from the start) up to `upTo` (inclusive; null
 * to the end). */
export interface ChunkRange {
  after: PostKey | null;
  upTo: PostKey | null;
}

/** What a chunk holds: how many posts and when the newest of them changed. */
export interface ChunkStats {
  count: number;
  lastmod: Date | null;
  /**
   * Sums of its posts' id hashes and change times: they move when a post leaves and another comes
   * in at the same count (noindex set on one, cleared on another) though the newest change stays.
   */
  checksum: string;
}

/** A post as its sitemap entry needs it. */
export interface SitemapPostRow {
  /** Where the next batch starts. */
  key: PostKey;
  slug: string;
  firstPublishedDate: Date;
  updatedAt: Date;
  title: string;
  coverImage: StoredCover | null;
  media: StoredEmbedMedia | null;
  content: unknown;
}

/** A page a list sitemap names, with when what it shows last changed. */
export interface DatedRow<T> {
  row: T;
  lastmod: Date | null;
}

/** Drivers hand aggregates back as Date (PGlite) or text (postgres.js). */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Posts a sitemap lists: published, not asking to stay out of search engines, and with no
 * canonical address elsewhere. Literal, not parameters: the planner proves the partial index's
 * predicate from it.
 */
function listedPosts(siteId: string): SQL {
  return and(
    eq(posts.siteId, siteId),
    sql`${posts.status} = 'published' and ${posts.noindex} = false and ${posts.canonicalUrl} = ''`,
    sql`${posts.firstPublishedDate} is not null`,
  ) as SQL;
}

/** Published posts, whatever their SEO fields (the lists' pages show them all). */
function publishedPosts(siteId: string): SQL {
  return and(eq(posts.siteId, siteId), sql`${posts.status} = 'published'`) as SQL;
}

function inRange(range: ChunkRange): SQL[] {
  const key = sql`(${posts.firstPublishedDate}, ${posts.id})`;
  const conditions: SQL[] = [];
  if (range.after) {
    conditions.push(sql`${key} > (${range.after.date}::timestamptz, ${range.after.id}::uuid)`);
  }
  if (range.upTo) {
    conditions.push(sql`${key} <= (${range.upTo.date}::timestamptz, ${range.upTo.id}::uuid)`);
  }
  return conditions;
}

/** The key of every `size`-th listed post (the last post of each full chunk), oldest first. */
export async function chunkBoundaries(
  db: Database,
  siteId: string,
  size: number,
): Promise<PostKey[]> {
  // The text of the keys only for the boundary rows: printing 100,000 timestamps cost 10x more.
  const ranked = db
    .select({
      date: sql<Date>`${posts.firstPublishedDate}`.as('key_date'),
      id: sql<string>`${posts.id}`.as('key_id'),
      position:
        sql<number>`row_number() over (order by ${posts.firstPublishedDate}, ${posts.id})`.as(
          'position',
        ),
    })
    .from(posts)
    .where(listedPosts(siteId))
    .as('ranked');
  return db
    .select({ date: sql<string>`${ranked.date}::text`, id: sql<string>`${ranked.id}::text` })
    .from(ranked)
    .where(sql`${ranked.position} % ${size} = 0`)
    .orderBy(ranked.position);
}

/** How many listed posts a range holds and when the newest of them changed. */
export async function chunkStats(
  db: Database,
  siteId: string,
  range: ChunkRange,
): Promise<ChunkStats> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      lastmod: sql<unknown>`max(${posts.updatedAt})`,
      checksum: sql<string>`coalesce(sum(hashtext(${posts.id}::text)::bigint), 0)::text || ':' ||
        coalesce(sum(extract(epoch from ${posts.updatedAt})), 0)::text`,
    })
    .from(posts)
    .where(and(listedPosts(siteId), ...inRange(range)));
  return {
    count: Number(row?.count ?? 0),
    lastmod: toDate(row?.lastmod),
    checksum: String(row?.checksum ?? '0'),
  };
}

/**
 * The listed posts of a range, oldest first, with what their entries need, at most `limit`: a
 * chunk is read in batches (50,000 documents at once would hold hundreds of MB).
 */
export async function chunkPosts(
  db: Database,
  siteId: string,
  range: ChunkRange,
  limit: number,
): Promise<SitemapPostRow[]> {
  const rows = await db
    .select({
      keyDate: sql<string>`${posts.firstPublishedDate}::text`,
      id: posts.id,
      slug: posts.slug,
      firstPublishedDate: posts.firstPublishedDate,
      updatedAt: posts.updatedAt,
      title: posts.title,
      coverImage: posts.coverImage,
      media: posts.media,
      content: posts.content,
    })
    .from(posts)
    .where(and(listedPosts(siteId), ...inRange(range)))
    .orderBy(posts.firstPublishedDate, posts.id)
    .limit(limit);
  return rows.map(({ keyDate, id, ...row }) => ({
    ...row,
    key: { date: keyDate, id },
    firstPublishedDate: row.firstPublishedDate as Date,
  }));
}

/** When the newest published post changed (the home pages' lastmod). */
export async function newestPostChange(db: Database, siteId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastmod: sql<unknown>`max(${posts.updatedAt})` })
    .from(posts)
    .where(publishedPosts(siteId));
  return toDate(row?.lastmod);
}

/**
 * The newest change of the site's listed posts for each id in their `ids` array column (their
 * categories or tags), as a subquery to join on `memberId`.
 */
function newestChangeBy(
  db: Database,
  siteId: string,
  ids: typeof posts.categoryIds | typeof posts.tagIds,
) {
  return db
    .select({
      memberId: sql<string>`unnest(${ids})`.as('member_id'),
      lastmod: sql<unknown>`max(${posts.updatedAt})`.as('post_lastmod'),
    })
    .from(posts)
    .where(publishedPosts(siteId))
    .groupBy(sql`1`)
    .as('newest');
}

type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'slug' | 'parentId'>;

/**
 * Categories with published posts, each with the newest change of its posts or of itself; every
 * category comes back (a subcategory's address needs its parent's slug), `lastmod` null for those
 * without posts.
 */
export async function categoriesWithPosts(
  db: Database,
  siteId: string,
): Promise<DatedRow<CategoryRow & { hasPosts: boolean }>[]> {
  const newest = newestChangeBy(db, siteId, posts.categoryIds);
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      parentId: categories.parentId,
      updatedAt: categories.updatedAt,
      postLastmod: newest.lastmod,
    })
    .from(categories)
    .leftJoin(newest, sql`${newest.memberId} = ${categories.id}`)
    .where(eq(categories.siteId, siteId))
    .orderBy(categories.displayPosition, categories.slug);
  return rows.map(({ updatedAt, postLastmod, ...row }) => {
    const postDate = toDate(postLastmod);
    const own = toDate(updatedAt);
    const lastmod = postDate && own ? new Date(Math.max(+postDate, +own)) : (postDate ?? own);
    return { row: { ...row, hasPosts: postDate !== null }, lastmod };
  });
}

/** Tags on published posts, with their posts' newest change. */
export async function tagsWithPosts(
  db: Database,
  siteId: string,
): Promise<DatedRow<{ slug: string }>[]> {
  const newest = newestChangeBy(db, siteId, posts.tagIds);
  const rows = await db
    .select({ slug: tags.slug, lastmod: newest.lastmod })
    .from(tags)
    .innerJoin(newest, sql`${newest.memberId} = ${tags.id}`)
    .where(eq(tags.siteId, siteId))
    .orderBy(tags.slug);
  return rows.map(({ slug, lastmod }) => ({ row: { slug }, lastmod: toDate(lastmod) }));
}

/** Members with public profiles and published posts, with their posts' newest change. */
export async function authorsWithPosts(
  db: Database,
  siteId: string,
): Promise<DatedRow<{ id: string; slug: string }>[]> {
  const rows = await db
    .select({
      id: members.id,
      slug: members.slug,
      lastmod: sql<unknown>`max(${posts.updatedAt})`,
    })
    .from(posts)
    .innerJoin(members, and(eq(members.siteId, posts.siteId), eq(members.id, posts.ownerId)))
    .where(and(publishedPosts(siteId), sql`${members.privacyStatus} = 'PUBLIC'`))
    .groupBy(members.id, members.slug)
    .orderBy(members.slug);
  return rows.map(({ lastmod, ...row }) => ({ row, lastmod: toDate(lastmod) }));
}

/** The months with published posts in the site's time zone, with their posts' newest change. */
export async function archiveMonths(
  db: Database,
  siteId: string,
  timeZone: string,
): Promise<DatedRow<{ year: number; month: number }>[]> {
  const local = sql`timezone(${timeZone}, ${posts.firstPublishedDate})`;
  const rows = await db
    .select({
      year: sql<number>`extract(year from ${local})::int`,
      month: sql<number>`extract(month from ${local})::int`,
      lastmod: sql<unknown>`max(${posts.updatedAt})`,
    })
    .from(posts)
    .where(and(publishedPosts(siteId), sql`${posts.firstPublishedDate} is not null`))
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1 desc`, sql`2 desc`);
  return rows.map(({ lastmod, year, month }) => ({
    row: { year: Number(year), month: Number(month) },
    lastmod: toDate(lastmod),
  }));
}
