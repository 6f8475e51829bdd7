/**
 * Reading the blog: feeds (all posts, category, tag, hashtag, monthly archive), post pages,
 * categories and tags. The API handlers and the page loaders both call these functions, the
 * pages in-process through the load context (DESIGN.md "How a request flows").
 */
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { chooseCover } from '../../domain/cover';
import { monthRange } from '../../domain/dates';
import { mediaIdFromUrl } from '../../domain/media';
import { lastPage as lastPageOf } from '../../domain/pagination';
import { imageOf, memberSummaryOf } from '../../domain/presenters';
import { ratingsView } from '../../domain/ratings';
import { categoryUrl, postUrl, tagUrl } from '../../domain/routes';
import { isSafeText } from '../../domain/text-input';
import type {
  CategoryLink,
  CategoryView,
  FeedPageView,
  ImageView,
  MemberSummary,
  PostDetail,
  PostSummary,
  SiteView,
  TagView,
} from '../../domain/views';
import type { FeedQuery } from '../../load-context';
import type { SiteMemo } from '../cache/generations.server';
import type { Database } from '../db/connection.server';
import {
  categories,
  members,
  postCategories,
  postHashtags,
  posts,
  postTags,
  type StoredCover,
  type StoredEmbedMedia,
  tags,
} from '../db/schema.server';

/** Columns a post card needs: everything but the content document and its text. */
export const summaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  status: posts.status,
  isPinned: posts.isPinned,
  isFeatured: posts.isFeatured,
  firstPublishedDate: posts.firstPublishedDate,
  lastPublishedDate: posts.lastPublishedDate,
  timeToRead: posts.timeToRead,
  ownerId: posts.ownerId,
  categoryIds: posts.categoryIds,
  mainCategoryId: posts.mainCategoryId,
  tagIds: posts.tagIds,
  hashtags: posts.hashtags,
  coverImage: posts.coverImage,
  media: posts.media,
  viewCount: posts.viewCount,
  commentCount: posts.commentCount,
  likeCount: posts.likeCount,
  ratingCount: posts.ratingCount,
  ratingSum: posts.ratingSum,
  language: posts.language,
  isCommentsDisabled: posts.isCommentsDisabled,
};

/** A row of `summaryColumns`, as `presentSummaries` takes it. */
export type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null;
} & { id: string; slug: string; title: string };

/** The ordering keys of a feed row, aliased alike whichever table they come from. */
function feedKeys(id: AnyPgColumn, isPinned: AnyPgColumn, date: AnyPgColumn) {
  return {
    postId: sql<string>`${id}`.as('page_post_id'),
    isPinned: sql<boolean>`${isPinned}`.as('page_is_pinned'),
    date: sql<Date | null>`${date}`.as('page_date'),
  };
}

/**
 * Newest-first ordering that matches the feed indexes, which Drizzle creates as
 * `DESC NULLS LAST`; a plain `desc()` (nulls first) would keep the planner off them.
 */
function newestFirst(column: AnyPgColumn | SQL.Aliased) {
  return sql`${column} desc nulls last`;
}

