/**
 * The reader's own likes and rating (decision 030): read per request, one query each, and only
 * for a reader who can have any. The queries themselves are exported: a member's page reads them
 * inside its one statement (`page.server.ts`).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import type { Database } from '../../db/connection.server';
import { likes, ratings } from '../../db/schema.server';
import type { ReaderStateContext } from './snapshot.server';

/**
 * The likes of `likerKey` among these posts and comments: rows of `target_type`, `target_id`.
 * At least one id must be given.
 */
export function likedQuery(
  db: Database,
  siteId: string,
  likerKey: string,
  postIds: readonly string[],
  commentIds: readonly string[],
) {
  const targets = [
    postIds.length > 0
      ? and(eq(likes.targetType, 'post'), inArray(likes.targetId, [...postIds]))
      : undefined,
    commentIds.length > 0
      ? and(eq(likes.targetType, 'comment'), inArray(likes.targetId, [...commentIds]))
      : undefined,
  ];
  return db
    .select({ type: likes.targetType, id: likes.targetId })
    .from(likes)
    .where(and(eq(likes.siteId, siteId), eq(likes.likerKey, likerKey), or(...targets)));
}

/** Which of these posts and comments the reader likes, in one query; none without a key. */
export async function likedBy(
  { db }: ReaderStateContext,
  site: SiteView,
  likerKey: string | null,
  postIds: readonly string[],
  commentIds: readonly string[],
): Promise<Set<string>> {
  if (likerKey === null || postIds.length + commentIds.length === 0) return new Set();
  const rows = await likedQuery(db, site.id, likerKey, postIds, commentIds);
  return new Set(rows.map((row) => `${row.type}|${row.id}`));
}

/** The member's ratings among these posts: rows of `post_id`, `value`. */
export function ratingsQuery(
  db: Database,
  siteId: string,
  memberId: string,
  postIds: readonly string[],
) {
  return db
    .select({ postId: ratings.postId, value: ratings.value })
    .from(ratings)
    .where(
      and(
        eq(ratings.siteId, siteId),
        eq(ratings.memberId, memberId),
        inArray(ratings.postId, [...postIds]),
      ),
    );
}

/** The member's own ratings of these posts; none for a visitor (SPEC §6: members rate). */
export async function ratingsBy(
  { db }: ReaderStateContext,
  site: SiteView,
  actor: Actor,
  postIds: readonly string[],
): Promise<Map<string, number>> {
  if (actor.memberId === null || postIds.length === 0) return new Map();
  const rows = await ratingsQuery(db, site.id, actor.memberId, postIds);
  return new Map(rows.map((row) => [row.postId, row.value]));
}
