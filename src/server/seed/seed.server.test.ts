import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../domain/notifications';
import {
  foldForMatch,
  SEARCH_EXCERPT_CHARS,
  searchExcerpt,
  searchTerms,
  segmentsText,
  termStem,
} from '../../domain/search';
import { isReservedSlug } from '../../domain/slugs';
import { RichDocumentSchema, type RichNode } from '../../rich-content/document';
import { verifyPassword } from '../auth/password.server';
import { type Database, type DatabaseHandle, openDatabase } from '../db/connection.server';
import {
  categories,
  comments,
  likes,
  MEMBER_ROLES,
  media,
  memberCredentials,
  members,
  notifications,
  postCategories,
  postHashtags,
  posts,
  postTags,
  ratings,
  sites,
  subscriptions,
  tags,
} from '../db/schema.server';
import { originalPath } from '../media/storage.server';
import { composePost, createRandom, DEMO_PASSWORD } from '../sample-content/content.server';
import { storedEvent } from '../services/notifications.server';
import { DEMO_NOTIFICATION_COUNT, DEMO_UNREAD_COUNT } from './notifications.server';
import {
  DEMO_CATEGORY_SLUGS,
  DEMO_PINNED_SLUGS,
  DEMO_SUBCATEGORY_SLUGS,
  DEMO_TAG_SLUGS,
  resetDemoSite,
  seedDemoSite,
} from './seed.server';

// PGlite takes seconds to create, so the file shares one database: the demo blog is seeded
// once, and the last test resets it and seeds a larger corpus in its place.
let handle: DatabaseHandle;
let db: Database;
let dataDir: string;
let siteId: string;
const now = new Date('2025-06-15T10:00:00Z');
/** What a phone shows of a search result's excerpt: three lines of about 30 characters. */
const PHONE_EXCERPT_CHARS = 90;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'inkwell-seed-'));
  handle = await openDatabase({ url: 'memory://', dataDir });
  db = handle.db;
  const result = await seedDemoSite({ db, dataDir, now });
  expect(result.created).toBe(true);
  siteId = result.siteId;
});

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Row counts of every table the seed writes, for the site. */
async function tableCounts(id: string) {
  const tables = {
    members,
    categories,
    tags,
    posts,
    postCategories,
    postTags,
    postHashtags,
    comments,
    likes,
    ratings,
    media,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.siteId, id));
    out[name] = row!.n;
  }
  return out;
}

