/**
 * Writing a comment or a reply (issue 6; SPEC §3 Post totalComments, §6 comment permissions).
 * Threads are COMMENT_MAX_DEPTH deep; a reply to the deepest level joins its parent's thread.
 *
 * - **Exact counts.** The insert, the post's `comment_count`, the parent's `reply_count` and the
 *   author's `members.comment_count` move in one transaction that first locks the post's row, so
 *   a reply cannot land under a comment that a concurrent delete is removing (the concurrency
 *   test holds this on PostgreSQL).
 * - **Pages.** The write goes through `writeSiteContent`: the visitors' cached post page and the
 *   feeds' comment counters change with it (decision 002). Notifications go out after the
 *   commit; a failure to notify is logged and never fails the comment.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { COMMENT_MAX_DEPTH, type CommentWriteView, hasPlanAccess } from '../../../domain/comments';
import type { CommentCreate } from '../../../domain/comments-api';
import { isExemptFromHolding } from '../../../domain/dashboard-comments';
import {
  type NotificationEvent,
  type NotificationPost,
  notificationExcerpt,
} from '../../../domain/notifications';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { Device } from '../../../domain/settings';
import type { SiteView } from '../../../domain/views';
import {
  type CommentDocumentProblem,
  prepareCommentDocument,
  resolveMentions,
} from '../../../rich-content/comment-document';
import { writeSiteContent } from '../../cache/site-write.server';
import { comments, members, posts, sites, subscriptions } from '../../db/schema.server';
import { FieldsError, NotFoundError, PermissionError } from '../../errors.server';
import { presentOne } from './present.server';
import {
  type CommentRow,
  type CommentsDeps,
  depthOf,
  loadAuthors,
  loadComment,
  loadPost,
  lockPost,
  type PostRow,
} from './rows.server';

/** The messages of the comment problems (the form shows its own translated words). */
const PROBLEM_MESSAGES: Record<CommentDocumentProblem, string> = {
  comment_empty: 'Write something before posting',
  comment_too_long: 'Comments are at most 5000 characters',
  comment_too_many_links: 'Comments hold at most 10 links and mentions',
  comment_content_invalid: 'Comments hold paragraphs of text with bold, italic, links and mentions',
};

/** The comment's document checked and its mentions re-stamped; 400 naming `content`. */
export async function prepareComment(
  deps: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  content: unknown,
) {
  const prepared = prepareCommentDocument(content);
  if (!prepared.ok) {
    const message = PROBLEM_MESSAGES[prepared.problem];
    throw new FieldsError(prepared.problem, message, { [prepared.path]: message });
  }
  const mentioned = await loadAuthors(deps, site, prepared.mentionIds);
  return {
    document: resolveMentions(prepared.document, (id) => mentioned.get(id)),
    text: prepared.text,
  };
}

/** Where a reply goes: the comment answered, its thread's parent and the reply's depth. */
async function placeReply(
  deps: CommentsDeps,
  site: SiteView,
  postId: string,
  replyTo: string | undefined,
): Promise<{ answered: CommentRow | null; parentId: string | null; depth: number }> {
  if (!replyTo) return { answered: null, parentId: null, depth: 0 };
  const answered = await loadComment(deps, site, replyTo);
  if (answered.postId !== postId) {
    throw new FieldsError('comment_not_on_post', 'That comment is on another post', {
      replyTo: 'is not a comment of this post',
    });
  }
  const answeredDepth = await depthOf(deps, site, answered);
  return {
    answered,
    // At the deepest level a reply joins the thread of the comment it answers.
    parentId: answeredDepth >= COMMENT_MAX_DEPTH ? answered.parentId : answered.id,
    depth: Math.min(answeredDepth + 1, COMMENT_MAX_DEPTH),
  };
}

/**
 * Whether a new comment by `memberId` is held for approval (issue 17): the owner holds first
 * comments, and the member is no contributor and has never had a comment published.
 */
async function isHeld(
  { db }: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  memberId: string,
): Promise<boolean> {
  const [row] = await db
    .select({
      hold: sites.holdFirstComments,
      approved: members.hasApprovedComment,
      published: members.commentCount,
      role: members.role,
    })
    .from(members)
    .innerJoin(sites, eq(sites.id, members.siteId))
    .where(and(eq(members.siteId, site.id), eq(members.id, memberId)))
    .limit(1);
  // A published comment counted on the member is an approved one too (seeded or imported rows).
  const isApproved = row?.approved === true || (row?.published ?? 0) > 0;
  return row?.hold === true && !isApproved && !isExemptFromHolding(row.role);
}

/**
 * Adds a comment to a published post, or a reply to one of its comments (`replyTo`). SPEC §6:
 * members, with comments on for the blog and the post, and plan access; a demo site refuses
 * (`demo_mode`, SPEC §4). Tells the post's author, the author of the comment answered and the
 * post's subscribers. Issue 17: while the owner holds first comments, a member's first comment
 * is stored `pending`: only its author reads it, no counter moves and nobody is told until an
 * editor approves it (`approve.server.ts`).
 */
