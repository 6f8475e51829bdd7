/**
 * The database schema (SPEC §3, §4). Every table carries `site_id` and every primary key starts
 * with it, so the data can later be distributed by site (Citus) without a rewrite (DESIGN.md
 * "One process, many sites"). Identical on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../domain/permissions';
import { POST_STATUSES } from '../../domain/post-status';
import { FEED_CONTENT_KINDS, POST_URL_SHAPES } from '../../domain/seo';
import {
  regconfig,
  searchConfigExpression,
  searchVectorExpression,
  tsvector,
} from './search-columns.server';

/** The dashboard tab of a status (domain/dashboard-posts.ts DASHBOARD_TAB_STATUSES) in SQL. */
function dashboardTabExpression() {
  return sql.raw(
    `CASE "status" WHEN 'unpublished' THEN 'drafts' WHEN 'in_moderation' THEN 'in_review' ` +
      `WHEN 'deleted' THEN 'trash' ELSE "status" END`,
  );
}

/** The date a dashboard tab sorts by; never null, so the keyset compares plain values. */
function dashboardDateExpression() {
  return sql.raw(
    `COALESCE(CASE "status" WHEN 'published' THEN "first_published_date" ` +
      `WHEN 'scheduled' THEN "scheduled_publish_date" WHEN 'deleted' THEN "trashed_at" END, "updated_at")`,
  );
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The schemes a site's origin may have (issue 15: absolute URLs come from the site's origin). */
export const SITE_SCHEMES = ['https', 'http'] as const;

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey(),
    /**
     * The site's primary domain (lowercase, no port): its origin is `scheme://host`, and every
     * absolute URL of the site is built on it, never on a request's Host header (decision 028).
     * The default site's origin is PUBLIC_URL instead.
     */
    host: text('host').notNull(),
    /** The primary domain's scheme: `https` unless the site is served over plain HTTP. */
    scheme: text('scheme', { enum: SITE_SCHEMES }).notNull().default('https'),
    name: text('name').notNull(),
    /** Where the Blog widget sits on the site, without a trailing slash ('/blog'). */
    blogBase: text('blog_base').notNull().default('/blog'),
    /** The path segment of the category prefix route (SPEC §2), 'category' unless changed. */
    categoryPath: text('category_path').notNull().default('category'),
    language: text('language').notNull().default('en'),
    /**
     * Every language the site is published in, the main one included; empty for a site in one
     * language. A site with more than one is multilingual (SPEC §2 empty states).
     */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    timeZone: text('time_zone').notNull().default('UTC'),
    isDefault: boolean('is_default').notNull().default(false),
    /** SPEC §4 "In demo mode clicks open a demo-mode modal": a showcase site nobody writes to. */
    demoMode: boolean('demo_mode').notNull().default(false),
    /**
     * Issue 17 (held comments): a new comment by a member who has never had one approved waits
     * for an editor (`comments.status = 'pending'`). The owner's blog-wide switch; off by default.
     */
    holdFirstComments: boolean('hold_first_comments').notNull().default(false),
    /** Issue 18 (blog settings): the blog's description, shown under its name. */
    description: text('description').notNull().default(''),
    /** Issue 18: the blog's logo, an image uploaded through the media pipeline; null for none. */
    logo: jsonb('logo').$type<MediaRef | null>(),
    /** Issue 18: the blog home's title and description for search engines ('' = the defaults). */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /**
     * Issue 18: category prefixes the blog used before (newest first); their addresses answer a
     * 301 to the current prefix, so old links keep working (decision 040).
     */
    formerCategoryPaths: text('former_category_paths').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Issue 19 (the open web): the one address a post has. `slug` is `{base}/{slug}`, `date` is
     * `{base}/{YYYY}/{MM}/{DD}/{slug}`; the other shape answers a 301 to it.
     */
    postUrlShape: text('post_url_shape', { enum: POST_URL_SHAPES }).notNull().default('slug'),
    /** Issue 19: how many of the newest posts each feed (RSS, Atom, JSON Feed) carries. */
    feedItemCount: integer('feed_item_count').notNull().default(20),
    /** Issue 19: whether feed items carry the whole post (`full`) or its excerpt (`excerpt`). */
    feedContent: text('feed_content', { enum: FEED_CONTENT_KINDS }).notNull().default('full'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sites_host_idx').on(t.host),
    check('sites_scheme_check', sql`${t.scheme} in ('https', 'http')`),
    check('sites_post_url_shape_check', sql`${t.postUrlShape} in ('slug', 'date')`),
    check('sites_feed_content_check', sql`${t.feedContent} in ('full', 'excerpt')`),
    check('sites_feed_item_count_check', sql`${t.feedItemCount} between 1 and 100`),
  ],
);

