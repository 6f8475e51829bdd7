/**
 * The reader's own likes and rating (decision 030): read per request, one query each, and only
 * for a reader who can have any.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { likes, ratings } from '../../db/schema.server';
import type { ReaderStateContext } from './snapshot.server';

/** Which of these posts and comments the reader likes, in one query; none without a key. */
export async function likedBy(
  { db }: ReaderStateContext,
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
export async function ratingsBy(
  { db }: ReaderStateContext,
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
