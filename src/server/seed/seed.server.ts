/**
 * Seeds the demo blog: the default site with members of every role, categories, tags, posts
 * spread over time, comments with replies, likes and ratings, and generated images. The whole
 * blog is planned in memory first (so every counter is computed from the rows that will be
 * inserted, never patched afterwards), the images are rendered, and then everything is
 * inserted in bulk inside one transaction.
 *
 * Deterministic: every id, date and choice comes from a seeded generator, so the same `now`,
 * `posts` and `seed` always give the same blog.
 */

import { cp, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { isReservedSlug, slugify, uniqueSlug } from '../../domain/slugs';
import {
  documentOf,
  image,
  paragraph,
  type RichDocument,
  video,
} from '../../rich-content/document';
import { hashPassword } from '../auth/password.server';
import type { Database } from '../db/connection.server';
import {
  categories,
  comments,
  likes,
  type MediaRef,
  media,
  memberCredentials,
  members,
  notifications,
  postCategories,
  postHashtags,
  posts,
  postTags,
  ratings,
  reports,
  type StoredCover,
  type StoredEmbedMedia,
  sites,
  subscriptions,
  tags,
  widgetSettings,
} from '../db/schema.server';
import { mediaDir, mediaUrl, type StoredImageRow, storeImageFile } from '../media/storage.server';
import { blockToNode, renumber } from '../sample-content/blocks.server';
import {
  COMMENT_TEXTS,
  COMPOSABLE_CATEGORIES,
  captionFor,
  composePost,
  createRandom,
  DEMO_CATEGORIES,
  DEMO_MEMBERS,
  DEMO_PASSWORD,
  DEMO_TAGS,
  DEMO_VIDEOS,
  type DemoMember,
  type DemoPost,
  DRAFT_POSTS,
  FEATURED_POSTS,
  KITCHEN_SINK_POST,
  type Random,
  REPLY_TEXTS,
  SCHEDULED_POST,
  seedFrom,
  VIDEO_INTROS,
  videoIntro,
} from '../sample-content/content.server';
import { kitchenSinkDocument } from '../sample-content/kitchen-sink.server';
import { buildPostRecords, type PostRecords } from '../services/post-records.server';
import { findDefaultSite } from '../services/sites.server';
import {
  AVATAR_SIDE,
  avatarSvg,
  COVER_SIZE,
  type Composition,
  coverArt,
  INLINE_IMAGE_SIZE,
  renderSvg,
  THUMBNAIL_SIZE,
} from './cover-art.server';
import { planDemoNotifications } from './notifications.server';

/** The generator seed of the demo blog; fixed so every install gets the same blog. */
export const DEMO_SEED = 20_240_611;

/** Number of posts the demo blog has by default (published, drafts and the scheduled one). */
export const DEMO_POST_COUNT = 64;

/** The smallest corpus: the hand-written posts, the kitchen sink, drafts and the scheduled post. */
export const DEMO_MIN_POSTS = FEATURED_POSTS.length + 1 + DRAFT_POSTS.length + 1;

/** Host name of the demo site (DESIGN.md: localhost gets the default site). */
export const DEMO_HOST = 'localhost';

/** Top-level category slugs in display order. */
export const DEMO_CATEGORY_SLUGS: readonly string[] = DEMO_CATEGORIES.map((c) => c.slug);

/** Subcategory slugs by parent slug. */
export const DEMO_SUBCATEGORY_SLUGS: Readonly<Record<string, readonly string[]>> =
  Object.fromEntries(
    DEMO_CATEGORIES.filter((c) => c.children).map((c) => [c.slug, c.children!.map((s) => s.slug)]),
  );

/** Tag slugs of the demo blog. */
export const DEMO_TAG_SLUGS: readonly string[] = DEMO_TAGS.map((t) => t.slug);

/** Slugs of the three pinned posts (the first hand-written posts, so they keep their slugs). */
export const DEMO_PINNED_SLUGS: readonly string[] = FEATURED_POSTS.filter((p) => p.isPinned).map(
  (p) => slugify(p.title),
);

/** Distinct cover images per top-level category; posts reuse them so seeding stays fast. */
const COVERS_PER_CATEGORY = 3;

/** Rows per INSERT statement: large enough to be fast, small enough for parameter limits. */
const INSERT_CHUNK = 500;

const DAY_MS = 86_400_000;

/** What `seedDemoSite` is given. */
export interface SeedOptions {
  db: Database;
  dataDir: string;
  /** The moment the blog is seeded at; all dates are relative to it. */
  now?: Date;
  /** Total number of posts, drafts and the scheduled post included (at least DEMO_MIN_POSTS). */
  posts?: number;
  /** Generator seed; the demo blog uses DEMO_SEED. */
  seed?: number;
  /**
   * Seeds a copy of the demo blog as another, non-default site at `host` instead of the default
   * site (the browser tests' own sites, decision 031). Rows are keyed by (site, id), so the copy
   * keeps every id but the site's.
   */
  copyAt?: { host: string; name?: string };
}

/** Row counts of a seeded blog, for the CLI's report. */
export interface SeedStats {
  members: number;
  categories: number;
  tags: number;
  posts: number;
  published: number;
  comments: number;
  likes: number;
  ratings: number;
  media: number;
}

/** What `seedDemoSite` returns; `created` is false when the demo site already existed. */
export interface SeedResult {
  siteId: string;
  postCount: number;
  created: boolean;
  stats?: SeedStats;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Deletes the default site and every row that belongs to it (all tables, by site_id) and its
 * media files. Returns the deleted site's id, or null when there was no default site.
 */
export async function resetDemoSite(options: {
  db: Database;
  dataDir: string;
}): Promise<string | null> {
  const siteId = await findDefaultSite(options.db);
  if (!siteId) return null;
  await options.db.transaction(async (tx) => {
    // Children before parents: not every table cascades from `sites` (likes, media, reports and
    // subscriptions have no foreign key to it), so each is cleared explicitly.
    await tx.delete(likes).where(eq(likes.siteId, siteId));
    await tx.delete(ratings).where(eq(ratings.siteId, siteId));
    await tx.delete(reports).where(eq(reports.siteId, siteId));
    await tx.delete(subscriptions).where(eq(subscriptions.siteId, siteId));
    await tx.delete(notifications).where(eq(notifications.siteId, siteId));
    await tx.delete(comments).where(eq(comments.siteId, siteId));
    await tx.delete(postHashtags).where(eq(postHashtags.siteId, siteId));
    await tx.delete(postTags).where(eq(postTags.siteId, siteId));
    await tx.delete(postCategories).where(eq(postCategories.siteId, siteId));
    await tx.delete(posts).where(eq(posts.siteId, siteId));
    await tx.delete(categories).where(eq(categories.siteId, siteId));
    await tx.delete(tags).where(eq(tags.siteId, siteId));
    await tx.delete(media).where(eq(media.siteId, siteId));
    await tx.delete(widgetSettings).where(eq(widgetSettings.siteId, siteId));
    await tx.delete(members).where(eq(members.siteId, siteId));
    await tx.delete(sites).where(eq(sites.id, siteId));
  });
  await rm(path.join(options.dataDir, 'media', siteId), { recursive: true, force: true });
  return siteId;
}

/**
 * Seeds the demo blog unless a default site exists already, in which case it is returned
 * untouched. Member counters: `postCount` counts published posts written, `commentCount`
 * comments written and `likeCount` likes given (rows with the member as liker); post and
 * category/tag `postCount`s count published posts only.
 */
export async function seedDemoSite(options: SeedOptions): Promise<SeedResult> {
  const { db, dataDir, copyAt } = options;
  const existing = copyAt ? null : await findDefaultSite(db);
  if (existing) {
    const [row] = await db.select({ n: count() }).from(posts).where(eq(posts.siteId, existing));
    return { siteId: existing, postCount: row?.n ?? 0, created: false };
  }
  const total = options.posts ?? DEMO_POST_COUNT;
  if (!Number.isInteger(total) || total < DEMO_MIN_POSTS) {
    throw new RangeError(`posts must be an integer of at least ${DEMO_MIN_POSTS}`);
  }
  const now = options.now ?? new Date();
  const seed = options.seed ?? DEMO_SEED;
  const siteId = createRandom(seedFrom(seed, copyAt ? `site:${copyAt.host}` : 'site')).uuid();

  const images = planImages(seed);
  // Looked up before the transaction below, which holds PGlite's only connection.
  const copied = copyAt ? await seededImages(db, images.jobs) : null;
  // One hash for every member (the same documented password): scrypt is slow on purpose, and
  // runs on the thread pool while the blog is planned.
  const hashing = hashPassword(DEMO_PASSWORD);
  // sharp renders on its own threads while the main thread plans and inserts the rows; a render
  // failure rejects inside the transaction, which then rolls back.
  // A copy whose files are not in this data folder renders its own.
  const rendering = copied
    ? copyImageFiles(dataDir, copied, siteId).catch(() =>
        renderImages(dataDir, siteId, images.jobs),
      )
    : renderImages(dataDir, siteId, images.jobs);
  rendering.catch(() => {}); // Handled when awaited below; avoids an unhandled-rejection crash.
  let plan: Plan;
  try {
    plan = planBlog({ siteId, now, total, seed, images });
    await db.transaction(async (tx) => {
      await tx.insert(sites).values({
        id: siteId,
        host: copyAt?.host ?? DEMO_HOST,
        name: copyAt?.name ?? 'Inkwell Demo',
        blogBase: '/blog',
        categoryPath: 'category',
        isDefault: !copyAt,
        // A copy is a browser spec's own blog, served by the e2e server over plain HTTP.
        ...(copyAt ? { scheme: 'http' as const } : {}),
        createdAt: plan.siteCreatedAt,
      });
      await insertAll(tx, members, plan.members);
      const passwordHash = await hashing;
      await insertAll(
        tx,
        memberCredentials,
        plan.members.map((m) => ({ siteId, memberId: m.id, passwordHash })),
      );
      await insertAll(tx, categories, plan.categories);
      await insertAll(tx, tags, plan.tags);
      await insertAll(
        tx,
        posts,
        plan.posts.map((r) => r.post),
      );
      await insertAll(
        tx,
        postCategories,
        plan.posts.flatMap((r) => r.categories),
      );
      await insertAll(
        tx,
        postTags,
        plan.posts.flatMap((r) => r.tags),
      );
      await insertAll(
        tx,
        postHashtags,
        plan.posts.flatMap((r) => r.hashtags),
      );
      await insertAll(tx, comments, plan.comments);
      await insertAll(tx, likes, plan.likes);
      await insertAll(tx, ratings, plan.ratings);
      const followsAndNotifications = planDemoNotifications({
        siteId,
        seed,
        ...plan,
        posts: plan.posts.map((r) => r.post),
      });
      await insertAll(tx, subscriptions, followsAndNotifications.subscriptions);
      await insertAll(tx, notifications, followsAndNotifications.notifications);
      // Dated like the rest of the blog, so the same inputs give identical rows.
      const mediaRows = (await rendering).map((row) => ({ ...row, createdAt: plan.siteCreatedAt }));
      await insertAll(tx, media, mediaRows);
    });
  } catch (error) {
    // Let the renders finish before reporting, so no file is written after the caller moves on.
    await rendering.catch(() => {});
    throw error;
  }
  // Fresh statistics and visibility maps after a bulk load, so the planner picks the feed
  // indexes (and index-only scans) at once; PGlite runs no autovacuum to do it later. A copy has
  // the shape the default site's analyze measured, and a test waits on it: none.
  if (!copyAt) await db.execute(sql`vacuum analyze`);

  return {
    siteId,
    postCount: plan.posts.length,
    created: true,
    stats: {
      members: plan.members.length,
      categories: plan.categories.length,
      tags: plan.tags.length,
      posts: plan.posts.length,
      published: plan.posts.filter((r) => r.post.status === 'published').length,
      comments: plan.comments.length,
      likes: plan.likes.length,
      ratings: plan.ratings.length,
      media: images.jobs.length,
    },
  };
}

async function insertAll<TTable extends PgTable>(
  tx: Transaction,
  table: TTable,
  rows: TTable['$inferInsert'][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + INSERT_CHUNK));
  }
}