function mapOf(rows: { id: string; n: number }[]): Map<string, number> {
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Asserts that every stored counter equals what the rows say. */
async function expectCountersConsistent(id: string) {
  const postRows = await db.select().from(posts).where(eq(posts.siteId, id));
  const postLikes = mapOf(
    await db
      .select({ id: likes.targetId, n: count() })
      .from(likes)
      .where(sql`${likes.siteId} = ${id} and ${likes.targetType} = 'post'`)
      .groupBy(likes.targetId),
  );
  const postComments = mapOf(
    await db
      .select({ id: comments.postId, n: count() })
      .from(comments)
      .where(eq(comments.siteId, id))
      .groupBy(comments.postId),
  );
  const ratingStats = new Map(
    (
      await db
        .select({ id: ratings.postId, n: count(), sum: sql<number>`sum(${ratings.value})::int` })
        .from(ratings)
        .where(eq(ratings.siteId, id))
        .groupBy(ratings.postId)
    ).map((r) => [r.id, r]),
  );
  for (const post of postRows) {
    expect(post.likeCount, post.slug).toBe(postLikes.get(post.id) ?? 0);
    expect(post.commentCount, post.slug).toBe(postComments.get(post.id) ?? 0);
    expect(post.ratingCount, post.slug).toBe(ratingStats.get(post.id)?.n ?? 0);
    expect(post.ratingSum, post.slug).toBe(ratingStats.get(post.id)?.sum ?? 0);
    if (post.status !== 'published') {
      expect(post.likeCount + post.commentCount + post.ratingCount).toBe(0);
    }
  }

  const commentRows = await db.select().from(comments).where(eq(comments.siteId, id));
  const commentLikes = mapOf(
    await db
      .select({ id: likes.targetId, n: count() })
      .from(likes)
      .where(sql`${likes.siteId} = ${id} and ${likes.targetType} = 'comment'`)
      .groupBy(likes.targetId),
  );
  const replies = new Map<string, number>();
  for (const c of commentRows) {
    if (c.parentId) replies.set(c.parentId, (replies.get(c.parentId) ?? 0) + 1);
  }
  const commentIds = new Set(commentRows.map((c) => c.id));
  for (const c of commentRows) {
    expect(c.likeCount).toBe(commentLikes.get(c.id) ?? 0);
    expect(c.replyCount).toBe(replies.get(c.id) ?? 0);
    if (c.parentId) expect(commentIds.has(c.parentId)).toBe(true);
  }

  const memberRows = await db.select().from(members).where(eq(members.siteId, id));
  const publishedByOwner = new Map<string, number>();
  for (const post of postRows) {
    if (post.status === 'published') {
      publishedByOwner.set(post.ownerId, (publishedByOwner.get(post.ownerId) ?? 0) + 1);
    }
  }
  const commentsByAuthor = mapOf(
    await db
      .select({ id: comments.authorId, n: count() })
      .from(comments)
      .where(eq(comments.siteId, id))
      .groupBy(comments.authorId),
  );
  const likesByMember = new Map(
    (
      await db
        .select({ id: likes.memberId, n: count() })
        .from(likes)
        .where(eq(likes.siteId, id))
        .groupBy(likes.memberId)
    ).map((r) => [r.id, r.n]),
  );
  for (const m of memberRows) {
    expect(m.postCount, m.name).toBe(publishedByOwner.get(m.id) ?? 0);
    expect(m.commentCount, m.name).toBe(commentsByAuthor.get(m.id) ?? 0);
    expect(m.likeCount, m.name).toBe(likesByMember.get(m.id) ?? 0);
  }
  // Member likes carry the member id in the key; visitor likes have no member.
  const badKeys = await db
    .select({ n: count() })
    .from(likes)
    .where(
      sql`${likes.siteId} = ${id} and not (
        (${likes.memberId} is not null and ${likes.likerKey} = 'm:' || ${likes.memberId}::text)
        or (${likes.memberId} is null and ${likes.likerKey} like 'v:%'))`,
    );
  expect(badKeys[0]!.n).toBe(0);

  const categoryCounts = mapOf(
    await db
      .select({ id: postCategories.categoryId, n: count() })
      .from(postCategories)
      .where(sql`${postCategories.siteId} = ${id} and ${postCategories.isPublished}`)
      .groupBy(postCategories.categoryId),
  );
  for (const c of await db.select().from(categories).where(eq(categories.siteId, id))) {
    expect(c.postCount, c.slug).toBe(categoryCounts.get(c.id) ?? 0);
  }
  const tagCounts = mapOf(
    await db
      .select({ id: postTags.tagId, n: count() })
      .from(postTags)
      .where(sql`${postTags.siteId} = ${id} and ${postTags.isPublished}`)
      .groupBy(postTags.tagId),
  );
  for (const t of await db.select().from(tags).where(eq(tags.siteId, id))) {
    expect(t.postCount, t.slug).toBe(tagCounts.get(t.id) ?? 0);
  }
}

function walk(nodes: RichNode[], visit: (node: RichNode) => void) {
  for (const node of nodes) {
    visit(node);
    walk(node.nodes, visit);
  }
}

/** The texts of a stored document's paragraphs that hold any text, in order. */
function paragraphsOf(content: unknown): string[] {
  const paragraphs: string[] = [];
  walk((content as { nodes: RichNode[] }).nodes, (node) => {
    if (node.type !== 'PARAGRAPH') return;
    const text: string[] = [];
    walk(node.nodes, (child) => {
      if (child.type === 'TEXT') text.push(child.textData.text);
    });
    if (text.join('').trim() !== '') paragraphs.push(text.join(''));
  });
  return paragraphs;
}

/** `key` of each row that another row shares, with both slugs; empty when every row's is its own. */
function sharedBy<T extends { slug: string }>(rows: readonly T[], key: (row: T) => string) {
  const first = new Map<string, string>();
  const shared: string[] = [];
  for (const row of rows) {
    const value = key(row);
    const other = first.get(value);
    if (other === undefined) first.set(value, row.slug);
    else shared.push(`${other} and ${row.slug}: ${value}`);
  }
  return shared;
}

/**
 * Issue 23: every seeded post (drafts and the scheduled one too) reads as its own before it is
 * opened. Fails if two posts of the site share their stored excerpt (what a feed card shows),
 * their opening paragraph, or the first characters of their text that a phone's three lines show
 * of a search result that marks no word (SPEC §9: its excerpt is then the start of the text).
 */
async function expectOwnOpenings(id: string) {
  const rows = await db
    .select({
      slug: posts.slug,
      excerpt: posts.excerpt,
      content: posts.content,
      contentText: posts.contentText,
    })
    .from(posts)
    .where(eq(posts.siteId, id));
  expect(rows.length).toBeGreaterThan(0);
  expect(sharedBy(rows, (row) => row.excerpt)).toEqual([]);
  expect(sharedBy(rows, (row) => paragraphsOf(row.content)[0] ?? '')).toEqual([]);
  const phoneStart = (row: (typeof rows)[number]) =>
    segmentsText(searchExcerpt(row.contentText, [])).slice(0, PHONE_EXCERPT_CHARS);
  expect(sharedBy(rows, phoneStart)).toEqual([]);
}

describe('the demo blog', () => {
  it('has the default site', async () => {
    const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
    expect(site).toMatchObject({
      host: 'localhost',
      name: 'Inkwell Demo',
      blogBase: '/blog',
      categoryPath: 'category',
      isDefault: true,
    });
  });

  it('has at least 60 published posts over at least 17 months', async () => {
    const rows = await db
      .select({
        month: sql<string>`to_char(${posts.firstPublishedDate} at time zone 'UTC', 'YYYY-MM')`,
        n: count(),
      })
      .from(posts)
      .where(sql`${posts.siteId} = ${siteId} and ${posts.status} = 'published'`)
      .groupBy(sql`1`);
    const published = rows.reduce((sum, r) => sum + r.n, 0);
    expect(published).toBeGreaterThanOrEqual(60);
    expect(rows.length).toBeGreaterThanOrEqual(17);
    const [range] = await db
      .select({
        oldest: sql<string>`min(${posts.firstPublishedDate})::text`,
        newest: sql<string>`max(${posts.firstPublishedDate})::text`,
      })
      .from(posts)
      .where(eq(posts.siteId, siteId));
    expect(new Date(range!.newest).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(range!.oldest).getTime()).toBeGreaterThan(now.getTime() - 19 * 31 * 86_400_000);
  });

  it('has 8 top-level categories in display order, two of them with subcategories', async () => {
    const rows = await db
      .select()
      .from(categories)
      .where(eq(categories.siteId, siteId))
      .orderBy(asc(categories.displayPosition));
    const top = rows.filter((c) => c.parentId === null);
    expect(top.map((c) => c.slug)).toEqual([...DEMO_CATEGORY_SLUGS]);
    expect(top).toHaveLength(8);
    const parents = new Set(rows.filter((c) => c.parentId).map((c) => c.parentId));
    expect(parents.size).toBe(2);
    for (const [parentSlug, childSlugs] of Object.entries(DEMO_SUBCATEGORY_SLUGS)) {
      const parent = top.find((c) => c.slug === parentSlug)!;
      const children = rows.filter((c) => c.parentId === parent.id).map((c) => c.slug);
      expect(children).toEqual([...childSlugs]);
      expect(children.length).toBeGreaterThanOrEqual(2);
      expect(children.length).toBeLessThanOrEqual(3);
    }
    for (const c of rows) {
      expect(c.label).not.toBe('');
      expect(c.menuLabel).not.toBe('');
      expect(c.description).not.toBe('');
      expect(isReservedSlug(c.slug)).toBe(false);
    }
  });

  it('has 20 tags', async () => {
    const rows = await db.select().from(tags).where(eq(tags.siteId, siteId));
    expect(rows.map((t) => t.slug).sort()).toEqual([...DEMO_TAG_SLUGS].sort());
    expect(rows).toHaveLength(20);
  });

  it('pins exactly the three pinned posts', async () => {
    const rows = await db
      .select({ slug: posts.slug, status: posts.status })
      .from(posts)
      .where(sql`${posts.siteId} = ${siteId} and ${posts.isPinned}`);
    expect(rows.map((r) => r.slug).sort()).toEqual([...DEMO_PINNED_SLUGS].sort());
    expect(rows.every((r) => r.status === 'published')).toBe(true);
  });

  it('has three drafts and one scheduled post', async () => {
    const drafts = await db
      .select()
      .from(posts)
      .where(sql`${posts.siteId} = ${siteId} and ${posts.status} = 'unpublished'`);
    expect(drafts).toHaveLength(3);
    expect(drafts.every((d) => d.firstPublishedDate === null)).toBe(true);
    const scheduled = await db
      .select()
      .from(posts)
      .where(sql`${posts.siteId} = ${siteId} and ${posts.status} = 'scheduled'`);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.scheduledPublishDate!.getTime()).toBeGreaterThan(now.getTime());
    expect(scheduled[0]!.firstPublishedDate).toBeNull();
  });

  it('has members of every stored role, a private one, a blocked one, all with slugs', async () => {
    const rows = await db.select().from(members).where(eq(members.siteId, siteId));
    const roles = new Set(rows.map((m) => m.role));
    // 'guest' is an unauthenticated visitor, never a stored member (SPEC §6).
    for (const role of MEMBER_ROLES.filter((r) => r !== 'guest')) expect(roles).toContain(role);
    expect(rows.filter((m) => m.role === 'writer')).toHaveLength(2);
    expect(rows.filter((m) => m.privacyStatus === 'PRIVATE')).toHaveLength(1);
    expect(rows.filter((m) => m.isBlocked)).toHaveLength(1);
    expect(new Set(rows.map((m) => m.slug)).size).toBe(rows.length);
    const withAvatar = rows.filter((m) => m.image);
    expect(withAvatar.length).toBeGreaterThan(5);
    for (const m of withAvatar) {
      expect(existsSync(originalPath(dataDir, siteId, m.image!.id))).toBe(true);
    }
  });

  it('spreads posts over several authors with 1–2 categories and 0–4 tags each', async () => {
    const rows = await db.select().from(posts).where(eq(posts.siteId, siteId));
    expect(new Set(rows.map((p) => p.ownerId)).size).toBeGreaterThanOrEqual(5);
    for (const post of rows) {
      expect(post.categoryIds.length).toBeGreaterThanOrEqual(1);
      expect(post.categoryIds.length).toBeLessThanOrEqual(2);
      expect(post.mainCategoryId).toBe(post.categoryIds[0]);
      expect(post.tagIds.length).toBeLessThanOrEqual(4);
      expect(isReservedSlug(post.slug)).toBe(false);
    }
    expect(rows.some((p) => p.hashtags.length > 0)).toBe(true);
  });

  it('keeps listing rows exactly in step with each post', async () => {
    const rows = await db.select().from(posts).where(eq(posts.siteId, siteId));
    const byPost = <T extends { postId: string }>(items: T[]) => {
      const map = new Map<string, T[]>();
      for (const item of items) map.set(item.postId, [...(map.get(item.postId) ?? []), item]);
      return map;
    };
    const cats = byPost(
      await db.select().from(postCategories).where(eq(postCategories.siteId, siteId)),
    );
    const tagRows = byPost(await db.select().from(postTags).where(eq(postTags.siteId, siteId)));
    const hashRows = byPost(
      await db.select().from(postHashtags).where(eq(postHashtags.siteId, siteId)),
    );
    for (const post of rows) {
      const listing = [
        ...(cats.get(post.id) ?? []),
        ...(tagRows.get(post.id) ?? []),
        ...(hashRows.get(post.id) ?? []),
      ];
      expect((cats.get(post.id) ?? []).map((r) => r.categoryId).sort()).toEqual(
        [...post.categoryIds].sort(),
      );
      expect((tagRows.get(post.id) ?? []).map((r) => r.tagId).sort()).toEqual(
        [...post.tagIds].sort(),
      );
      expect((hashRows.get(post.id) ?? []).map((r) => r.hashtag).sort()).toEqual(
        [...post.hashtags].sort(),
      );
      for (const row of listing) {
        expect(row.isPublished).toBe(post.status === 'published');
        expect(row.isPinned).toBe(post.isPinned);
        expect(row.firstPublishedDate?.getTime()).toBe(post.firstPublishedDate?.getTime());
      }
    }
  });

  it('keeps every counter consistent with the rows', async () => {
    await expectCountersConsistent(siteId);
    const [totals] = await db
      .select({
        comments: sql<number>`count(*)::int`,
        replies: sql<number>`count(${comments.parentId})::int`,
      })
      .from(comments)
      .where(eq(comments.siteId, siteId));
    expect(totals!.comments).toBeGreaterThan(30);
    expect(totals!.replies).toBeGreaterThan(5);
    const [rated] = await db.select({ n: count() }).from(ratings).where(eq(ratings.siteId, siteId));
    expect(rated!.n).toBeGreaterThan(10);
  });

  it('stores content that passes RichDocumentSchema, with videos and images', async () => {
    const rows = await db.select().from(posts).where(eq(posts.siteId, siteId));
    let videos = 0;
    let images = 0;
    for (const post of rows) {
      const parsed = RichDocumentSchema.safeParse(post.content);
      expect(parsed.success, post.slug).toBe(true);
      const doc = parsed.data!;
      const blocks = doc.nodes.filter((n) => n.type !== 'VIDEO' && n.type !== 'IMAGE');
      expect(blocks.length).toBeGreaterThanOrEqual(4);
      const types = new Set<string>();
      walk(doc.nodes, (node) => types.add(node.type));
      if (types.has('VIDEO')) {
        videos++;
        expect(post.media?.video?.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
        expect(post.media?.thumbnail?.url).toMatch(/^\/media\/[0-9a-f-]{36}\/w1280\.webp$/);
      }
      if (types.has('IMAGE')) images++;
      expect(post.contentText.length).toBeGreaterThan(100);
      expect(post.excerpt).not.toBe('');
    }
    expect(videos).toBeGreaterThanOrEqual(4);
    expect(images).toBeGreaterThanOrEqual(3);
    for (const c of await db.select().from(comments).where(eq(comments.siteId, siteId))) {
      expect(RichDocumentSchema.safeParse(c.content).success).toBe(true);
    }
  });

  // Issue 23: a search listed four posts under one excerpt. A result's excerpt comes from the
  // first 700 characters of a post (SPEC §9), which is its opening: the first three paragraphs
  // (with a video post's introduction) are each post's own, so posts found for a word of their
  // opening show different excerpts.
  it('opens each published post with paragraphs of its own', async () => {
    const rows = await db
      .select({ slug: posts.slug, content: posts.content })
      .from(posts)
      .where(and(eq(posts.siteId, siteId), eq(posts.status, 'published')));
    const openedBy = new Map<string, string[]>();
    for (const row of rows) {
      for (const paragraph of paragraphsOf(row.content).slice(0, 3)) {
        openedBy.set(paragraph, [...(openedBy.get(paragraph) ?? []), row.slug]);
      }
    }
    const shared = [...openedBy].filter(([, slugs]) => slugs.length > 1);
    expect(shared).toEqual([]);
    // The searches the issue names: each found post shows its own excerpt.
    for (const word of ['film', 'stove']) {
      const shown = rows
        .map((row) => {
          const text = (row.content as { nodes: RichNode[] }).nodes;
          const plain: string[] = [];
          walk(text, (node) => {
            if (node.type === 'TEXT') plain.push(node.textData.text);
          });
          return segmentsText(searchExcerpt(plain.join(' '), searchTerms(word)));
        })
        .filter((excerpt) => excerpt.toLowerCase().includes(word))
        .map((excerpt) => excerpt.slice(0, PHONE_EXCERPT_CHARS));
      expect(shown.length, word).toBeGreaterThan(1);
      expect(new Set(shown).size, `${word}: ${shown.join(' | ')}`).toBe(shown.length);
    }
  });

  it('gives every post an excerpt, an opening paragraph and a phone’s first lines of its own', async () => {
    await expectOwnOpenings(siteId);
  });

  // What the issue saw, for every word rather than the two it named: a search for any word of the
  // posts' openings (the first 700 characters, where a result's excerpt comes from) shows each
  // post found an excerpt of its own, even in the 90 characters a phone shows.
  it('shows each post found for any word of the openings an excerpt of its own', async () => {
    const rows = (
      await db
        .select({ slug: posts.slug, contentText: posts.contentText })
        .from(posts)
        .where(and(eq(posts.siteId, siteId), eq(posts.status, 'published')))
    ).map((row) => {
      const opening = Array.from(row.contentText).slice(0, SEARCH_EXCERPT_CHARS).join('');
      const words = new Set((opening.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).map(foldForMatch));
      return { slug: row.slug, opening, words: [...words] };
    });
    const queries = new Set(rows.flatMap((row) => row.words));
    const shared: string[] = [];
    for (const query of queries) {
      const terms = searchTerms(query);
      const stems = terms.map(termStem);
      if (stems.length === 0) continue;
      // Found as `isMatchingWord` finds a word (its folded form starts with a term's stem), with
      // each opening's words folded once.
      const found = rows.filter((row) =>
        row.words.some((word) => stems.some((stem) => word.startsWith(stem))),
      );
      const shown = found.map((row) => ({
        slug: row.slug,
        start: segmentsText(searchExcerpt(row.opening, terms)).slice(0, PHONE_EXCERPT_CHARS),
      }));
      shared.push(...sharedBy(shown, (result) => result.start).map((pair) => `${query}: ${pair}`));
    }
    expect(queries.size).toBeGreaterThan(1000);
    expect(shared).toEqual([]);
  });

  it('gives posts stored covers, reused, and turns a few off', async () => {
    const rows = await db.select().from(posts).where(eq(posts.siteId, siteId));
    const custom = rows.filter((p) => p.coverImage?.isCustom && p.coverImage.image);
    const disabled = rows.filter((p) => p.coverImage?.isEnabled === false);
    expect(custom.length).toBeGreaterThan(40);
    expect(disabled.length).toBeGreaterThanOrEqual(2);
    const coverIds = new Set(custom.map((p) => p.coverImage!.image!.id));
    expect(coverIds.size).toBeGreaterThanOrEqual(20);
    expect(coverIds.size).toBeLessThanOrEqual(30);
    const mediaIds = new Set(
      (await db.select({ id: media.id }).from(media).where(eq(media.siteId, siteId))).map(
        (m) => m.id,
      ),
    );
    for (const id of coverIds) {
      expect(mediaIds.has(id)).toBe(true);
      expect(existsSync(originalPath(dataDir, siteId, id))).toBe(true);
    }
    const sample = custom[0]!.coverImage!.image!;
    expect([sample.width, sample.height]).toEqual([1600, 900]);
    expect(sample.alt).toBeTruthy();
  });

  it('gives the seeded writer notifications true of the blog, the newest unread', async () => {
    const [writer] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.siteId, siteId), eq(members.name, 'Sofia Marchetti')));
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.siteId, siteId), eq(notifications.memberId, writer!.id)))
      .orderBy(desc(notifications.createdAt));
    expect(rows).toHaveLength(DEMO_NOTIFICATION_COUNT);
    expect(rows.map((r) => r.readAt !== null)).toEqual(rows.map((_, i) => i >= DEMO_UNREAD_COUNT));
    // Every kind but the review flow's (decision 034): the demo writer is no guest-writer, and
    // its browser journey submits and reviews a post of its own.
    const reviewKinds = new Set(['post-submitted', 'post-reviewed']);
    expect(new Set(rows.map((r) => r.type))).toEqual(
      new Set(NOTIFICATION_KINDS.filter((kind) => !reviewKinds.has(kind))),
    );
    const published = new Set(
      (
        await db
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.siteId, siteId), eq(posts.status, 'published')))
      ).map((p) => p.id),
    );
    for (const row of rows) {
      const event = storedEvent(row.type, row.payload);
      expect(event, row.type).not.toBeNull();
      expect(event!.actor?.id).not.toBe(writer!.id);
      if ('post' in event!) expect(published.has(event.post.id)).toBe(true);
    }
    const follows = await db
      .select({ type: subscriptions.targetType })
      .from(subscriptions)
      .where(and(eq(subscriptions.siteId, siteId), eq(subscriptions.memberId, writer!.id)));
    // Kenji, Photography, and the comments of one of Kenji's posts (issue 6).
    expect(follows.map((f) => f.type).sort()).toEqual(['category', 'member', 'post']);
  });

  it('gives every member an email and the documented demo password (README)', async () => {
    const rows = await db
      .select({ email: members.email, hash: memberCredentials.passwordHash })
      .from(members)
      .leftJoin(
        memberCredentials,
        and(
          eq(memberCredentials.siteId, members.siteId),
          eq(memberCredentials.memberId, members.id),
        ),
      )
      .where(eq(members.siteId, siteId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.email).toMatch(/^[a-z0-9-]+@example\.com$/);
      expect(row.hash).toBe(rows[0]!.hash);
    }
    expect(await verifyPassword(DEMO_PASSWORD, rows[0]!.hash!)).toBe(true);
  });

  it('is idempotent: a second call returns the site and changes nothing', async () => {
    const before = await tableCounts(siteId);
    const again = await seedDemoSite({ db, dataDir, now: new Date() });
    expect(again).toMatchObject({ siteId, created: false, postCount: before.posts });
    expect(await tableCounts(siteId)).toEqual(before);
    const [siteCount] = await db.select({ n: count() }).from(sites);
    expect(siteCount!.n).toBe(1);
  });
});

