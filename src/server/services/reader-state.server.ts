/**
 * The reader's state over shared pages (issue 15; decision 030): for the posts and comments a page
 * shows, the reader's own likes and rating and the counts everyone sees. The pages themselves are
 * one cached copy for every visitor (decision 002) and carry nobody's likes; the page's script asks
 * here after hydration.
 *
 * Counts come from a snapshot kept in the process, each post's or comment's read at most
 * `READER_STATE_COUNTS_MAX_AGE_MS` ago: a like storm on a popular post costs one counts query per
 * 5 s, however many readers ask, and no page is rendered again for it. A like or rating made
 * through this process writes its committed counts into the snapshot (engagement.server.ts), so
 * the liker's own next page shows their count at once without a read; another process's likes
 * show within the bound.
 * The reader's own likes and rating are read per request, one query each, and only for a reader
 * who can have any: a visitor without a visitor id has liked nothing.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { likerKeyOf, type ReaderStateQuery } from '../../domain/engagement';
import type { LikeStateView, LikeTarget } from '../../domain/likes';
import type { Actor } from '../../domain/permissions';
import { ratingsView } from '../../domain/ratings';
import {
  type PostReaderState,
  READER_STATE_COUNTS_MAX_AGE_MS,
  type ReaderStateView,
} from '../../domain/reader-state';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { comments, likes, posts, ratings } from '../db/schema.server';

export interface ReaderStateDeps {
  db: Database;
  /** Milliseconds, monotonic enough for ages (tests move a fake clock). */
  now?: () => number;
  /** How old a snapshot entry may be before it is read again. */
  maxAgeMs?: number;
  /** Entries kept at most (a few dozen bytes each), least recently used dropped first. */
  maxEntries?: number;
}

/** A post's or comment's counts as read, or null when it is not published (left out). */
interface Counts {
  likeCount: number;
  ratingSum: number;
  ratingCount: number;
}

interface SnapshotEntry {
  counts: Counts | null;
  readAt: number;
  /** Set when a write changed the counts: a read that began before it must not store its own. */
  writtenAt?: number;
}

/** Who asks: the actor (a member's session) and the visitor id cookie, if any. */
export interface StateReader {
  actor: Actor;
  visitorId: string | null;
}