export async function createComment(
  deps: CommentsDeps,
  actor: Actor,
  site: SiteView,
  postId: string,
  input: CommentCreate,
  device: Device,
): Promise<CommentWriteView> {
  const post = await loadPost(deps, site, postId);
  // The settings of the device the request came from, as its page read them (decision 008).
  const settings = await deps.permissionSettings(site, device);
  const refusal = whyNot(actor, 'comment:create', {
    post,
    settings,
    hasPlanAccess: hasPlanAccess(actor, post),
    site,
  });
  if (refusal) throw new PermissionError(refusal);
  const { document, text } = await prepareComment(deps, site, input.content);
  const { answered, parentId, depth } = await placeReply(deps, site, postId, input.replyTo);
  const memberId = actor.memberId!;
  const id = randomUUID();
  const held = await isHeld(deps, site, memberId);
  const total = await writeSiteContent(
    deps,
    site.id,
    async (tx) => {
      const locked = await lockPost(tx, site, postId);
      if (locked?.status !== 'published') {
        throw new NotFoundError('post_not_found', 'Post not found');
      }
      if (locked.isCommentsDisabled) throw new PermissionError('disabled');
      if (held) {
        if (parentId !== null) {
          const [parent] = await tx
            .select({ id: comments.id })
            .from(comments)
            .where(and(eq(comments.siteId, site.id), eq(comments.id, parentId)));
          if (!parent) throw new NotFoundError('comment_not_found', 'Comment not found');
        }
        await tx.insert(comments).values({
          siteId: site.id,
          id,
          postId,
          parentId,
          authorId: memberId,
          content: document,
          contentText: text,
          status: 'pending',
        });
        return post.commentCount;
      }
      if (parentId !== null) {
        const [parent] = await tx
          .update(comments)
          .set({ replyCount: sql`${comments.replyCount} + 1` })
          .where(and(eq(comments.siteId, site.id), eq(comments.id, parentId)))
          .returning({ id: comments.id });
        // Deleted since it was read: the reply has nothing to answer.
        if (!parent) throw new NotFoundError('comment_not_found', 'Comment not found');
      }
      await tx.insert(comments).values({
        siteId: site.id,
        id,
        postId,
        parentId,
        authorId: memberId,
        content: document,
        contentText: text,
      });
      const [counted] = await tx
        .update(posts)
        .set({ commentCount: sql`${posts.commentCount} + 1` })
        .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
        .returning({ commentCount: posts.commentCount });
      await tx
        .update(members)
        .set({ commentCount: sql`${members.commentCount} + 1`, hasApprovedComment: true })
        .where(and(eq(members.siteId, site.id), eq(members.id, memberId)));
      return counted!.commentCount;
    },
    // A held comment changes no page anyone else reads.
    { didChange: () => !held },
  );
  const row = await loadComment(deps, site, id, 'any');
  const comment = await presentOne(deps, site, row, depth);
  if (!held) await notifyNewComment(deps, site, post, row, text, answered);
  return { comment, totalComments: total };
}

/**
 * Tells, once each and never the commenter: the author of the comment answered (a reply), the
 * post's author (a comment on their post) and the members subscribed to the post's comments.
 * A held comment's approval tells them the same (issue 17).
 */
export async function notifyNewComment(
  { db, notifications, log }: CommentsDeps,
  site: SiteView,
  post: PostRow,
  row: CommentRow,
  text: string,
  answered: CommentRow | null,
): Promise<void> {
  try {
    const actor = await notifications.memberRef(site.id, row.authorId);
    if (!actor) return;
    const postRef: NotificationPost = { id: post.id, slug: post.slug, title: post.title };
    const comment = { id: row.id, excerpt: notificationExcerpt(text) };
    const told = new Set<string>([row.authorId]);
    const send = async (memberIds: string[], event: NotificationEvent) => {
      const fresh = memberIds.filter((memberId) => !told.has(memberId));
      for (const memberId of fresh) told.add(memberId);
      if (fresh.length > 0) await notifications.notifyMany(site.id, fresh, event);
    };
    if (answered) {
      await send([answered.authorId], {
        kind: 'comment-reply',
        actor,
        post: postRef,
        comment,
        parentCommentId: answered.id,
      });
    }
    await send([post.ownerId], { kind: 'post-comment', actor, post: postRef, comment });
    const subscribed = await db
      .select({ memberId: subscriptions.memberId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.siteId, site.id),
          eq(subscriptions.targetType, 'post'),
          eq(subscriptions.targetId, post.id),
        ),
      );
    await send(
      subscribed.map((s) => s.memberId),
      { kind: 'new-comment-in-subscription', actor, post: postRef, comment },
    );
  } catch (error) {
    log?.error(error, 'Notifying about a new comment failed');
  }
}
