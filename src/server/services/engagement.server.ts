/**
 * Likes and ratings (issue 6; SPEC §4 like button, §6 likes, §7 incrementPostLikeCount, §5/§9
 * ratings; decision 020). A like is a row of `likes` keyed by target and liker: liking inserts it
 * (`on conflict do nothing`), unliking deletes it, and the target's `like_count` (and the member's
 * likes-given count) moves only when a row really came or went, in the same transaction, so a
 * repeated or concurrent request never counts twice and the stored count is always the number
 * of likers. A rating is a row of `ratings` per member; a second one replaces the first and the
 * post's `rating_sum` and `rating_count` move with it in the same transaction.
 *
 * These writes do not bump the site's generation (decision 002): the shared pages may show counts
 * up to a minute old, and every reader's page lays their own likes and counts at most 5 s old
 * over it (reader-state.server.ts, decision 030); members' pages also read them while rendering
 * (`postEngagement`), in one query per page.
 *
 * One module per use case in `engagement/` (issue 16 §3): `likes`, `ratings`, `reads` (a page's
 * likes, counters and rating), `targets` (the published post or comment acted on). This factory
 * binds the dependencies.
 */
import type { Actor } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import type { EngagementReads } from '../../load-context';
import type { Database } from '../db/connection.server';
import { bindDeps } from './bind-deps.server';
import type { EngagementContext } from './engagement/context.server';
import { setCommentLike, setPostLike } from './engagement/likes.server';
import { ratePost } from './engagement/ratings.server';
import { likedCommentIds, myRating, postEngagement } from './engagement/reads.server';
import type { NotificationsService } from './notifications.server';
import { createPermissionSettings } from './permission-settings.server';
import type { ReaderStateService } from './reader-state.server';
import type { WidgetSettingsService } from './widget-settings.server';

export type { EngagementReader } from './engagement/context.server';

export interface EngagementDeps {
  db: Database;
  settings: Pick<WidgetSettingsService, 'getResolved'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Where a failed notification is reported: it never fails the like that caused it. */
  log?: { error(error: unknown, message: string): void };
  /**
   * The readers' counts snapshot (reader-state.server.ts), told of every count a write committed
   * so that the writer's next overlay shows it (decision 030).
   */
  counters?: Pick<ReaderStateService, 'noteCounts'>;
}

/** Builds the likes and ratings service: each use case bound to its dependencies. */
export function createEngagement({ settings, ...rest }: EngagementDeps) {
  // The request's device decides (decision 008; permission-settings.server.ts).
  const deps: EngagementContext = {
    ...rest,
    permissionSettings: createPermissionSettings(settings),
  };
  const bind = bindDeps(deps);
  return {
    setPostLike: bind(setPostLike),
    setCommentLike: bind(setCommentLike),
    ratePost: bind(ratePost),
    postEngagement: bind(postEngagement),
    likedCommentIds: bind(likedCommentIds),
    myRating: bind(myRating),
  };
}

export type EngagementService = ReturnType<typeof createEngagement>;

/**
 * The engagement reads of one request's pages (load-context `EngagementReads`): a member's page
 * reads their likes and fresh counters; a visitor's reads nothing, so that it stays the same page
 * for every visitor (decision 002).
 */
export function engagementReadsFor(
  service: EngagementService,
  site: SiteView,
  actor: Actor,
  visitorId: string | null,
): EngagementReads {
  const isMember = actor.memberId !== null;
  return {
    forPosts: async (postIds) =>
      isMember
        ? Object.fromEntries(await service.postEngagement(actor, visitorId, site, postIds))
        : null,
    myRating: (postId) =>
      isMember ? service.myRating(actor, site, postId) : Promise.resolve(null),
    likedComments: async (commentIds) =>
      isMember ? [...(await service.likedCommentIds(actor, visitorId, site, commentIds))] : [],
  };
}