describe('determinism', () => {
  it('the generator repeats itself and draws valid v4-shaped UUIDs', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const ids = Array.from({ length: 50 }, () => a.uuid());
    expect(ids).toEqual(Array.from({ length: 50 }, () => b.uuid()));
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('composes the same post from the same seed, with 4–9 blocks', () => {
    for (const category of DEMO_CATEGORY_SLUGS) {
      for (let ordinal = 0; ordinal < 20; ordinal++) {
        const post = composePost(createRandom(ordinal), category, ordinal);
        expect(composePost(createRandom(ordinal), category, ordinal)).toEqual(post);
        expect(post.blocks.length).toBeGreaterThanOrEqual(4);
        expect(post.blocks.length).toBeLessThanOrEqual(9);
        expect(post.title).not.toContain('{x}');
        expect(JSON.stringify(post.blocks)).not.toContain('{x}');
      }
    }
  });
});

describe('a large corpus', () => {
  // How fast seeding is belongs to `npm run bench` (its blogs are seeded the same way), not to a
  // wall clock here: on a shared machine 2000 posts took from 40 s to over 100 s. The bound only
  // stops a hang.
  it('resets the demo site and seeds 2000 posts with the same rules', async () => {
    const removed = await resetDemoSite({ db, dataDir });
    expect(removed).toBe(siteId);
    expect(Object.values(await tableCounts(siteId)).every((n) => n === 0)).toBe(true);

    const result = await seedDemoSite({ db, dataDir, now, posts: 2000 });
    expect(result).toMatchObject({ created: true, postCount: 2000 });

    const byStatus = await db
      .select({ status: posts.status, n: count() })
      .from(posts)
      .where(eq(posts.siteId, result.siteId))
      .groupBy(posts.status);
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({
      published: 1996,
      unpublished: 3,
      scheduled: 1,
    });
    const [pinned] = await db
      .select({ n: count() })
      .from(posts)
      .where(sql`${posts.siteId} = ${result.siteId} and ${posts.isPinned}`);
    expect(pinned!.n).toBe(3);
    const [slugs] = await db
      .select({ n: sql<number>`count(distinct ${posts.slug})::int` })
      .from(posts)
      .where(eq(posts.siteId, result.siteId));
    expect(slugs!.n).toBe(2000);
    await expectCountersConsistent(result.siteId);
    await expectOwnOpenings(result.siteId);
  }, 600_000);
});
