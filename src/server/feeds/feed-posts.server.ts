/**
 * What a feed carries (issue 19 § Feeds): the scope's subject (the blog, a category, a tag or an
 * author) and its newest published posts, by first publication date (pinned posts are not put
 * first: a feed is by date), with their content, categories, tags and cover's stored size.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FeedScope } from '../../domain/feeds';
import { profileUrl } from '../../domain/profiles';
import type { CategoryView, PostSummary, SiteView, TagView } from '../../domain/views';
import type { FeedQuery } from '../../load-context';
import type { RichDocument } from '../../rich-content/document';
import { upgradeStoredDocument } from '../../rich-content/nodes/upgrades';
import type { Database } from '../db/connection.server';
import { media, members, posts } from '../db/schema.server';
import { feedKeys, feedSource } from '../services/blog-reader/feed-source.server';
import { newestFirst, type SummaryRow, summaryColumns } from '../services/blog-reader/rows.server';
import type { BlogReaderService } from '../services/blog-reader.server';

export interface FeedPostsDeps {
  db: Database;
  reader: Pick<
    BlogReaderService,
    'presentSummaries' | 'listCategories' | 'listTags' | 'getCategoryBySlug' | 'getTagBySlug'
  >;
}

/** Whose feed it is: its name and page (relative), for the channel's title and link. */
export interface FeedSubject {
  /** The category's, tag's or author's name; null for the whole blog. */
  name: string | null;
  /** The page the feed mirrors (the blog, the category, tag or profile page). */
  link: string;
}

/** A post as a feed item needs it. */
export interface FeedPost extends PostSummary {
  content: RichDocument;
  updatedAt: Date;
  categories: CategoryView[];
  tags: TagView[];
  /** Byte sizes of the stored media among the covers (the enclosure's length). */
  coverBytes: number | null;
}

/** The scope's subject, or null when the category, tag or author does not exist here. */
export async function findFeedSubject(
  deps: FeedPostsDeps,
  site: SiteView,
  scope: FeedScope,
): Promise<{
  subject: FeedSubject;
  query: FeedQuery | { source: 'author'; memberId: string };
} | null> {
  switch (scope.kind) {
    case 'blog':
      return { subject: { name: null, link: site.blogBase }, query: { source: 'homepage' } };
    case 'category': {
      const category = await deps.reader.getCategoryBySlug(site, scope.slug);
      if (!category) return null;
      return {
        subject: { name: category.label, link: category.link },
        query: { source: 'category', categoryId: category.id },
      };
    }
    case 'tag': {
      const tag = await deps.reader.getTagBySlug(site, scope.slug);
      if (!tag) return null;
      return {
        subject: { name: tag.label, link: tag.link },
        query: { source: 'tags', tagId: tag.id },
      };
    }
    case 'author': {
      // A private profile has no public page (SPEC §6), so no feed either.
      const [member] = await deps.db
        .select({ id: members.id, name: members.name, slug: members.slug })
        .from(members)
        .where(
          and(
            eq(members.siteId, site.id),
            eq(members.slug, scope.slug),
            eq(members.privacyStatus, 'PUBLIC'),
          ),
        )
        .limit(1);
      if (!member) return null;
      return {
        subject: {
          name: member.name,
          link: profileUrl(site.blogBase, { slug: member.slug, siteMemberId: member.id }),
        },
        query: { source: 'author', memberId: member.id },
      };
    }
  }
}

/** The ids of the newest `limit` published posts of the query, newest first. */
async function newestPostIds(
  db: Database,
  site: SiteView,
  query: FeedQuery | { source: 'author'; memberId: string },
  limit: number,
): Promise<string[]> {
  if (query.source === 'author') {
    const rows = await db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.siteId, site.id),
          eq(posts.ownerId, query.memberId),
          eq(posts.status, 'published'),
        ),
      )
      .orderBy(newestFirst(posts.firstPublishedDate), newestFirst(posts.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }
  const { from, keys, where } = feedSource(site, query);
  const [id, isPinned, date] = keys;
  const key = feedKeys(id, isPinned, date);
  const rows = await db
    .select({ id: key.postId })
    .from(from)
    .where(where)
    .orderBy(newestFirst(date), newestFirst(id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Stored byte sizes of the media with these ids (the site's own). */
async function mediaSizes(
  db: Database,
  site: SiteView,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: media.id, sizeBytes: media.sizeBytes })
    .from(media)
    .where(and(eq(media.siteId, site.id), inArray(media.id, ids)));
  return new Map(rows.filter((row) => row.sizeBytes > 0).map((row) => [row.id, row.sizeBytes]));
}

/** The newest `site.feedItemCount` published posts of the query, as feed items need them. */
export async function listFeedPosts(
  deps: FeedPostsDeps,
  site: SiteView,
  query: FeedQuery | { source: 'author'; memberId: string },
): Promise<FeedPost[]> {
  const ids = await newestPostIds(deps.db, site, query, site.feedItemCount);
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({ ...summaryColumns, content: posts.content, updatedAt: posts.updatedAt })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), inArray(posts.id, ids)))
    .orderBy(newestFirst(posts.firstPublishedDate), newestFirst(posts.id));
  const [summaries, categories, tags] = await Promise.all([
    deps.reader.presentSummaries(site, rows as SummaryRow[]),
    deps.reader.listCategories(site),
    deps.reader.listTags(site),
  ]);
  const sizes = await mediaSizes(
    deps.db,
    site,
    summaries.flatMap((summary) => (summary.cover?.id ? [summary.cover.id] : [])),
  );
  const categoriesById = new Map(categories.map((category) => [category.id, category]));
  const tagsById = new Map(tags.map((tag) => [tag.id, tag]));
  return summaries.map((summary, index) => {
    const row = rows[index]!;
    return {
      ...summary,
      content: upgradeStoredDocument(row.content),
      updatedAt: row.updatedAt,
      categories: summary.categoryIds.flatMap((id) => categoriesById.get(id) ?? []),
      tags: summary.tagIds.flatMap((id) => tagsById.get(id) ?? []),
      coverBytes: summary.cover?.id ? (sizes.get(summary.cover.id) ?? null) : null,
    };
  });
}

/** The newest change among the posts (the feed's Last-Modified), or null for an empty feed. */
export function newestChange(items: readonly FeedPost[]): Date | null {
  let newest: Date | null = null;
  for (const item of items) {
    const published = item.lastPublishedDate ? new Date(item.lastPublishedDate) : null;
    for (const date of [item.updatedAt, published]) {
      if (date && (!newest || date > newest)) newest = date;
    }
  }
  return newest;
}