/**
 * A site's further domains (aliases): a request to one is served the site, whose pages still
 * name the primary domain (decision 028). A host belongs to one site at most.
 */
export const siteDomains = pgTable(
  'site_domains',
  {
    siteId: uuid('site_id').notNull(),
    /** Lowercase, no port, no trailing dot. */
    host: text('host').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.host] }),
    foreignKey({
      name: 'site_domains_site_fk',
      columns: [t.siteId],
      foreignColumns: [sites.id],
    }).onDelete('cascade'),
    uniqueIndex('site_domains_host_idx').on(t.host),
  ],
);

/** SPEC §6 roles; the list lives in domain/, where the permission rules read it. */
export const MEMBER_ROLES = ROLES;

export const members = pgTable(
  'members',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    image: jsonb('image').$type<MediaRef | null>(),
    coverImage: jsonb('cover_image').$type<MediaRef | null>(),
    about: text('about').notNull().default(''),
    role: text('role').notNull().default('user'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    privacyStatus: text('privacy_status').notNull().default('PUBLIC'),
    postCount: integer('post_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    /**
     * Issue 17: the member has had a comment published (approved) at least once, so holding
     * first comments lets theirs through. Set by every published comment, kept when it is deleted.
     */
    hasApprovedComment: boolean('has_approved_comment').notNull().default(false),
    /**
     * Issue 22: the language the member's dashboard and editors render in (SPEC §9's codes,
     * `BLOG_LANGUAGES`); null follows the site's language. No shared page shows it.
     */
    uiLanguage: text('ui_language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.id] }),
    foreignKey({
      name: 'members_site_fk',
      columns: [t.siteId],
      foreignColumns: [sites.id],
    }).onDelete('cascade'),
    uniqueIndex('members_slug_idx').on(t.siteId, t.slug),
    uniqueIndex('members_email_idx').on(t.siteId, t.email),
    // The dashboard's members list (issue 18): keyset pages newest first or by name, each one
    // range of its own index; a role filter and the blocked filter have theirs.
    index('members_joined_idx').on(
      t.siteId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('members_name_idx').on(t.siteId, t.name, t.id),
    index('members_role_joined_idx').on(
      t.siteId,
      t.role,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('members_role_name_idx').on(t.siteId, t.role, t.name, t.id),
    // The list's search: the words of the name and of the address (member-admin/list.server.ts
    // queries the same expression).
    index('members_search_idx').using(
      'gin',
      sql`to_tsvector('simple', ${t.name} || ' ' || translate(coalesce(${t.email}, ''), '@.-_+', '     '))`,
    ),
    index('members_blocked_joined_idx')
      .on(t.siteId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isBlocked}`),
    check('members_privacy_check', sql`${t.privacyStatus} in ('PUBLIC', 'PRIVATE')`),
  ],
);

/** A reference to a stored media file with its intrinsic size (SPEC §3 Image). */
export interface MediaRef {
  id: string;
  width: number;
  height: number;
  alt?: string;
}

/**
 * The cover image as stored (SPEC §3 coverImage). `image.alt` is this post's description of the
 * picture (decision 067: per post, not the media row's, since one picture says different things
 * in different posts); `isDecorative` marks a cover the writer said needs none (alt="").
 */
export interface StoredCover {
  isEnabled: boolean;
  isCustom: boolean;
  image: MediaRef | null;
  isDecorative?: boolean;
}

/** Embedded media of a post: a video and its thumbnail (SPEC §3 media.embedMedia). */
export interface StoredEmbedMedia {
  altText?: string;
  thumbnail: { url: string; width: number; height: number } | null;
  video: { url: string; width: number; height: number } | null;
}

export const media = pgTable(
  'media',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    kind: text('kind').notNull().default('image'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    sizeBytes: integer('size_bytes').notNull().default(0),
    altText: text('alt_text').notNull().default(''),
    ownerId: uuid('owner_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.id] })],
);

export { POST_STATUSES };

export const posts = pgTable(
  'posts',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    slug: text('slug').notNull(),
    /** Every slug the post has had, newest last, so old links keep working. */
    slugs: text('slugs').array().notNull().default(sql`'{}'::text[]`),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** The rich-content document (SPEC §3), with its schema version inside. */
    content: jsonb('content').notNull(),
    /** Plain text of the content, kept for search and excerpts. */
    contentText: text('content_text').notNull().default(''),
    status: text('status').notNull().default('unpublished'),
    isPinned: boolean('is_pinned').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    firstPublishedDate: timestamp('first_published_date', { withTimezone: true }),
    lastPublishedDate: timestamp('last_published_date', { withTimezone: true }),
    scheduledPublishDate: timestamp('scheduled_publish_date', { withTimezone: true }),
    timeToRead: integer('time_to_read').notNull().default(1),
    isCommentsDisabled: boolean('is_comments_disabled').notNull().default(false),
    paidPlansGroupIds: text('paid_plans_group_ids').array().notNull().default(sql`'{}'::text[]`),
    ownerId: uuid('owner_id').notNull(),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    mainCategoryId: uuid('main_category_id'),
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    coverImage: jsonb('cover_image').$type<StoredCover>(),
    media: jsonb('media').$type<StoredEmbedMedia | null>(),
    viewCount: integer('view_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    language: text('language').notNull().default('en'),
    /** Posts that translate each other share one translation id. */
    translationId: uuid('translation_id'),
    /**
     * Issue 19 (per-post SEO): the title and description search engines and social cards show
     * ('' = the post's title and excerpt), an address to name as canonical instead of the post's
     * own ('' = its own), whether search engines are asked not to index it, and an image for
     * social cards instead of the cover.
     */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    canonicalUrl: text('canonical_url').notNull().default(''),
    noindex: boolean('noindex').notNull().default(false),
    socialImage: jsonb('social_image').$type<MediaRef | null>(),
    /** Whether `excerpt` is the writer's own; otherwise it is derived from the content. */
    isExcerptCustom: boolean('is_excerpt_custom').notNull().default(false),
    /**
     * Bumped by every editor write; a save names the revision it started from, and a stale one
     * is refused (409 edit-conflict) instead of silently overwriting someone's work (issue 4).
     */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The status a post in the trash had before (issue 17): a restore returns it there. */
    trashedFromStatus: text('trashed_from_status'),
    /** When the post went to the trash (issue 17); null outside it. */
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** The dashboard tab the status shows under (domain/dashboard-posts.ts), derived. */
    dashboardTab: text('dashboard_tab').notNull().generatedAlwaysAs(dashboardTabExpression()),
    /** The date a dashboard tab sorts by: published, scheduled, trashed or last edited. */
    dashboardDate: timestamp('dashboard_date', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(dashboardDateExpression()),
    /** The text-search configuration of the post's language (domain/search.ts), derived. */
    searchConfig: regconfig('search_config').notNull().generatedAlwaysAs(searchConfigExpression()),
    /** Title 'A', excerpt 'B', content text 'C', in `search_config`; derived (issue 3). */
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchVectorExpression()),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.id] }),
    foreignKey({ name: 'posts_site_fk', columns: [t.siteId], foreignColumns: [sites.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'posts_owner_fk',
      columns: [t.siteId, t.ownerId],
      foreignColumns: [members.siteId, members.id],
    }),
    uniqueIndex('posts_slug_idx').on(t.siteId, t.slug),
    // SPEC §4 ordering: pinned first, then newest first; serves the all-posts feed.
    index('posts_feed_idx')
      .on(t.siteId, t.isPinned.desc(), t.firstPublishedDate.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    // Monthly archive: a range over the publish date.
    index('posts_published_date_idx')
      .on(t.siteId, t.firstPublishedDate.desc())
      .where(sql`${t.status} = 'published'`),
    // Scheduled posts by the moment they go live, for the publishing job (jobs/).
    index('posts_scheduled_idx').on(t.scheduledPublishDate).where(sql`${t.status} = 'scheduled'`),
    index('posts_slugs_idx').using('gin', t.slugs),
    index('posts_owner_idx').on(t.siteId, t.ownerId, t.updatedAt.desc()),
    // A member's own posts by tab (SPEC §2 my-posts; domain/my-posts.ts): each tab's page is one
    // range of its own index in its own order. The drafts' statuses are MY_POSTS_TAB_STATUSES.
    index('posts_owner_published_idx')
      .on(t.siteId, t.ownerId, t.firstPublishedDate.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('posts_owner_drafts_idx')
      .on(t.siteId, t.ownerId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('unpublished', 'in_review', 'in_moderation')`),
    index('posts_owner_scheduled_idx')
      .on(t.siteId, t.ownerId, t.scheduledPublishDate, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    // The review flow (decision 034): the posts waiting for an editor, newest edit first; the
    // dashboard's badge counts them from this index alone (countInReview).
    index('posts_in_review_idx')
      .on(t.siteId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('in_review', 'in_moderation')`),
    // Full-text search of published posts; the query adds the site filter (search.server.ts).
    index('posts_search_idx').using('gin', t.searchVector).where(sql`${t.status} = 'published'`),
    // The dashboard's Posts list (issue 17): each tab × sort is one range of its own index, keyset
    // paged by (key, id); a writer's own posts by date from the owner's index.
    index('posts_dashboard_date_idx').on(
      t.siteId,
      t.dashboardTab,
      t.dashboardDate.desc(),
      t.id.desc(),
    ),
    index('posts_dashboard_views_idx').on(
      t.siteId,
      t.dashboardTab,
      t.viewCount.desc(),
      t.id.desc(),
    ),
    index('posts_dashboard_likes_idx').on(
      t.siteId,
      t.dashboardTab,
      t.likeCount.desc(),
      t.id.desc(),
    ),
    index('posts_dashboard_comments_idx').on(
      t.siteId,
      t.dashboardTab,
      t.commentCount.desc(),
      t.id.desc(),
    ),
    index('posts_dashboard_owner_idx').on(
      t.siteId,
      t.ownerId,
      t.dashboardTab,
      t.dashboardDate.desc(),
      t.id.desc(),
    ),
    // The dashboard's search covers every status (posts_search_idx holds published ones only).
    index('posts_dashboard_search_idx').using('gin', t.searchVector),
    // Issue 17 speed (bench/README.md "The dashboard group"; added by the bench): the category
    // and tag filters' matching count reads only that category's or tag's posts instead of the
    // whole tab (a sequential scan of 100,000 posts), and the tab counts of every list request
    // read a small deduplicated index (~0.7 MB at 100,000 posts) instead of a sort index (~10 MB).
    index('posts_dashboard_categories_idx').using('gin', t.categoryIds),
    index('posts_dashboard_tags_idx').using('gin', t.tagIds),
    index('posts_dashboard_tab_count_idx').on(t.siteId, t.dashboardTab),
    // Issue 19 sitemaps (decision 049): the posts a sitemap lists, oldest first, so a new post
    // only ever changes the last chunk. Chunks are keyset ranges of (first_published_date, id);
    // updated_at as the last key makes a chunk's count and newest change an index-only scan.
    index('posts_sitemap_idx')
      .on(t.siteId, t.firstPublishedDate, t.id, t.updatedAt)
      .where(sql`${t.status} = 'published' and ${t.noindex} = false and ${t.canonicalUrl} = ''`),
    check(
      'posts_status_check',
      sql`${t.status} in ('published', 'unpublished', 'scheduled', 'deleted', 'in_moderation', 'in_review')`,
    ),
  ],
);

/**
 * A post's revision history (issue 17 "Revision history", decision 034): the title and content
 * as they were after a save, a publication, a submission, a send-back or a restore, numbered per
 * post from 1. Autosaves by the same writer within POST_REVISION_COALESCE_MS coalesce into the
 * latest `save` revision (its `updated_at` moves). `summary` says what changed against the
 * revision before (words added and removed, title, status); `note` is a send-back's note to the
 * writer. The list reads the primary key backwards (site, post, number desc): no other index.
 */
export const postRevisions = pgTable(
  'post_revisions',
  {
    siteId: uuid('site_id').notNull(),
    postId: uuid('post_id').notNull(),
    number: integer('number').notNull(),
    kind: text('kind').notNull(),
    /** Who made it; null for the scheduled-posts job. No foreign key, like notifications' actor. */
    authorId: uuid('author_id'),
    title: text('title').notNull(),
    content: jsonb('content').notNull(),
    /** The post's status once this revision was made. */
    status: text('status').notNull(),
    summary: jsonb('summary').notNull().default(sql`'{}'::jsonb`),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.postId, t.number] }),
    foreignKey({
      name: 'post_revisions_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    check(
      'post_revisions_kind_check',
      sql`${t.kind} in ('baseline', 'save', 'publish', 'schedule', 'revert', 'submit', 'send-back', 'restore', 'duplicate')`,
    ),
  ],
);

/**
 * Listing tables: one row per (post, category | tag | hashtag), carrying the feed's ordering keys
 * so that a per-category, per-tag or per-hashtag page is one index range, never a scan. Kept in
 * step with `posts` by the post service, inside the same transaction.
 */
function listingColumns() {
  return {
    siteId: uuid('site_id').notNull(),
    postId: uuid('post_id').notNull(),
    isPublished: boolean('is_published').notNull(),
    isPinned: boolean('is_pinned').notNull(),
    firstPublishedDate: timestamp('first_published_date', { withTimezone: true }),
  };
}

export const postCategories = pgTable(
  'post_categories',
  { ...listingColumns(), categoryId: uuid('category_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.siteId, t.categoryId, t.postId] }),
    foreignKey({
      name: 'post_categories_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'post_categories_category_fk',
      columns: [t.siteId, t.categoryId],
      foreignColumns: [categories.siteId, categories.id],
    }).onDelete('cascade'),
    index('post_categories_feed_idx')
      .on(t.siteId, t.categoryId, t.isPinned.desc(), t.firstPublishedDate.desc(), t.postId.desc())
      .where(sql`${t.isPublished}`),
  ],
);

export const postTags = pgTable(
  'post_tags',
  { ...listingColumns(), tagId: uuid('tag_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.siteId, t.tagId, t.postId] }),
    foreignKey({
      name: 'post_tags_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'post_tags_tag_fk',
      columns: [t.siteId, t.tagId],
      foreignColumns: [tags.siteId, tags.id],
    }).onDelete('cascade'),
    index('post_tags_feed_idx')
      .on(t.siteId, t.tagId, t.isPinned.desc(), t.firstPublishedDate.desc(), t.postId.desc())
      .where(sql`${t.isPublished}`),
  ],
);

export const postHashtags = pgTable(
  'post_hashtags',
  { ...listingColumns(), hashtag: text('hashtag').notNull() },
  (t) => [
    primaryKey({ columns: [t.siteId, t.hashtag, t.postId] }),
    foreignKey({
      name: 'post_hashtags_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    index('post_hashtags_feed_idx')
      .on(t.siteId, t.hashtag, t.isPinned.desc(), t.firstPublishedDate.desc(), t.postId.desc())
      .where(sql`${t.isPublished}`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    slug: text('slug').notNull(),
    slugs: text('slugs').array().notNull().default(sql`'{}'::text[]`),
    label: text('label').notNull(),
    menuLabel: text('menu_label').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('en'),
    /** Other languages of this category: `{ language, categoryId, url }[]`. */
    translations: jsonb('translations')
      .$type<{ language: string; categoryId: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    parentId: uuid('parent_id'),
    displayPosition: integer('display_position').notNull().default(0),
    coverImage: jsonb('cover_image').$type<MediaRef | null>(),
    /** The category page's title and description for search engines; empty uses the label's. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    postCount: integer('post_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.id] }),
    foreignKey({
      name: 'categories_site_fk',
      columns: [t.siteId],
      foreignColumns: [sites.id],
    }).onDelete('cascade'),
    uniqueIndex('categories_slug_idx').on(t.siteId, t.slug),
    index('categories_order_idx').on(t.siteId, t.displayPosition),
  ],
);

export const tags = pgTable(
  'tags',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    slug: text('slug').notNull(),
    /** Every former slug of the tag (renames, merged tags), answered with a 301 (issue 17). */
    slugs: text('slugs').array().notNull().default(sql`'{}'::text[]`),
    label: text('label').notNull(),
    language: text('language').notNull().default('en'),
    postCount: integer('post_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.id] }),
    foreignKey({ name: 'tags_site_fk', columns: [t.siteId], foreignColumns: [sites.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('tags_slug_idx').on(t.siteId, t.slug),
    // The dashboard's tag list (issue 17): keyset pages by label, or by post count.
    index('tags_label_idx').on(t.siteId, t.label, t.id),
    index('tags_count_idx').on(t.siteId, t.postCount.desc(), t.id),
    index('tags_slugs_idx').using('gin', t.slugs),
  ],
);

export const comments = pgTable(
  'comments',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    postId: uuid('post_id').notNull(),
    /** The comment this one replies to; null for a top-level comment. */
    parentId: uuid('parent_id'),
    authorId: uuid('author_id').notNull(),
    content: jsonb('content').notNull(),
    contentText: text('content_text').notNull().default(''),
    status: text('status').notNull().default('published'),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.id] }),
    foreignKey({
      name: 'comments_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    // No foreign key to the author (issue 18): a deleted member's comments may stay, shown as a
    // deleted member's (decision 039); deleting the member deletes them when asked to.
    index('comments_post_idx').on(t.siteId, t.postId, t.parentId, t.createdAt),
    index('comments_author_idx').on(t.siteId, t.authorId, t.createdAt.desc()),
    // Issue 17, the dashboard's comment lists, newest first with a keyset cursor: all of the
    // site's, one post's, and the held ones (a small partial index, also their count).
    // NULLS FIRST is PostgreSQL's default for DESC: `order by created_at desc, id desc` reads
    // these in order (drizzle's bare .desc() writes NULLS LAST, which that order cannot use).
    index('comments_site_created_idx').on(
      t.siteId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('comments_post_created_idx').on(
      t.siteId,
      t.postId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('comments_pending_idx')
      .on(t.siteId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'pending'`),
    // The dashboard's search of comment text (words, prefix of the last).
    index('comments_text_search_idx').using('gin', sql`to_tsvector('simple', ${t.contentText})`),
  ],
);

export const likes = pgTable(
  'likes',
  {
    siteId: uuid('site_id').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** 'm:<member id>' for a member, 'v:<visitor id>' for an anonymous visitor (SPEC §6). */
    likerKey: text('liker_key').notNull(),
    memberId: uuid('member_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.targetType, t.targetId, t.likerKey] }),
    index('likes_member_idx').on(t.siteId, t.memberId),
    check('likes_target_check', sql`${t.targetType} in ('post', 'comment')`),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    siteId: uuid('site_id').notNull(),
    postId: uuid('post_id').notNull(),
    memberId: uuid('member_id').notNull(),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.postId, t.memberId] }),
    foreignKey({
      name: 'ratings_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'ratings_member_fk',
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete('cascade'),
    // SPEC §5: a rating is clamped to 0–5 (migration 0009 let 0 in).
    check('ratings_value_check', sql`${t.value} between 0 and 5`),
  ],
);

/**
 * Who viewed a post on a day (issue 6 view counts; decision 020): a viewer counts once a day, so a
 * view is counted only when its row is new. `viewer_key` is 'm:<member id>', 'v:<visitor id>', or
 * 'a:<hash>' of the client's address and browser for a visitor without an id. `day` is the UTC
 * date; rows of past days only dedupe nothing and are swept.
 */
export const postViews = pgTable(
  'post_views',
  {
    siteId: uuid('site_id').notNull(),
    postId: uuid('post_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.postId, t.day, t.viewerKey] }),
    foreignKey({
      name: 'post_views_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    // The sweep of past days, across sites.
    index('post_views_day_idx').on(t.day),
  ],
);

/**
 * Votes in the polls of post content (SPEC §3 "Poll"). A poll lives in the post's document, so
 * a vote names the post and the poll's id in it; `voter_key` is 'm:<member id>' for a member and
 * 'v:<visitor id>' for an anonymous visitor when the poll lets everyone vote. One row per chosen
 * option: a poll that allows multiple votes gives a voter several rows.
 */
export const pollVotes = pgTable(
  'poll_votes',
  {
    siteId: uuid('site_id').notNull(),
    postId: uuid('post_id').notNull(),
    pollId: text('poll_id').notNull(),
    optionId: text('option_id').notNull(),
    voterKey: text('voter_key').notNull(),
    memberId: uuid('member_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.postId, t.pollId, t.voterKey, t.optionId] }),
    foreignKey({
      name: 'poll_votes_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'poll_votes_member_fk',
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete('cascade'),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    siteId: uuid('site_id').notNull(),
    memberId: uuid('member_id').notNull(),
    /** 'blog', 'category', 'post' or 'member'. */
    targetType: text('target_type').notNull(),
    /** The category, post or member id; the site id for the whole blog. */
    targetId: uuid('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.memberId, t.targetType, t.targetId] }),
    index('subscriptions_target_idx').on(t.siteId, t.targetType, t.targetId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    memberId: uuid('member_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    /** When the member read it; null while unread (replaced `is_read` in migration 0008). */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The member whose action it tells of; null for a visitor's like or the system. */
    actorId: uuid('actor_id'),
    /**
     * Kind and target (`post-like:<post id>`): unread notifications with the same key, and read
     * ones marked read together, fold into one line (decision 018). Null for kinds that never fold.
     */
    groupKey: text('group_key'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.id] }),
    foreignKey({
      name: 'notifications_member_fk',
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete('cascade'),
    index('notifications_member_idx').on(t.siteId, t.memberId, t.createdAt.desc()),
    // The unread count and the unread list, newest first, without a sort; group_key last so the
    // count folds groups from the index alone.
    index('notifications_unread_idx')
      .on(t.siteId, t.memberId, t.createdAt.desc(), t.id.desc(), t.groupKey)
      .where(sql`${t.readAt} is null`),
    // Whether a newer notification of the same group hides one (folding), one probe per line.
    index('notifications_group_idx')
      .on(t.siteId, t.memberId, t.groupKey, t.readAt, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.groupKey} is not null`),
    // The retention job's read notifications by age, across sites.
    index('notifications_read_created_idx').on(t.createdAt).where(sql`${t.readAt} is not null`),
  ],
);

export const reports = pgTable(
  'reports',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    reporterId: uuid('reporter_id').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.id] }),
    uniqueIndex('reports_once_idx').on(t.siteId, t.reporterId, t.targetType, t.targetId),
    index('reports_status_idx').on(t.siteId, t.status, t.createdAt.desc()),
    // Issue 17: the queue grouped by what is reported, and the actions on one target's reports.
    index('reports_target_idx').on(t.siteId, t.status, t.targetType, t.targetId, t.createdAt),
  ],
);

export const widgetSettings = pgTable(
  'widget_settings',
  {
    siteId: uuid('site_id').notNull(),
    /** Which widget: 'blog', 'post-list', ... */
    widget: text('widget').notNull(),
    /** 'desktop' or 'mobile': every value may differ between the two (SPEC §1). */
    device: text('device').notNull(),
    /**
     * 'published' (what visitors see) or 'draft' (the owner's unpublished edits in the builder's
     * editor, issue 7; decision 022). A draft row exists only while it has edits to publish.
     */
    state: text('state').notNull().default('published'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.widget, t.device, t.state] }),
    foreignKey({
      name: 'widget_settings_site_fk',
      columns: [t.siteId],
      foreignColumns: [sites.id],
    }).onDelete('cascade'),
    check('widget_settings_device_check', sql`${t.device} in ('desktop', 'mobile')`),
    check('widget_settings_state_check', sql`${t.state} in ('published', 'draft')`),
  ],
);

/**
 * A member's password (issue 5 identity; decision 017): the scrypt hash in PHC form
 * (`$scrypt$ln=15,r=8,p=1$<salt>$<hash>`), parameters and salt included, so they can be raised
 * later and old hashes still verify (and are rehashed at the next login). Keyed by site and
 * member like every table; the email that finds the member is `members.email`, stored lowercased.
 */
export const memberCredentials = pgTable(
  'member_credentials',
  {
    siteId: uuid('site_id').notNull(),
    memberId: uuid('member_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordUpdatedAt: timestamp('password_updated_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.memberId] }),
    foreignKey({
      name: 'member_credentials_member_fk',
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Signed-in sessions (decision 017). The cookie holds a random token; only its SHA-256 is stored,
 * so the table alone lets nobody sign in. A request's session is one primary-key lookup joined to
 * its member; rows outlive a restart and expire at `expires_at`.
 */
export const sessions = pgTable(
  'sessions',
  {
    siteId: uuid('site_id').notNull(),
    /** base64url SHA-256 of the cookie's token. */
    tokenHash: text('token_hash').notNull(),
    memberId: uuid('member_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.tokenHash] }),
    foreignKey({
      name: 'sessions_member_fk',
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete('cascade'),
    // A member's sessions: ended together by a password reset, swept when they expire.
    index('sessions_member_idx').on(t.siteId, t.memberId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * One-time password reset tokens (decision 017): only the token's SHA-256 is stored; a token
 * works once, within its hour, and a new password ends every session of the member.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    siteId: uuid('site_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    memberId: uuid('member_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.tokenHash] }),
    foreignKey({
      name: 'password_reset_tokens_member_fk',
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete('cascade'),
    index('password_reset_tokens_member_idx').on(t.siteId, t.memberId),
  ],
);

/**
 * Error monitoring (issue 18; decision 042): one row per fingerprint (kind + normalised message +
 * top frames) per site, counted. The latest occurrence is the group's sample (stack, address,
 * user agent); no per-occurrence rows, so a storm of one error costs one row's update per flush.
 */
export const errorGroups = pgTable(
  'error_groups',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    /** SHA-256 (base64url) of domain/health.ts `fingerprintText`. */
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind', { enum: ['client', 'server', 'job'] }).notNull(),
    /** What caught a client error, or the job's name; null for requests. */
    source: text('source'),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'ignored'] })
      .notNull()
      .default('open'),
    count: integer('count').notNull().default(0),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    firstRelease: text('first_release').notNull(),
    lastRelease: text('last_release').notNull(),
    /** The latest sample, its stack mapped to the source when it was stored (jsonb frames). */
    stack: text('stack'),
    frames: jsonb('frames').notNull().default(sql`'[]'::jsonb`),
    url: text('url'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.id] }),
    foreignKey({
      name: 'error_groups_site_fk',
      columns: [t.siteId],
      foreignColumns: [sites.id],
    }).onDelete('cascade'),
    uniqueIndex('error_groups_fingerprint_idx').on(t.siteId, t.fingerprint),
    // The Health list: newest last seen first, by status; the retention job by last seen.
    index('error_groups_status_seen_idx').on(t.siteId, t.status, t.lastSeen.desc(), t.id),
    index('error_groups_seen_idx').on(t.lastSeen),
  ],
);

/**
 * The audit log (issue 18; decision 039): who did what to whom, written in the same transaction as
 * the action (`recordAudit`). Names are snapshots: the log still reads right after a rename or a
 * deletion. Newest first with a keyset cursor.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    targetId: uuid('target_id'),
    targetName: text('target_name').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.id] }),
    foreignKey({
      name: 'audit_events_site_fk',
      columns: [t.siteId],
      foreignColumns: [sites.id],
    }).onDelete('cascade'),
    index('audit_events_created_idx').on(
      t.siteId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Issue 18 analytics (decision 041): the site's activity per day, a day being a date in the
 * site's time zone (`sites.time_zone`). Kept by triggers in the same transaction as each event
 * (migration `analytics_aggregates`), never computed from raw rows at read time. A site's day is
 * split over a few `shard` rows (chosen from the post or member the event is about), so a storm
 * of likes across many posts does not queue on one row; readers sum the shards.
 */
export const analyticsSiteDays = pgTable(
  'analytics_site_days',
  {
    siteId: uuid('site_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull().default(0),
    /** Post views: the once-a-day-per-reader count of `post_views`. */
    views: integer('views').notNull().default(0),
    /** Distinct readers who viewed any post of the site that day. */
    readers: integer('readers').notNull().default(0),
    /** Likes of posts given that day (a like taken back leaves its day). */
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    ratings: integer('ratings').notNull().default(0),
    /** Members who joined. */
    members: integer('members').notNull().default(0),
    /** New subscriptions (the blog, a category, a post or a member followed). */
    followers: integer('followers').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.shard] }),
    foreignKey({
      name: 'analytics_site_days_site_fk',
      columns: [t.siteId],
      foreignColumns: [sites.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Issue 18 analytics: one post's activity per day (site time zone). A post's readers of a day are
 * its views (a view is already once a day per reader). The `(site_id, day)` index covers the
 * range's per-post sums for the top lists.
 */
export const analyticsPostDays = pgTable(
  'analytics_post_days',
  {
    siteId: uuid('site_id').notNull(),
    postId: uuid('post_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    ratings: integer('ratings').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.postId, t.day] }),
    foreignKey({
      name: 'analytics_post_days_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    index('analytics_post_days_day_idx').on(
      t.siteId,
      t.day,
      t.postId,
      t.views,
      t.likes,
      t.comments,
      t.ratings,
    ),
  ],
);

/**
 * Issue 18 analytics: one post's activity per calendar month (the first day names it), kept with
 * its days by the same triggers, so a long range's top lists sum a dozen rows per post instead of
 * a year of days (decision 041).
 */
export const analyticsPostMonths = pgTable(
  'analytics_post_months',
  {
    siteId: uuid('site_id').notNull(),
    postId: uuid('post_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    ratings: integer('ratings').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.postId, t.month] }),
    foreignKey({
      name: 'analytics_post_months_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
    index('analytics_post_months_month_idx').on(
      t.siteId,
      t.month,
      t.postId,
      t.views,
      t.likes,
      t.comments,
      t.ratings,
    ),
  ],
);

/**
 * Issue 18 analytics: who read the site on a day (site time zone), only so that a reader is
 * counted once a day in `analytics_site_days.readers`. Swept with `post_views` after the day.
 */
export const analyticsSiteReaders = pgTable(
  'analytics_site_readers',
  {
    siteId: uuid('site_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.viewerKey] }),
    foreignKey({
      name: 'analytics_site_readers_site_fk',
      columns: [t.siteId],
      foreignColumns: [sites.id],
    }).onDelete('cascade'),
    index('analytics_site_readers_day_idx').on(t.day),
  ],
);

/**
 * Issue 21 (import, decision 057 "Storing"): what each record of an imported file became, so a
 * second import of the same file finds it and creates nothing twice. `kind` is the record's
 * (`author`, `category`, `tag`, `post`, `comment`) or `commenter` (a comment's author, keyed by
 * address); `targetId` is the member, category, tag, post or comment it is now. `coverUrl` keeps
 * an imported post's cover address until media are fetched (a later part of the import).
 */
export const importedRecords = pgTable(
  'imported_records',
  {
    siteId: uuid('site_id').notNull(),
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    sourceId: text('source_id').notNull(),
    targetId: uuid('target_id').notNull(),
    coverUrl: text('cover_url'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.source, t.kind, t.sourceId] }),
    foreignKey({
      name: 'imported_records_site_fk',
      columns: [t.siteId],
      foreignColumns: [sites.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Issue 21: an imported post's path on its old site (`/every-block/`), answered with a 301 to the
 * post's address when nothing else answers it. Deleting the post deletes its old paths.
 */
export const importedPaths = pgTable(
  'imported_paths',
  {
    siteId: uuid('site_id').notNull(),
    path: text('path').notNull(),
    postId: uuid('post_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.path] }),
    foreignKey({
      name: 'imported_paths_post_fk',
      columns: [t.siteId, t.postId],
      foreignColumns: [posts.siteId, posts.id],
    }).onDelete('cascade'),
  ],
);