/** Builds the reader-state service. */
export function createReaderState({
  db,
  now = Date.now,
  maxAgeMs = READER_STATE_COUNTS_MAX_AGE_MS,
  maxEntries = 50_000,
}: ReaderStateDeps) {
  // A Map keeps insertion order: re-inserting on read makes it a small LRU.
  const snapshot = new Map<string, SnapshotEntry>();
  // Writes noted so far: a read that started before a write it raced must not store the counts
  // it read over the write's, which would hide the writer's own like for a while.
  let writes = 0;
  const keyOf = (siteId: string, target: LikeTarget, id: string) => `${siteId}|${target}|${id}`;

  function remember(key: string, entry: SnapshotEntry) {
    snapshot.delete(key);
    snapshot.set(key, entry);
    if (snapshot.size > maxEntries) snapshot.delete(snapshot.keys().next().value as string);
  }

  /** The counts of these targets, from the snapshot where fresh, the rest in one query. */
  async function countsOf(
    site: SiteView,
    target: LikeTarget,
    ids: readonly string[],
  ): Promise<Map<string, Counts>> {
    const at = now();
    const writesBefore = writes;
    const result = new Map<string, Counts>();
    const stale: string[] = [];
    for (const id of ids) {
      const entry = snapshot.get(keyOf(site.id, target, id));
      if (entry && at - entry.readAt < maxAgeMs) {
        if (entry.counts) result.set(id, entry.counts);
      } else {
        stale.push(id);
      }
    }
    if (stale.length === 0) return result;
    const rows =
      target === 'post'
        ? await db
            .select({
              id: posts.id,
              likeCount: posts.likeCount,
              ratingSum: posts.ratingSum,
              ratingCount: posts.ratingCount,
            })
            .from(posts)
            .where(
              and(
                eq(posts.siteId, site.id),
                inArray(posts.id, stale),
                eq(posts.status, 'published'),
              ),
            )
        : await db
            .select({
              id: comments.id,
              likeCount: comments.likeCount,
              ratingSum: sql<number>`0`,
              ratingCount: sql<number>`0`,
            })
            .from(comments)
            .where(
              and(
                eq(comments.siteId, site.id),
                inArray(comments.id, stale),
                eq(comments.status, 'published'),
              ),
            );
    const found = new Map(rows.map(({ id, ...counts }) => [id, counts]));
    for (const id of stale) {
      const counts = found.get(id) ?? null;
      const key = keyOf(site.id, target, id);
      const raced = (snapshot.get(key)?.writtenAt ?? 0) > writesBefore;
      if (!raced) remember(key, { counts, readAt: at });
      if (counts) result.set(id, counts);
    }
    return result;
  }

  /** Which of these posts and comments the reader likes, in one query; none without a key. */
  async function likedBy(
    site: SiteView,
    likerKey: string | null,
    postIds: readonly string[],
    commentIds: readonly string[],
  ): Promise<Set<string>> {
    if (likerKey === null || postIds.length + commentIds.length === 0) return new Set();
    const targets = [
      postIds.length > 0
        ? and(eq(likes.targetType, 'post'), inArray(likes.targetId, [...postIds]))
        : undefined,
      commentIds.length > 0
        ? and(eq(likes.targetType, 'comment'), inArray(likes.targetId, [...commentIds]))
        : undefined,
    ];
    const rows = await db
      .select({ type: likes.targetType, id: likes.targetId })
      .from(likes)
      .where(and(eq(likes.siteId, site.id), eq(likes.likerKey, likerKey), or(...targets)));
    return new Set(rows.map((row) => `${row.type}|${row.id}`));
  }

  /** The member's own ratings of these posts; none for a visitor (SPEC §6: members rate). */
  async function ratingsBy(
    site: SiteView,
    actor: Actor,
    postIds: readonly string[],
  ): Promise<Map<string, number>> {
    if (actor.memberId === null || postIds.length === 0) return new Map();
    const rows = await db
      .select({ postId: ratings.postId, value: ratings.value })
      .from(ratings)
      .where(
        and(
          eq(ratings.siteId, site.id),
          eq(ratings.memberId, actor.memberId),
          inArray(ratings.postId, [...postIds]),
        ),
      );
    return new Map(rows.map((row) => [row.postId, row.value]));
  }

  /**
   * The reader's state of the posts and comments a page shows: their likes, their rating and
   * counts at most `maxAgeMs` old. Unpublished or unknown ids are left out.
   */
  async function read(
    reader: StateReader,
    site: SiteView,
    query: ReaderStateQuery,
  ): Promise<ReaderStateView> {
    const likerKey = likerKeyOf(reader.actor, reader.visitorId);
    const [postCounts, commentCounts, liked, rated] = await Promise.all([
      countsOf(site, 'post', query.posts),
      countsOf(site, 'comment', query.comments),
      likedBy(site, likerKey, query.posts, query.comments),
      ratingsBy(site, reader.actor, query.posts),
    ]);
    const postStates: Record<string, PostReaderState> = {};
    for (const [id, counts] of postCounts) {
      postStates[id] = {
        isLiked: liked.has(`post|${id}`),
        likeCount: counts.likeCount,
        ...ratingsView({ sum: counts.ratingSum, count: counts.ratingCount }),
        myRating: rated.get(id) ?? null,
      };
    }
    const commentStates: Record<string, LikeStateView> = {};
    for (const [id, counts] of commentCounts) {
      commentStates[id] = { isLiked: liked.has(`comment|${id}`), likeCount: counts.likeCount };
    }
    return { posts: postStates, comments: commentStates };
  }

  /**
   * Takes the counts a write of this process committed (a like's new count, a rating's totals)
   * into the snapshot: the writer's next overlay shows them at once, and a storm of likes costs no
   * read. The entry keeps its age, so other processes' writes still come in within the bound.
   */
  function noteCounts(siteId: string, target: LikeTarget, id: string, change: Partial<Counts>) {
    writes += 1;
    const key = keyOf(siteId, target, id);
    const entry = snapshot.get(key);
    remember(
      key,
      entry?.counts
        ? { ...entry, counts: { ...entry.counts, ...change }, writtenAt: writes }
        : { counts: null, readAt: Number.NEGATIVE_INFINITY, writtenAt: writes },
    );
  }

  return { read, noteCounts };
}

export type ReaderStateService = ReturnType<typeof createReaderState>;
