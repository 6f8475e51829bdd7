/**
 * The thread on the page as the member changes it (issue 6): a new reply goes under its parent,
 * an edit replaces a comment's text where it is, a delete takes the comment and its replies away,
 * a page of replies joins the ones shown. Pure: the comments section keeps the tree in state and
 * asks these for the next one.
 */
import type { CommentView } from '../../domain/comments';

/** `threads` with `update` applied to the comment `id` wherever it is. */
function mapComment(
  threads: readonly CommentView[],
  id: string,
  update: (comment: CommentView) => CommentView,
): CommentView[] {
  return threads.map((comment) => {
    if (comment.id === id) return update(comment);
    if (comment.replies.length === 0) return comment;
    const replies = mapComment(comment.replies, id, update);
    return replies.some((reply, i) => reply !== comment.replies[i])
      ? { ...comment, replies }
      : comment;
  });
}

/** The comment `id` anywhere in the threads, or null. */
export function findComment(threads: readonly CommentView[], id: string): CommentView | null {
  for (const comment of threads) {
    if (comment.id === id) return comment;
    const inside = findComment(comment.replies, id);
    if (inside) return inside;
  }
  return null;
}

/**
 * A new comment in its place: a top-level one first (newest first), a reply last under its parent
 * (oldest first), whose reply count grows by one.
 */
export function addComment(threads: readonly CommentView[], comment: CommentView): CommentView[] {
  if (comment.parentId === null) return [comment, ...threads];
  return mapComment(threads, comment.parentId, (parent) => ({
    ...parent,
    replyCount: parent.replyCount + 1,
    replies: [...parent.replies, comment],
  }));
}

/** An edited comment's new text and date, its replies kept as they are on the page. */
export function replaceComment(
  threads: readonly CommentView[],
  comment: CommentView,
): CommentView[] {
  return mapComment(threads, comment.id, (was) => ({
    ...comment,
    replies: was.replies,
    replyCount: was.replyCount,
    repliesCursor: was.repliesCursor,
  }));
}

/** The threads without comment `id` and its replies; its parent counts one reply less. */
export function removeComment(threads: readonly CommentView[], id: string): CommentView[] {
  const target = findComment(threads, id);
  if (!target) return [...threads];
  if (target.parentId === null) return threads.filter((comment) => comment.id !== id);
  return mapComment(threads, target.parentId, (parent) => ({
    ...parent,
    replyCount: Math.max(0, parent.replyCount - 1),
    replies: parent.replies.filter((reply) => reply.id !== id),
  }));
}

/** A page of replies joins those shown under `parentId`; `cursor` is where the next page starts. */
export function appendReplies(
  threads: readonly CommentView[],
  parentId: string,
  replies: readonly CommentView[],
  cursor: string | null,
): CommentView[] {
  return mapComment(threads, parentId, (parent) => {
    const shown = new Set(parent.replies.map((reply) => reply.id));
    return {
      ...parent,
      replies: [...parent.replies, ...replies.filter((reply) => !shown.has(reply.id))],
      repliesCursor: cursor,
    };
  });
}

/** A page of top-level comments joins those shown (a comment posted meanwhile is not repeated). */
export function appendThreads(
  threads: readonly CommentView[],
  page: readonly CommentView[],
): CommentView[] {
  const shown = new Set(threads.map((comment) => comment.id));
  return [...threads, ...page.filter((comment) => !shown.has(comment.id))];
}

/** How many replies of a comment are not shown yet. */
export function hiddenReplies(comment: CommentView): number {
  return Math.max(0, comment.replyCount - comment.replies.length);
}