function iso(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * The cover a post's cards show (SPEC §4 cover choice): the stored cover, else the video's
 * thumbnail; null when there is none or the writer turned it off.
 */
export function presentCover(
  row: Pick<SummaryRow, 'coverImage' | 'media' | 'title'>,
): ImageView | null {
  const cover = row.coverImage as StoredCover | null;
  const media = row.media as StoredEmbedMedia | null;
  const chosen = chooseCover({
    coverImage: cover
      ? { isEnabled: cover.isEnabled, isCustom: cover.isCustom, src: cover.image ?? null }
      : null,
    firstVideoThumbnail: media?.thumbnail ?? null,
  });
  if (!chosen) return null;
  // A video thumbnail stored by us is addressed by URL; its id gives it a srcset.
  const storedId = mediaIdFromUrl(chosen.source.url);
  return {
    id: chosen.source.id ?? storedId,
    url: chosen.source.id || storedId ? null : (chosen.source.url ?? null),
    width: chosen.source.width ?? 0,
    height: chosen.source.height ?? 0,
    alt: chosen.source.alt ?? row.title,
  };
}

export interface BlogReaderDeps {
  db: Database;
  /** Per-site lists and counts (small). */
  memo: SiteMemo;
  /** Presented feed pages (larger, so kept in their own, tighter bound). */
  feedMemo: SiteMemo;
}

/** Builds the read service. Every call takes the site it reads, and every query is scoped by it. */
export function createBlogReader({ db, memo, feedMemo }: BlogReaderDeps) {
  /** A category's link; a subcategory's URL goes through its parent (SPEC §2). */
  function categoryLink(
    site: SiteView,
    row: typeof categories.$inferSelect,
    parent: typeof categories.$inferSelect | undefined,
  ): CategoryLink {
    const link = parent
      ? categoryUrl(site.blogBase, site.categoryPath, parent.slug, { subcategorySlug: row.slug })
      : categoryUrl(site.blogBase, site.categoryPath, row.slug);
    return { id: row.id, slug: row.slug, label: row.label, menuLabel: row.menuLabel, link };
  }

  /** Every category of the site in display order, memoised until the site's next write. */
  function listCategories(site: SiteView): Promise<CategoryView[]> {
    return memo.get(site.id, 'categories', async () => {
      const rows = await db
        .select()
        .from(categories)
        .where(eq(categories.siteId, site.id))
        .orderBy(asc(categories.displayPosition), asc(categories.label));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return rows.map((row) => ({
        ...categoryLink(site, row, row.parentId ? byId.get(row.parentId) : undefined),
        description: row.description,
        language: row.language,
        parentId: row.parentId,
        displayPosition: row.displayPosition,
        postCount: row.postCount,
        coverImage: imageOf(row.coverImage),
        translations: row.translations,
      }));
    });
  }

  /** Every tag of the site, most used first. */
  function listTags(site: SiteView): Promise<TagView[]> {
    return memo.get(site.id, 'tags', async () => {
      const rows = await db
        .select()
        .from(tags)
        .where(eq(tags.siteId, site.id))
        .orderBy(desc(tags.postCount), asc(tags.label));
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        label: row.label,
        postCount: row.postCount,
        link: tagUrl(site.blogBase, row.slug),
      }));
    });
  }

  async function loadOwners(site: SiteView, ids: string[]): Promise<Map<string, MemberSummary>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .select({ id: members.id, slug: members.slug, name: members.name, image: members.image })
      .from(members)
      .where(and(eq(members.siteId, site.id), inArray(members.id, unique)));
    return new Map(rows.map((m) => [m.id, memberSummaryOf(m, site.blogBase)]));
  }

  /** Presents rows as cards: owners in one query, categories from the memoised list. */
  async function presentSummaries(site: SiteView, rows: SummaryRow[]): Promise<PostSummary[]> {
    const [owners, allCategories] = await Promise.all([
      loadOwners(
        site,
        rows.map((r) => r.ownerId as string),
      ),
      listCategories(site),
    ]);
    const categoriesById = new Map(allCategories.map((c) => [c.id, c]));
    return rows.map((row) => presentSummary(site, row, owners, categoriesById));
  }

  function presentSummary(
    site: SiteView,
    row: SummaryRow,
    owners: Map<string, MemberSummary>,
    categoriesById: Map<string, CategoryLink>,
  ): PostSummary {
    const media = row.media as StoredEmbedMedia | null;
    const main = row.mainCategoryId ? categoriesById.get(row.mainCategoryId) : undefined;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt ?? '',
      link: postUrl(site.blogBase, { slug: row.slug }),
      status: row.status ?? 'published',
      isPinned: row.isPinned ?? false,
      isFeatured: row.isFeatured ?? false,
      firstPublishedDate: iso(row.firstPublishedDate),
      lastPublishedDate: iso(row.lastPublishedDate),
      timeToRead: row.timeToRead ?? 1,
      owner: owners.get(row.ownerId as string) ?? null,
      mainCategory: main
        ? {
            id: main.id,
            slug: main.slug,
            label: main.label,
            menuLabel: main.menuLabel,
            link: main.link,
          }
        : null,
      categoryIds: row.categoryIds ?? [],
      tagIds: row.tagIds ?? [],
      hashtags: row.hashtags ?? [],
      cover: presentCover(row),
      media: media ? { thumbnail: media.thumbnail, video: media.video } : null,
      counters: {
        viewCount: row.viewCount ?? 0,
        totalComments: row.commentCount ?? 0,
        likeCount: row.likeCount ?? 0,
      },
      // Exact: the stars are chosen from it (SPEC §5); the text rounds it (SPEC §9).
      ratings: ratingsView({ sum: row.ratingSum ?? 0, count: row.ratingCount ?? 0 }),
      language: row.language ?? 'en',
      isCommentsDisabled: row.isCommentsDisabled ?? false,
    };
  }

  /**
   * Where a feed's posts are listed: the posts table for the all-posts feed and the archive, a
   * listing table for categories, tags and hashtags; with the ordering keys and the filter.
   */
  function feedSource(site: SiteView, query: FeedQuery) {
    if (query.source === 'homepage' || query.source === 'archive') {
      const published = and(eq(posts.siteId, site.id), eq(posts.status, 'published'));
      let where = published;
      if (query.source === 'archive') {
        const range = monthRange(query.year, query.month, site.timeZone);
        where = and(
          published,
          gte(posts.firstPublishedDate, range.start),
          lt(posts.firstPublishedDate, range.end),
        );
      }
      return {
        from: posts as PgTable,
        keys: [posts.id, posts.isPinned, posts.firstPublishedDate] as const,
        where,
      };
    }
    const listing =
      query.source === 'category'
        ? { table: postCategories, match: eq(postCategories.categoryId, query.categoryId) }
        : query.source === 'tags'
          ? { table: postTags, match: eq(postTags.tagId, query.tagId) }
          : { table: postHashtags, match: eq(postHashtags.hashtag, query.hashtag.toLowerCase()) };
    const { table, match } = listing;
    return {
      from: table as PgTable,
      keys: [table.postId, table.isPinned, table.firstPublishedDate] as const,
      where: and(eq(table.siteId, site.id), eq(table.isPublished, true), match),
    };
  }

  /** Number of published posts in a feed, memoised until the site's next write. */
  function countFeed(site: SiteView, query: FeedQuery): Promise<number> {
    return memo.get(site.id, `count:${JSON.stringify(query)}`, async () => {
      const { from, where } = feedSource(site, query);
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(from).where(where);
      return row?.n ?? 0;
    });
  }

  /**
   * The ids and ordering keys of one page of a feed, in feed order. It reads only an index (an
   * index-only scan); the plan test in blog-reader.server.test.ts keeps it that way.
   */
  function feedPageKeysQuery(site: SiteView, query: FeedQuery, limit: number, offset: number) {
    const { from, keys, where } = feedSource(site, query);
    const [id, isPinned, date] = keys;
    // SPEC §4 ordering: pinned first, then newest first (id breaks ties so pages never overlap).
    return db
      .select(feedKeys(id, isPinned, date))
      .from(from)
      .where(where)
      .orderBy(newestFirst(isPinned), newestFirst(date), newestFirst(id))
      .limit(limit)
      .offset(offset);
  }

  /**
   * One page of rows in feed order: the page is cut from an index alone, and only its posts are
   * fetched, so deep pages never read the rows they skip.
   */
  async function selectFeedRows(
    site: SiteView,
    query: FeedQuery,
    limit: number,
    offset: number,
  ): Promise<SummaryRow[]> {
    const page = feedPageKeysQuery(site, query, limit, offset).as('page');
    return db
      .select(summaryColumns)
      .from(page)
      .innerJoin(posts, and(eq(posts.siteId, site.id), eq(posts.id, page.postId)))
      .orderBy(
        newestFirst(page.isPinned),
        newestFirst(page.date),
        newestFirst(page.postId),
      ) as Promise<SummaryRow[]>;
  }

  /** One page of a feed. A page past the last one returns no posts; callers decide on 404. */
  async function listFeed(
    site: SiteView,
    query: FeedQuery,
    page: number,
    pageSize: number,
  ): Promise<FeedPageView> {
    // Feed pages are read far more often than written: kept until the site's next write.
    const [entityCount, posts] = await Promise.all([
      countFeed(site, query),
      feedMemo.get(site.id, `feed:${JSON.stringify(query)}:${page}:${pageSize}`, async () =>
        presentSummaries(site, await selectFeedRows(site, query, pageSize, (page - 1) * pageSize)),
      ),
    ]);
    return {
      posts,
      currentPage: page,
      pageSize,
      entityCount,
      lastPage: lastPageOf(entityCount, pageSize),
    };
  }

  /** A published post by its slug or one of its former slugs. */
  async function getPostBySlug(site: SiteView, slug: string): Promise<PostDetail | null> {
    // Defence in depth (decision 027): no stored slug holds what PostgreSQL cannot store.
    if (!isSafeText(slug)) return null;
    const rows = await db
      .select({
        ...summaryColumns,
        content: posts.content,
        paidPlansGroupIds: posts.paidPlansGroupIds,
      })
      .from(posts)
      .where(
        and(
          eq(posts.siteId, site.id),
          eq(posts.status, 'published'),
          sql`(${posts.slug} = ${slug} or ${posts.slugs} @> array[${slug}]::text[])`,
        ),
      )
      .orderBy(sql`${posts.slug} = ${slug} desc`)
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const [summary] = await presentSummaries(site, [row]);
    const [allCategories, allTags] = await Promise.all([listCategories(site), listTags(site)]);
    const categoriesById = new Map(allCategories.map((c) => [c.id, c]));
    const postTagIds = new Set(row.tagIds);
    return {
      ...summary!,
      content: row.content,
      paidPlansGroupIds: row.paidPlansGroupIds,
      // The post's own order: its main category first.
      categories: row.categoryIds.flatMap((id) => {
        const c = categoriesById.get(id);
        return c
          ? [{ id: c.id, slug: c.slug, label: c.label, menuLabel: c.menuLabel, link: c.link }]
          : [];
      }),
      tags: allTags.filter((t) => postTagIds.has(t.id)),
    };
  }

  /**
   * The newest published featured post, for the feed's featured-post banner (SPEC §2). Few posts
   * are featured; the answer is memoised until the site's next write.
   */
  function getFeaturedPost(site: SiteView): Promise<PostSummary | null> {
    return memo.get(site.id, 'featured', async () => {
      const rows = (await db
        .select(summaryColumns)
        .from(posts)
        .where(
          and(eq(posts.siteId, site.id), eq(posts.status, 'published'), eq(posts.isFeatured, true)),
        )
        .orderBy(newestFirst(posts.firstPublishedDate))
        .limit(1)) as SummaryRow[];
      const [summary] = await presentSummaries(site, rows);
      return summary ?? null;
    });
  }

  /** A category by its current or a former slug; slugs are lowercase (SPEC §5). */
  async function getCategoryBySlug(site: SiteView, slug: string): Promise<CategoryView | null> {
    const lower = slug.toLowerCase();
    const all = await listCategories(site);
    return all.find((c) => c.slug === lower) ?? null;
  }

  /** A tag by slug. */
  async function getTagBySlug(site: SiteView, slug: string): Promise<TagView | null> {
    const lower = slug.toLowerCase();
    const all = await listTags(site);
    return all.find((t) => t.slug === lower) ?? null;
  }

  return {
    listCategories,
    listTags,
    listFeed,
    getPostBySlug,
    getCategoryBySlug,
    getTagBySlug,
    getFeaturedPost,
    feedPageKeysQuery,
    presentSummaries,
  };
}

export type BlogReaderService = ReturnType<typeof createBlogReader>;
