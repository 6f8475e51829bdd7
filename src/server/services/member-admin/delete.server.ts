/**
 * Deleting a member (issue 18; decision 039): owners delete a member who is not an owner, never
 * themselves (and never the blog's last owner: 409 `last_owner`). One transaction:
 *
 * - their posts go to another author (`reassign`, someone who may write) or to the trash
 *   (`trash`: handed to the owner who deletes, then trashed, so an owner can restore or delete
 *   them for good), each through the post use cases the Posts screen calls (changeOwner,
 *   deletePost), which keep listing rows and counters right;
 * - their comments stay, shown as a deleted member's (`keep`: comments have no foreign key to
 *   their author), or go with their replies (`delete`, the comments' own removeThread, which
 *   moves the posts' and authors' counts);
 * - their likes and ratings are taken back from what they liked and rated; their subscriptions,
 *   and subscriptions to them, go; their sessions, password, reset tokens, notifications and
 *   poll votes go with the row (foreign keys);
 * - the audit log gets the line, and the site's generation moves once after the commit.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MemberDelete, MemberDeletedView } from '../../../domain/dashboard-members';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import type { SiteGenerations } from '../../cache/generations.server';
import { writeMemberIdentity } from '../../cache/site-write.server';
import type { Database } from '../../db/connection.server';
import { comments, likes, members, posts, ratings, subscriptions } from '../../db/schema.server';
import { ValidationError } from '../../errors.server';
import { removeThread } from '../comments/delete.server';
import { changeOwner } from '../post-admin/owner.server';
import { checkNewOwner, type PostAdminContext } from '../post-admin/rows.server';
import { deletePost } from '../post-editor/actions.server';
import { recordAudit } from './audit.server';
import {
  actorName,
  ensure,
  ensureNotLastOwner,
  lockMember,
  type MemberAdminDeps,
  whyNotDelete,
} from './rows.server';

/** Generations that do not move: the delete's one `writeSiteContent` moves them once. */
const HELD_GENERATIONS = { bump: () => undefined } as unknown as SiteGenerations;

/** Deletes member `id` as `input` says; answers how many posts and comments it moved or removed. */
export async function deleteMember(
  deps: MemberAdminDeps,
  actor: Actor,
  site: SiteView,
  id: string,
  input: MemberDelete,
): Promise<MemberDeletedView> {
  // Their sessions go with the row (foreign key), and from the session cache with the commit.
  return writeMemberIdentity(deps, site.id, id, async (tx) => {
    const member = await lockMember(tx, site.id, id);
    if (actor.memberId === id) await ensureNotLastOwner(tx, site.id, member);
    ensure(whyNotDelete(actor, member));
    let heir: { id: string; name: string } | null = null;
    if (input.posts === 'reassign') {
      if (input.reassignTo === id) {
        throw new ValidationError({ reassignTo: 'is the member being deleted' });
      }
      heir = await checkNewOwner(tx, site.id, input.reassignTo!, 'reassignTo');
    }
    // The post and comment use cases, each in a savepoint of this transaction.
    const inner: PostAdminContext = {
      db: tx as unknown as Database,
      generations: HELD_GENERATIONS,
      now: deps.now,
      notifications: deps.notifications,
      log: deps.log,
    };
    const owned = await tx
      .select({ id: posts.id, status: posts.status })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.ownerId, id)));
    for (const post of owned) {
      await changeOwner(inner, actor, site, post.id, heir ? heir.id : actor.memberId!);
      if (!heir && post.status !== 'deleted') await deletePost(inner, actor, site, post.id);
    }

    let commentCount = 0;
    if (input.comments === 'delete') {
      const written = await tx
        .select({ id: comments.id, postId: comments.postId, parentId: comments.parentId })
        .from(comments)
        .where(and(eq(comments.siteId, site.id), eq(comments.authorId, id)))
        .orderBy(asc(comments.createdAt));
      for (const comment of written) {
        // A reply of theirs under a comment of theirs went with that thread already.
        const [still] = await tx
          .select({ id: comments.id })
          .from(comments)
          .where(and(eq(comments.siteId, site.id), eq(comments.id, comment.id)));
        if (still) await removeThread(tx, site, comment);
      }
      commentCount = written.length;
    } else {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(comments)
        .where(and(eq(comments.siteId, site.id), eq(comments.authorId, id)));
      commentCount = row?.n ?? 0;
    }

    await takeBackLikes(tx, site.id, id);
    await takeBackRatings(tx, site.id, id);
    await tx
      .delete(subscriptions)
      .where(
        and(
          eq(subscriptions.siteId, site.id),
          sql`(${subscriptions.memberId} = ${id} or (${subscriptions.targetType} = 'member' and ${subscriptions.targetId} = ${id}))`,
        ),
      );
    await tx.delete(members).where(and(eq(members.siteId, site.id), eq(members.id, id)));
    await recordAudit(tx, {
      siteId: site.id,
      actorId: actor.memberId,
      actorName: await actorName(tx, site.id, actor),
      action: 'member.deleted',
      targetId: id,
      targetName: member.name,
      details: {
        role: member.role,
        posts: owned.length,
        postsTo: input.posts,
        ...(heir ? { reassignedTo: heir.name } : {}),
        comments: commentCount,
        commentsTo: input.comments,
      },
    });
    return { posts: owned.length, comments: commentCount };
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The member's likes leave the counts of the posts and comments they liked, then go. */
async function takeBackLikes(tx: Tx, siteId: string, memberId: string): Promise<void> {
  const given = await tx
    .select({ targetType: likes.targetType, targetId: likes.targetId })
    .from(likes)
    .where(and(eq(likes.siteId, siteId), eq(likes.memberId, memberId)));
  const postIds = given.filter((l) => l.targetType === 'post').map((l) => l.targetId);
  const commentIds = given.filter((l) => l.targetType === 'comment').map((l) => l.targetId);
  if (postIds.length > 0) {
    await tx
      .update(posts)
      .set({ likeCount: sql`greatest(${posts.likeCount} - 1, 0)` })
      .where(and(eq(posts.siteId, siteId), inArray(posts.id, postIds)));
  }
  if (commentIds.length > 0) {
    await tx
      .update(comments)
      .set({ likeCount: sql`greatest(${comments.likeCount} - 1, 0)` })
      .where(and(eq(comments.siteId, siteId), inArray(comments.id, commentIds)));
  }
  await tx.delete(likes).where(and(eq(likes.siteId, siteId), eq(likes.memberId, memberId)));
}

/** The member's ratings leave their posts' count and sum, then go. */
async function takeBackRatings(tx: Tx, siteId: string, memberId: string): Promise<void> {
  const given = await tx
    .select({ postId: ratings.postId, value: ratings.value })
    .from(ratings)
    .where(and(eq(ratings.siteId, siteId), eq(ratings.memberId, memberId)));
  for (const rating of given) {
    await tx
      .update(posts)
      .set({
        ratingCount: sql`greatest(${posts.ratingCount} - 1, 0)`,
        ratingSum: sql`greatest(${posts.ratingSum} - ${rating.value}, 0)`,
      })
      .where(and(eq(posts.siteId, siteId), eq(posts.id, rating.postId)));
  }
  await tx.delete(ratings).where(and(eq(ratings.siteId, siteId), eq(ratings.memberId, memberId)));
}