// ---------------------------------------------------------------------------------------------
// Images

/** One image of the demo blog: its SVG and the reference posts and members will hold. */
interface ImageJob {
  svg: string;
  fileName: string;
  ref: MediaRef;
}

interface SeedImages {
  jobs: ImageJob[];
  /** Cover images by top-level category slug. */
  covers: Map<string, MediaRef[]>;
  /** One in-post image per top-level category. */
  inline: Map<string, MediaRef>;
  /** One thumbnail per demo video, in DEMO_VIDEOS order. */
  thumbnails: MediaRef[];
  /** The kitchen-sink post's event card picture. */
  event: MediaRef;
  /** Avatars by member key. */
  avatars: Map<string, MediaRef>;
}

/** Runs `work` over `items` with at most `limit` running at once, keeping the order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Plans every image of the demo blog: ids, SVGs, sizes and alt texts. The set is fixed whatever
 * the number of posts (covers are reused across posts), and the sizes are known before anything
 * is rendered, so the posts can be planned and inserted while sharp renders on its own threads.
 */
function planImages(seed: number): SeedImages {
  const random = createRandom(seedFrom(seed, 'images'));
  const images: Omit<SeedImages, 'event'> = {
    jobs: [],
    covers: new Map(),
    inline: new Map(),
    thumbnails: [],
    avatars: new Map(),
  };
  const art = (
    theme: string,
    size: { width: number; height: number },
    fileName: string,
    composition?: Composition,
  ) => {
    const { svg, description } = coverArt({
      seed: random.int(1, 2 ** 31),
      theme,
      ...size,
      composition,
    });
    const ref: MediaRef = { id: random.uuid(), ...size, alt: description };
    images.jobs.push({ svg, fileName, ref });
    return ref;
  };
  for (const category of DEMO_CATEGORY_SLUGS) {
    const covers: MediaRef[] = [];
    for (let i = 0; i < COVERS_PER_CATEGORY; i++) {
      covers.push(art(category, COVER_SIZE, `${category}-${i + 1}.png`));
    }
    images.covers.set(category, covers);
    images.inline.set(category, art(category, INLINE_IMAGE_SIZE, `${category}-photo.png`));
  }
  DEMO_VIDEOS.forEach((clip, i) => {
    const theme = DEMO_CATEGORY_SLUGS[i % DEMO_CATEGORY_SLUGS.length]!;
    images.thumbnails.push(art(theme, THUMBNAIL_SIZE, `${slugify(clip.title)}.png`));
  });
  for (const member of DEMO_MEMBERS) {
    if (!member.hasAvatar) continue;
    const svg = avatarSvg({ seed: random.int(1, 2 ** 31), side: AVATAR_SIDE });
    const ref: MediaRef = { id: random.uuid(), width: AVATAR_SIDE, height: AVATAR_SIDE };
    images.jobs.push({ svg, fileName: `${slugify(member.name)}.png`, ref });
    images.avatars.set(member.key, ref);
  }
  // Last, so that every image before it keeps its id. The event is a photo walk through the old
  // town at dusk: a skyline at dusk, not a pale wash that reads as an empty frame (issue 23).
  const event = art('city-life', INLINE_IMAGE_SIZE, 'event-photo-walk.png', 'skyline');
  return { ...images, event };
}

