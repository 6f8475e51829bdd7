/**
 * A reader's view of a page (issue 20; decision 050): who they are and what they may do (the
 * shell, from their identity and the blog's settings, no query), and their state of the targets
 * the page's holes show (one read of the database for a member). See widget/reader/reader.tsx.
 */
import type { FastifyInstance } from 'fastify';
import { hasPlanAccess } from '../../domain/comments';
import { isMultilingual } from '../../domain/empty-states';
import { engagementGates } from '../../domain/engagement';
import { whyNot } from '../../domain/permissions';
import type { ReaderView } from '../../domain/reader-state';
import { permissionSettingsOf, type ResolvedSettings } from '../../domain/settings';
import type { SiteView } from '../../domain/views';
import { type RequestIdentity, sessionMemberView } from '../http/actor.server';
import type { SubscriptionKey } from '../services/subscriptions.server';

/** The targets a page's holes show, from their keys (widget/reader/reader.tsx). */
export interface PageTargets {
  posts: string[];
  comments: string[];
  following: SubscriptionKey[];
  /** Posts whose comments a reader may see otherwise than a visitor (their held ones). */
  commentsOf: string[];
  /** Owners of paid posts shown: a reader with access to them sees their comments. */
  planOwners: string[];
}

/** The page's target keys sorted by kind. */
export function pageTargetsOf(keys: Iterable<string>): PageTargets {
  const targets: PageTargets = {
    posts: [],
    comments: [],
    following: [],
    commentsOf: [],
    planOwners: [],
  };
  for (const key of keys) {
    const [kind, first, second] = key.split(':');
    if (kind === 'post' && first) targets.posts.push(first);
    else if (kind === 'comment' && first) targets.comments.push(first);
    else if (kind === 'follow' && first && second) {
      targets.following.push({ targetType: first, targetId: second } as SubscriptionKey);
    } else if (kind === 'own' && first === 'comments-of' && second) targets.commentsOf.push(second);
    else if (kind === 'own' && first === 'plan' && second !== undefined) {
      targets.planOwners.push(second);
    }
  }
  return targets;
}

/** Who reads and what they may do: the view without any target's state. */
export function shellView(
  identity: Pick<RequestIdentity, 'actor' | 'member'>,
  site: SiteView,
  settings: ResolvedSettings,
  unreadNotifications: number | null = null,
): ReaderView {
  const { actor } = identity;
  const member = sessionMemberView(identity);
  return {
    member,
    viewer: actor,
    notifications:
      member && !actor.isBlocked && unreadNotifications !== null
        ? { unread: unreadNotifications }
        : null,
    createPostRefusal: whyNot(actor, 'post:create', {}),
    gates: engagementGates(
      actor,
      permissionSettingsOf(settings, isMultilingual(site)),
      site.isDemoMode,
    ),
    posts: {},
    comments: {},
    following: {},
  };
}

/** Whether a reader needs any read at all: a visitor without a visitor id has no state. */
export function hasReaderState(identity: RequestIdentity, visitorId: string | null): boolean {
  return identity.actor.memberId !== null || visitorId !== null;
}

/**
 * The reader's whole view of a page, or `'own-page'` when the page every reader shares cannot
 * show what they see (their own held comments; a paid post whose comments they may read).
 */
export async function readerViewOf(
  services: FastifyInstance['services'],
  identity: RequestIdentity,
  visitorId: string | null,
  site: SiteView,
  settings: ResolvedSettings,
  targets: PageTargets,
  /** The page was rendered for this reader: nothing of it needs a page of their own. */
  isOwnPage = false,
): Promise<ReaderView | 'own-page'> {
  const { actor } = identity;
  const paidPost = { paidPlansGroupIds: ['paid'] };
  const hasPaidAccess = targets.planOwners.some((ownerId) =>
    hasPlanAccess(actor, { ...paidPost, ownerId }),
  );
  if (hasPaidAccess && !isOwnPage) return 'own-page';
  // One statement for a member (decision 051): likes, ratings, unread, follows, held comments.
  const state = await services.readerState.readPage(actor, visitorId, site, {
    posts: targets.posts,
    comments: targets.comments,
    ratedPosts: actor.memberId === null ? [] : targets.posts,
    following: targets.following,
    hiddenCommentsOf: isOwnPage ? null : (targets.commentsOf[0] ?? null),
  });
  if (state.seesHiddenComments) return 'own-page';
  const view = shellView(identity, site, settings, state.unreadNotifications);
  view.posts = state.posts;
  view.comments = state.comments;
  view.following = state.following;
  return view;
}
