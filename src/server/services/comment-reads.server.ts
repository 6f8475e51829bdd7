/**
 * The comment pages' reads (issue 6), bound to the site and the actor: the post page's first page
 * of comments and what the member follows, and the comment edit page's comment. The same service
 * calls and permission checks as the API, with refusals as values for the pages.
 */
import type { CommentsPageView, SubscriptionView } from '../../domain/comments';
import { type Actor, can } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import type { CommentEditLookup, CommentReads } from '../../load-context';
import { NotFoundError, PermissionError } from '../errors.server';
import type { CommentsService } from './comments.server';
import type { SubscriptionKey, SubscriptionsService } from './subscriptions.server';

/** The reads for one request. */
export function commentReadsFor(
  services: { comments: CommentsService; subscriptions: SubscriptionsService },
  site: SiteView,
  actor: Actor,
): CommentReads {
  return {
    async firstPage(postId: string): Promise<CommentsPageView | null> {
      try {
        return await services.comments.listComments(actor, site, postId);
      } catch (error) {
        // SPEC §6: without plan access the page says so instead of showing the comments.
        if (error instanceof PermissionError) return null;
        throw error;
      }
    },
    ownerRole(memberId: string): Promise<string> {
      return services.comments.memberRole(site, memberId);
    },
    following(keys: readonly SubscriptionKey[]): Promise<SubscriptionView[]> {
      return services.subscriptions.status(actor, site, keys);
    },
    async forEditing(commentId: string): Promise<CommentEditLookup> {
      if (actor.memberId === null) return { ok: false, reason: 'login-required' };
      try {
        const found = await services.comments.getComment(actor, site, commentId);
        const ownerId = found.comment.author?.siteMemberId ?? '';
        return can(actor, 'comment:edit', { comment: { ownerId } })
          ? { ok: true, value: found }
          : { ok: false, reason: 'forbidden' };
      } catch (error) {
        if (error instanceof NotFoundError) return { ok: false, reason: 'not-found' };
        if (error instanceof PermissionError) return { ok: false, reason: 'forbidden' };
        throw error;
      }
    },
  };
}