/**
 * Another site's rows of the planned images, when one holds every one of them (seeded with the
 * same generator seed, it drew the same images under the same ids: the default site, or an earlier
 * copy); null otherwise. A copy of the demo blog takes them instead of rendering its own:
 * rendering is most of a seed's time.
 */
async function seededImages(db: Database, jobs: ImageJob[]): Promise<StoredImageRow[] | null> {
  if (jobs.length === 0) return null;
  const ids = jobs.map((job) => job.ref.id);
  const [holder] = await db
    .select({ siteId: media.siteId })
    .from(media)
    .where(inArray(media.id, ids))
    .groupBy(media.siteId)
    .having(sql`count(*) = ${ids.length}`)
    .limit(1);
  if (!holder) return null;
  return db
    .select()
    .from(media)
    .where(and(eq(media.siteId, holder.siteId), inArray(media.id, ids)));
}

/** Copies the files of `rows` (another site's images) to `siteId`; gives the copy's rows. */
async function copyImageFiles(
  dataDir: string,
  rows: StoredImageRow[],
  siteId: string,
): Promise<StoredImageRow[]> {
  return mapLimit(rows, 8, async (row) => {
    await cp(mediaDir(dataDir, row.siteId, row.id), mediaDir(dataDir, siteId, row.id), {
      recursive: true,
    });
    return { ...row, siteId };
  });
}

