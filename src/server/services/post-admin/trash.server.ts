/**
 * The trash (issue 17): a post moved there (post-editor `deletePost`, SPEC §4 status `deleted`)
 * remembers its status and when it went; a restore puts it back in that status, with its listing
 * rows and category and tag counts, and deleting it for good removes it and what hangs on it,
 * keeping the members' counters right.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../domain/permissions';
import type { PostStatus } from '../../../domain/post-status';
import type { SiteView } from '../../../domain/views';
import { comments, likes, members, posts, reports, subscriptions } from '../../db/schema.server';
import { authorize, facts, writeOf, writePost } from '../post-editor/rows.server';
import { updatePostIn } from '../post-writer.server';
import { lockTrashedPost, type PostAdminContext } from './rows.server';

/** Takes a post out of the trash, back to the status it had (a draft when it is not known). */
export async function restorePost(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  postId: string,
): Promise<{ status: PostStatus }> {
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockTrashedPost(tx, site.id, postId);
    const status = (before.trashedFromStatus ?? 'unpublished') as PostStatus;
    authorize(actor, 'post:restore', { post: { ownerId: before.ownerId, status } });
    const next = writeOf(before);
    next.status = status;
    await updatePostIn(tx, next, before, {
      revision: before.revision + 1,
      slugs: [...before.slugs],
      updatedAt: deps.now(),
    });
    const [restored] = await tx
      .update(posts)
      .set({ trashedFromStatus: null, trashedAt: null })
      .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
      .returning();
    return restored!;
  });
  return { status: row.status as PostStatus };
}

/**
 * Deletes a post in the trash for good: its comments, ratings, views, votes and listing rows go
 * with it (foreign keys), its likes, subscriptions and reports by hand, and the members who wrote
 * those comments or gave those likes lose them from their counters. Category and tag counts do
 * not move: a post in the trash no longer counts in them.
 */
export async function deletePostForever(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  postId: string,
): Promise<void> {
  await writePost(deps, site, async (tx) => {
    const before = await lockTrashedPost(tx, site.id, postId);
    authorize(actor, 'post:delete-forever', facts(before));
    const commentRows = await tx
      .select({ id: comments.id, authorId: comments.authorId })
      .from(comments)
      .where(and(eq(comments.siteId, site.id), eq(comments.postId, postId)));
    const commentIds = commentRows.map((c) => c.id);
    const liked = and(
      eq(likes.siteId, site.id),
      commentIds.length > 0
        ? sql`((${likes.targetType} = 'post' and ${likes.targetId} = ${postId}) or (${likes.targetType} = 'comment' and ${inArray(likes.targetId, commentIds)}))`
        : and(eq(likes.targetType, 'post'), eq(likes.targetId, postId)),
    );
    const likers = await tx
      .select({ memberId: likes.memberId, n: count() })
      .from(likes)
      .where(liked)
      .groupBy(likes.memberId);
    const commenters = new Map<string, number>();
    for (const c of commentRows) commenters.set(c.authorId, (commenters.get(c.authorId) ?? 0) + 1);
    // Members in a fixed order, so concurrent deletes never wait on each other in a circle.
    const likesBy = new Map(likers.flatMap((l) => (l.memberId ? [[l.memberId, Number(l.n)]] : [])));
    const memberIds = [...new Set([...commenters.keys(), ...likesBy.keys()])].sort();
    for (const memberId of memberIds) {
      const lostComments = commenters.get(memberId) ?? 0;
      const lostLikes = likesBy.get(memberId) ?? 0;
      await tx
        .update(members)
        .set({
          commentCount: sql`greatest(${members.commentCount} - ${lostComments}, 0)`,
          likeCount: sql`greatest(${members.likeCount} - ${lostLikes}, 0)`,
        })
        .where(and(eq(members.siteId, site.id), eq(members.id, memberId)));
    }
    await tx.delete(likes).where(liked);
    await tx
      .delete(reports)
      .where(
        and(
          eq(reports.siteId, site.id),
          commentIds.length > 0
            ? sql`((${reports.targetType} = 'post' and ${reports.targetId} = ${postId}) or (${reports.targetType} = 'comment' and ${inArray(reports.targetId, commentIds)}))`
            : and(eq(reports.targetType, 'post'), eq(reports.targetId, postId)),
        ),
      );
    await tx
      .delete(subscriptions)
      .where(
        and(
          eq(subscriptions.siteId, site.id),
          eq(subscriptions.targetType, 'post'),
          eq(subscriptions.targetId, postId),
        ),
      );
    const [gone] = await tx
      .delete(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
      .returning();
    return gone!;
  });
}