/** Renders and stores the planned images (files only; the rows are inserted with the rest). */
async function renderImages(
  dataDir: string,
  siteId: string,
  jobs: ImageJob[],
): Promise<StoredImageRow[]> {
  return mapLimit(jobs, Math.max(2, availableParallelism()), async (job) => {
    const row = await storeImageFile({
      dataDir,
      siteId,
      input: await renderSvg(job.svg),
      id: job.ref.id,
      altText: job.ref.alt ?? '',
      fileName: job.fileName,
    });
    // The posts were planned with the expected size; a mismatch would store wrong dimensions.
    if (row.width !== job.ref.width || row.height !== job.ref.height) {
      throw new Error(`Image ${job.fileName} came out ${row.width}×${row.height}`);
    }
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// The plan: every row, with counters computed from the rows themselves.

interface Plan {
  siteCreatedAt: Date;
  members: (typeof members.$inferInsert)[];
  categories: (typeof categories.$inferInsert)[];
  tags: (typeof tags.$inferInsert)[];
  posts: PostRecords[];
  comments: (typeof comments.$inferInsert)[];
  likes: (typeof likes.$inferInsert)[];
  ratings: (typeof ratings.$inferInsert)[];
}

/** A post before it becomes rows: its words plus what the seed decided about it. */
interface PlannedPost {
  demo: DemoPost;
  status: 'published' | 'unpublished' | 'scheduled';
  videoIndex?: number;
  hasInlineImage?: boolean;
  /** The post of every block (kitchen-sink.ts). */
  isKitchenSink?: boolean;
}

/** The moment `days` (fractional) before `now`, to the whole second. */
function daysBefore(now: Date, days: number): Date {
  return new Date(Math.floor((now.getTime() - days * DAY_MS) / 1000) * 1000);
}

/** A moment between `from` and `to` (both dates), skewed towards `from`. */
function soonAfter(random: Random, from: Date, to: Date): Date {
  const span = Math.max(0, to.getTime() - from.getTime());
  const offset = span * random.next() ** 2;
  return new Date(Math.floor((from.getTime() + offset) / 1000) * 1000);
}

/** Plans every row of the blog in memory; counters are tallied from the planned rows. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the demo blog's plan reads top to bottom in the order its rows depend on one another (posts, then their likes, ratings, comments and the counters tallied from them), and its random streams must be drawn in this order for a seed to give the same blog
function planBlog(input: {
  siteId: string;
  now: Date;
  total: number;
  seed: number;
  images: SeedImages;
}): Plan {
  const { siteId, now, total, seed, images } = input;
  const ids = createRandom(seedFrom(seed, 'ids'));
  const random = createRandom(seedFrom(seed, 'posts'));
  const social = createRandom(seedFrom(seed, 'social'));

  // Posts ------------------------------------------------------------------------------------
  const pinned = FEATURED_POSTS.filter((p) => p.isPinned);
  const otherFeatured = FEATURED_POSTS.filter((p) => !p.isPinned);
  const composedCount = total - DEMO_MIN_POSTS;
  const composed: PlannedPost[] = [];
  for (let i = 0; i < composedCount; i++) {
    const category = COMPOSABLE_CATEGORIES[i % COMPOSABLE_CATEGORIES.length]!;
    const ordinal = Math.floor(i / COMPOSABLE_CATEGORIES.length);
    const planned: PlannedPost = {
      demo: composePost(random, category, ordinal),
      status: 'published',
    };
    // The first round of a few categories carries the videos (at least four in the demo), and
    // then one post in forty, so feeds of every size show video cards.
    const videoCategories = ['photography', 'design', 'travel', 'city-life', 'food'];
    if ((ordinal === 0 && videoCategories.includes(category)) || (i > 40 && i % 40 === 0)) {
      planned.videoIndex = (ordinal + videoCategories.indexOf(category) + 5) % DEMO_VIDEOS.length;
    } else if (i % 6 === 3) {
      planned.hasInlineImage = true;
    }
    composed.push(planned);
  }
  const published: PlannedPost[] = [
    ...pinned.map((demo) => ({ demo, status: 'published' as const })),
    ...otherFeatured.map((demo, i) => ({
      demo,
      status: 'published' as const,
      hasInlineImage: i % 3 === 0,
    })),
    // Its video is also the post's media, as for every video post.
    { demo: KITCHEN_SINK_POST, status: 'published' as const, isKitchenSink: true, videoIndex: 0 },
    ...composed,
  ];
  // Slugs are handed out in this order, so the hand-written posts keep their natural slugs.
  const slugOrder: PlannedPost[] = [
    ...published,
    ...DRAFT_POSTS.map((demo) => ({ demo, status: 'unpublished' as const })),
    { demo: SCHEDULED_POST, status: 'scheduled' as const },
  ];
  const takenSlugs = new Set<string>();
  const slugOf = new Map<PlannedPost, string>();
  for (const planned of slugOrder) {
    const slug = uniqueSlug(slugify(planned.demo.title), (s) => takenSlugs.has(s));
    takenSlugs.add(slug);
    slugOf.set(planned, slug);
  }

  // Publish dates: newest first along a shuffled order, evenly spread with a little jitter, so
  // every month of the span has posts. The span grows with the corpus (18 months for the demo).
  const spanDays = Math.min(2920, Math.max(548, published.length * 0.35));
  const dateOrder = random.shuffle([...published]);
  const publishedAt = new Map<PlannedPost, Date>();
  dateOrder.forEach((planned, i) => {
    const days = ((i + 0.15 + random.next() * 0.7) / dateOrder.length) * spanDays;
    publishedAt.set(planned, daysBefore(now, days));
  });
  // The kitchen-sink post is the newest: it shows a visitor of the demo what a post can hold, and
  // it puts a video post among every post's recent posts.
  const kitchenSink = published.find((planned) => planned.isKitchenSink);
  if (kitchenSink) publishedAt.set(kitchenSink, daysBefore(now, 0.01));
  const oldest = daysBefore(now, spanDays + 30);

  // Members ----------------------------------------------------------------------------------
  const memberIds = new Map<string, string>();
  for (const member of DEMO_MEMBERS) memberIds.set(member.key, ids.uuid());
  const memberId = (key: string) => memberIds.get(key)!;
  const writers = DEMO_MEMBERS.filter((m) => m.beats);
  // Blocked members are treated as guests (SPEC §4) and the service account is a robot: neither
  // comments, likes nor rates.
  const engagers = DEMO_MEMBERS.filter((m) => !m.isBlocked && m.role !== 'service');
  const authorOf = (demo: DemoPost): DemoMember => {
    if (demo.author) return DEMO_MEMBERS.find((m) => m.key === demo.author)!;
    const candidates = writers.filter((m) => m.beats!.includes(demo.category));
    return random.pick(candidates.length > 0 ? candidates : writers);
  };

  // Taxonomy ---------------------------------------------------------------------------------
  const categoryIds = new Map<string, string>();
  const categoryRows: (typeof categories.$inferInsert)[] = [];
  let position = 0;
  for (const top of DEMO_CATEGORIES) {
    const topId = ids.uuid();
    categoryIds.set(top.slug, topId);
    const covers = images.covers.get(top.slug) ?? [];
    categoryRows.push({
      siteId,
      id: topId,
      slug: top.slug,
      slugs: [top.slug],
      label: top.label,
      menuLabel: top.menuLabel,
      description: top.description,
      displayPosition: position++,
      coverImage: covers[0] ?? null,
      createdAt: oldest,
      updatedAt: oldest,
    });
    (top.children ?? []).forEach((child, i) => {
      const childId = ids.uuid();
      categoryIds.set(child.slug, childId);
      categoryRows.push({
        siteId,
        id: childId,
        slug: child.slug,
        slugs: [child.slug],
        label: child.label,
        menuLabel: child.menuLabel,
        description: child.description,
        parentId: topId,
        // Subcategories follow their parent, so ordering by position gives the tree in order.
        displayPosition: position++,
        coverImage: covers[(i + 1) % Math.max(1, covers.length)] ?? null,
        createdAt: oldest,
        updatedAt: oldest,
      });
    });
  }
  for (const slug of categoryIds.keys()) {
    if (isReservedSlug(slug)) throw new Error(`Demo category slug '${slug}' is reserved`);
  }
  const tagIds = new Map<string, string>();
  const tagRows: (typeof tags.$inferInsert)[] = DEMO_TAGS.map((tag) => {
    const id = ids.uuid();
    tagIds.set(tag.slug, id);
    return { siteId, id, slug: tag.slug, label: tag.label, createdAt: oldest };
  });

  // Post rows --------------------------------------------------------------------------------
  const coverCursor = new Map<string, number>();
  const postRecords: PostRecords[] = [];
  const commentRows: (typeof comments.$inferInsert)[] = [];
  const likeRows: (typeof likes.$inferInsert)[] = [];
  const ratingRows: (typeof ratings.$inferInsert)[] = [];
  const memberCounters = new Map<string, { posts: number; comments: number; likes: number }>();
  for (const id of memberIds.values()) memberCounters.set(id, { posts: 0, comments: 0, likes: 0 });
  const categoryCounts = new Map<string, number>();
  const tagCounts = new Map<string, number>();

  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: one post's rows drawn from the shared random streams in a fixed order (the same seed gives the same blog); split, the order would hide in call sites
  const buildOne = (planned: PlannedPost, index: number) => {
    const { demo, status } = planned;
    const id = ids.uuid();
    const author = authorOf(demo);
    const ownerId = memberId(author.key);
    const date =
      status === 'published'
        ? publishedAt.get(planned)!
        : daysBefore(now, status === 'scheduled' ? 1 : 2 + (index % 5));
    const nodes = demo.blocks.map(blockToNode);
    let embed: StoredEmbedMedia | null = null;
    if (planned.videoIndex !== undefined) {
      const clip = DEMO_VIDEOS[planned.videoIndex]!;
      const thumb = images.thumbnails[planned.videoIndex]!;
      const thumbnail = { url: mediaUrl(thumb.id, 1280), width: thumb.width, height: thumb.height };
      embed = {
        altText: clip.title,
        thumbnail,
        video: { url: clip.url, width: THUMBNAIL_SIZE.width, height: THUMBNAIL_SIZE.height },
      };
      nodes.splice(
        2,
        0,
        paragraph(videoIntro(random.pick(VIDEO_INTROS), clip.title)),
        video(clip.url, thumbnail, clip.title),
      );
    } else if (planned.hasInlineImage) {
      const inline = images.inline.get(demo.category);
      if (inline) {
        const at = Math.min(3, nodes.length - 1);
        nodes.splice(
          at,
          0,
          image(inline, { altText: inline.alt, caption: captionFor(random, demo.category) }),
        );
      }
    }
    const content: RichDocument = planned.isKitchenSink
      ? kitchenSinkDocument(
          {
            photos: [...images.inline.values()],
            event: images.event,
            video: { ...DEMO_VIDEOS[0]!, thumbnail: images.thumbnails[0]! },
          },
          date,
        )
      : documentOf(renumber(nodes), date);

    // Covers: reused from the category's set; a few posts turn the cover off, and video posts
    // let the video thumbnail be the cover (SPEC §4 cover choice).
    let coverImage: StoredCover;
    if (embed) coverImage = { isEnabled: true, isCustom: false, image: null };
    else if (index % 16 === 7) {
      coverImage = { isEnabled: false, isCustom: false, image: null };
    } else {
      const covers = images.covers.get(demo.category) ?? [];
      const cursor = coverCursor.get(demo.category) ?? 0;
      coverCursor.set(demo.category, cursor + 1);
      const cover = covers[cursor % Math.max(1, covers.length)];
      coverImage = cover
        ? { isEnabled: true, isCustom: true, image: { ...cover } }
        : { isEnabled: true, isCustom: false, image: null };
    }

    const postCategorySlugs = [demo.category];
    if (demo.subcategory) postCategorySlugs.push(demo.subcategory);
    else if (demo.secondCategory) postCategorySlugs.push(demo.secondCategory);
    else if (random.chance(0.25)) {
      postCategorySlugs.push(random.pick(COMPOSABLE_CATEGORIES.filter((c) => c !== demo.category)));
    }
    const tagSlugs = new Set(demo.tags);
    if (tagSlugs.size < 4 && random.chance(0.2)) tagSlugs.add(random.pick(DEMO_TAG_SLUGS));
    const postCategoryIds = postCategorySlugs.map((s) => categoryIds.get(s)!);
    const postTagIds = [...tagSlugs].slice(0, 4).map((s) => tagIds.get(s)!);

    const isPublished = status === 'published';
    const isCommentsDisabled = isPublished && index % 29 === 11;
    const counters = { viewCount: 0, commentCount: 0, likeCount: 0, ratingCount: 0, ratingSum: 0 };
    if (isPublished) {
      const cutoff = now;
      // Comments: most posts get a few, some none; replies thread under them.
      if (!isCommentsDisabled) {
        const roll = social.next();
        const topLevel = roll < 0.35 ? 0 : roll < 0.8 ? social.int(1, 2) : social.int(3, 6);
        const addComment = (
          parent: { id: string; at: Date } | null,
          authorKey: string,
          text: string,
        ) => {
          const commentId = ids.uuid();
          const at = soonAfter(social, parent?.at ?? date, cutoff);
          const authorId = memberId(authorKey);
          commentRows.push({
            siteId,
            id: commentId,
            postId: id,
            parentId: parent?.id ?? null,
            authorId,
            content: documentOf(renumber([paragraph(text)]), at),
            contentText: text,
            status: 'published',
            likeCount: 0,
            replyCount: 0,
            createdAt: at,
            updatedAt: at,
          });
          memberCounters.get(authorId)!.comments++;
          counters.commentCount++;
          const entry = { id: commentId, at, authorId };
          return { entry, row: commentRows[commentRows.length - 1]! };
        };
        const created: ReturnType<typeof addComment>[] = [];
        for (let c = 0; c < topLevel; c++) {
          const top = addComment(null, social.pick(engagers).key, social.pick(COMMENT_TEXTS));
          created.push(top);
          if (social.chance(0.3)) {
            const replies = social.int(1, 2);
            for (let r = 0; r < replies; r++) {
              // Authors answer their readers; other readers chime in.
              const replier = social.chance(0.45) ? author : social.pick(engagers);
              const reply = addComment(top.entry, replier.key, social.pick(REPLY_TEXTS));
              top.row.replyCount = (top.row.replyCount ?? 0) + 1;
              created.push(reply);
              if (social.chance(0.2)) {
                const back = addComment(
                  reply.entry,
                  social.pick(engagers).key,
                  social.pick(REPLY_TEXTS),
                );
                reply.row.replyCount = (reply.row.replyCount ?? 0) + 1;
                created.push(back);
              }
            }
          }
        }
        // Comment likes, never by the comment's own author.
        for (const { entry, row } of created) {
          if (!social.chance(0.5)) continue;
          const likers = social
            .sample(engagers, social.int(1, 2))
            .filter((m) => memberId(m.key) !== entry.authorId);
          for (const liker of likers) {
            const likerId = memberId(liker.key);
            likeRows.push({
              siteId,
              targetType: 'comment',
              targetId: entry.id,
              likerKey: `m:${likerId}`,
              memberId: likerId,
              createdAt: soonAfter(social, entry.at, cutoff),
            });
            memberCounters.get(likerId)!.likes++;
            row.likeCount = (row.likeCount ?? 0) + 1;
          }
        }
      }
      // Post likes: members, plus anonymous visitors (SPEC §6 allows guests to like).
      const memberLikers = social.sample(engagers, social.int(0, 5));
      for (const liker of memberLikers) {
        const likerId = memberId(liker.key);
        likeRows.push({
          siteId,
          targetType: 'post',
          targetId: id,
          likerKey: `m:${likerId}`,
          memberId: likerId,
          createdAt: soonAfter(social, date, cutoff),
        });
        memberCounters.get(likerId)!.likes++;
        counters.likeCount++;
      }
      const visitors = social.int(0, 3);
      for (let v = 0; v < visitors; v++) {
        likeRows.push({
          siteId,
          targetType: 'post',
          targetId: id,
          likerKey: `v:${ids.uuid()}`,
          memberId: null,
          createdAt: soonAfter(social, date, cutoff),
        });
        counters.likeCount++;
      }
      // Ratings: four posts in ten are rated, mostly kindly.
      if (social.chance(0.4)) {
        for (const rater of social.sample(engagers, social.int(1, 6))) {
          const roll = social.next();
          const value = roll < 0.45 ? 5 : roll < 0.8 ? 4 : roll < 0.92 ? 3 : roll < 0.97 ? 2 : 1;
          const at = soonAfter(social, date, cutoff);
          ratingRows.push({
            siteId,
            postId: id,
            memberId: memberId(rater.key),
            value,
            createdAt: at,
            updatedAt: at,
          });
          counters.ratingCount++;
          counters.ratingSum += value;
        }
      }
      counters.viewCount =
        counters.likeCount * 6 + counters.commentCount * 9 + social.int(20, 1200);
      memberCounters.get(ownerId)!.posts++;
      for (const categoryId of new Set(postCategoryIds)) {
        categoryCounts.set(categoryId, (categoryCounts.get(categoryId) ?? 0) + 1);
      }
      for (const tagId of new Set(postTagIds))
        tagCounts.set(tagId, (tagCounts.get(tagId) ?? 0) + 1);
    }

    const records = buildPostRecords({
      id,
      siteId,
      slug: slugOf.get(planned)!,
      title: demo.title,
      content,
      status,
      ownerId,
      isPinned: demo.isPinned ?? false,
      isFeatured: demo.isFeatured ?? false,
      firstPublishedDate: isPublished ? date : null,
      // Five days ahead at 09:00 UTC, a typical slot for a scheduled post.
      scheduledPublishDate:
        status === 'scheduled'
          ? new Date((Math.floor(now.getTime() / DAY_MS) + 5) * DAY_MS + 9 * 3_600_000)
          : null,
      categoryIds: postCategoryIds,
      tagIds: postTagIds,
      coverImage,
      media: embed,
      isCommentsDisabled,
      counters,
      createdAt: isPublished ? daysBefore(date, 1 + (index % 4)) : date,
      updatedAt: date,
    });
    postRecords.push(records);
  };
  slugOrder.forEach(buildOne);

  // Member rows, with the counters the posts above accumulated.
  const memberRows: (typeof members.$inferInsert)[] = DEMO_MEMBERS.map((member, i) => {
    const id = memberId(member.key);
    const counters = memberCounters.get(id)!;
    const slug = slugify(member.name);
    const joined = new Date(oldest.getTime() + i * 3 * DAY_MS);
    return {
      siteId,
      id,
      slug,
      name: member.name,
      email: `${slug}@example.com`,
      image: images.avatars.get(member.key) ?? null,
      about: member.about,
      role: member.role,
      isBlocked: member.isBlocked ?? false,
      privacyStatus: member.privacyStatus ?? 'PUBLIC',
      postCount: counters.posts,
      commentCount: counters.comments,
      likeCount: counters.likes,
      createdAt: joined,
      updatedAt: joined,
    };
  });
  for (const row of categoryRows) row.postCount = categoryCounts.get(row.id) ?? 0;
  for (const row of tagRows) row.postCount = tagCounts.get(row.id!) ?? 0;

  return {
    siteCreatedAt: oldest,
    members: memberRows,
    categories: categoryRows,
    tags: tagRows,
    posts: postRecords,
    comments: commentRows,
    likes: likeRows,
    ratings: ratingRows,
  };
}
