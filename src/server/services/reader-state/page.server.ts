/**
 * A reader's whole state over one shared page in one round trip (issue 20; decision 051): what the
 * serve-time overlay fills the page's holes with. For a member, ONE SQL statement returns their
 * likes, their ratings, their unread notifications, what they follow and whether they see comments
 * of the post a visitor does not; the counts everyone sees come from the process's 5 s snapshot
 * (`counts.server.ts`, decision 030), whose refresh is at most one more query per 5 s per target.
 * A visitor with a visitor id costs one query (their likes), one without none at all.
 *
 * The statement's parts are the existing queries, not copies: `likedQuery` and `ratingsQuery`
 * (`own.server.ts`), `followingQuery` (`subscriptions.server.ts`), `unreadLinesQuery` and its cap
 * (`notifications/`), `visibleTo` (`comments/rows.server.ts`), each a subselect of one row read
 * from `sites` by its primary key.
 */
import { and, eq, not, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SubscriptionTarget } from '../../../domain/comments';
import { likerKeyOf } from '../../../domain/engagement';
import type { LikeStateView } from '../../../domain/likes';
import { type Actor, ANONYMOUS_ACTOR } from '../../../domain/permissions';
import { type PostReaderState, READER_STATE_IDS_MAX } from '../../../domain/reader-state';
import type { SiteView } from '../../../domain/views';
import { comments, sites } from '../../db/schema.server';
import { visibleTo } from '../comments/rows.server';
import { unreadLinesQuery } from '../notifications/queries.server';
import { unreadShown } from '../notifications/read.server';
import { notificationsRefusal } from '../notifications/stored.server';
import { followingQuery } from '../subscriptions.server';
import { countsOf } from './counts.server';
import type { MemberState } from './member-states.server';
import { likedQuery, ratingsQuery } from './own.server';
import { statesOf } from './read.server';
import type { ReaderStateContext } from './snapshot.server';

/** What a rendered page shows that has a reader's state: ids the server itself rendered. */
export interface PageReaderTargets {
  /** Like state and counts of these posts (counts from the 5 s snapshot). */
  posts: string[];
  /** Like state and counts of these comments. */
  comments: string[];
  /** The member's own rating of these posts (members only). */
  ratedPosts: string[];
  /** What the page offers to follow: `services.subscriptions.status`'s targets. */
  following: { targetType: SubscriptionTarget; targetId: string }[];
  /**
   * A post page: whether this reader sees comments of this post a visitor does not (their own
   * held comments: `visibleTo` in services/comments/rows.server.ts).
   */
  hiddenCommentsOf: string | null;
}

/** A reader's state of one page. */
export interface PageReaderState {
  /** As `ReaderStateView`'s: published posts only. */
  posts: Record<string, PostReaderState>;
  comments: Record<string, LikeStateView>;
  /** Keyed `${targetType}:${targetId}`; every asked target is there. */
  following: Record<string, boolean>;
  /** Null for visitors and blocked members (who have no notifications to read). */
  unreadNotifications: number | null;
  seesHiddenComments: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids worth asking about: UUIDs only (the database would refuse to cast anything else), each
 * once, at most READER_STATE_IDS_MAX. Targets come from the server's own render, so nothing is
 * refused: this only keeps a mistake from costing a failed statement or an unbounded one.
 */
function usableIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => UUID.test(id)))].slice(0, READER_STATE_IDS_MAX);
}

/** The key of a followed target in `PageReaderState.following`. */
export function followingKey(target: { targetType: string; targetId: string }): string {
  return `${target.targetType}:${target.targetId}`;
}

/** A subselect's rows as one JSON array (empty when none). */
function rowsAsJson(query: SQLWrapper): SQL<unknown> {
  return sql`(select coalesce(json_agg(t), '[]'::json) from (${query}) t)`;
}

/** JSON as the driver hands it: PGlite and node-postgres parse `json`; a string is parsed here. */
function jsonRows<T>(value: unknown): T[] {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

/** The page's targets, cleaned: UUIDs only, each once, capped (`usableIds`). */
interface AskedTargets {
  postIds: string[];
  commentIds: string[];
  ratedIds: string[];
  following: { targetType: SubscriptionTarget; targetId: string }[];
  hiddenOf: string | null;
}

/** What the statement found: a member's answers for the targets it was asked about. */
interface Found {
  liked: Set<string>;
  rated: Map<string, number>;
  followed: Set<string>;
  unread: number | null;
  hidden: boolean;
}

/**
 * One statement for what the reader has of these targets (their likes, ratings, follows, unread
 * notifications, held comments); nothing asked, no statement.
 */
async function readOwn(
  db: ReaderStateContext['db'],
  actor: Actor,
  likerKey: string | null,
  site: SiteView,
  asked: AskedTargets,
  wantsUnread: boolean,
): Promise<Found> {
  const { postIds, commentIds, ratedIds, following, hiddenOf } = asked;
  const memberId = actor.memberId;
  const parts: Record<string, SQL<unknown>> = {};
  if (likerKey !== null && postIds.length + commentIds.length > 0) {
    parts.liked = rowsAsJson(likedQuery(db, site.id, likerKey, postIds, commentIds));
  }
  if (memberId !== null) {
    if (ratedIds.length > 0)
      parts.rated = rowsAsJson(ratingsQuery(db, site.id, memberId, ratedIds));
    if (following.length > 0) {
      parts.following = rowsAsJson(followingQuery(db, site.id, memberId, following));
    }
    if (wantsUnread) parts.unread = sql`(${unreadLinesQuery(db, site.id, memberId)})`;
    if (hiddenOf !== null) {
      // Seen by this reader (visibleTo) and not by a visitor: the rule's one home decides both.
      parts.hidden = sql`exists (${db
        .select({ one: sql`1` })
        .from(comments)
        .where(
          and(
            eq(comments.siteId, site.id),
            eq(comments.postId, hiddenOf),
            visibleTo(actor),
            not(visibleTo(ANONYMOUS_ACTOR)),
          ),
        )})`;
    }
  }
  const row =
    Object.keys(parts).length === 0
      ? undefined
      : ((await db.select(parts).from(sites).where(eq(sites.id, site.id)))[0] as
          | Record<string, unknown>
          | undefined);
  return {
    liked: new Set(
      jsonRows<{ target_type: string; target_id: string }>(row?.liked).map(
        (like) => `${like.target_type}|${like.target_id}`,
      ),
    ),
    rated: new Map(
      jsonRows<{ post_id: string; value: number }>(row?.rated).map((rating) => [
        rating.post_id,
        Number(rating.value),
      ]),
    ),
    followed: new Set(
      jsonRows<{ target_type: string; target_id: string }>(row?.following).map((target) =>
        followingKey({ targetType: target.target_type, targetId: target.target_id }),
      ),
    ),
    unread: wantsUnread ? unreadShown(row?.unread as number) : null,
    hidden: row?.hidden === true,
  };
}

/**
 * A member's answers, from what earlier pages asked (member-states.server.ts) and, for what none
 * did, one statement, whose answers are kept for the next page unless the member was forgotten
 * while it ran.
 */
async function readMember(
  context: ReaderStateContext,
  actor: Actor & { memberId: string },
  likerKey: string,
  site: SiteView,
  asked: AskedTargets,
): Promise<Found> {
  const lease = context.members.lease(site.id, actor.memberId);
  const { state } = lease;
  const missing: AskedTargets = {
    postIds: asked.postIds.filter((id) => !state.liked.has(`post|${id}`)),
    commentIds: asked.commentIds.filter((id) => !state.liked.has(`comment|${id}`)),
    ratedIds: asked.ratedIds.filter((id) => !state.rated.has(id)),
    following: asked.following.filter((target) => !state.following.has(followingKey(target))),
    hiddenOf:
      asked.hiddenOf !== null && !state.hiddenOf.has(asked.hiddenOf) ? asked.hiddenOf : null,
  };
  const wantsUnread = state.unread === undefined;
  const isComplete =
    missing.postIds.length + missing.commentIds.length + missing.ratedIds.length === 0 &&
    missing.following.length === 0 &&
    missing.hiddenOf === null &&
    !wantsUnread;
  if (isComplete) return foundIn(state, asked);
  const found = await readOwn(context.db, actor, likerKey, site, missing, wantsUnread);
  // Answers read before a forget (a write of theirs) may be old: used once, never kept.
  if (!lease.isCurrent()) return mergedFound(state, asked, found);
  for (const id of missing.postIds) state.liked.set(`post|${id}`, found.liked.has(`post|${id}`));
  for (const id of missing.commentIds) {
    state.liked.set(`comment|${id}`, found.liked.has(`comment|${id}`));
  }
  for (const id of missing.ratedIds) state.rated.set(id, found.rated.get(id) ?? null);
  for (const target of missing.following) {
    const key = followingKey(target);
    state.following.set(key, found.followed.has(key));
  }
  if (missing.hiddenOf !== null) state.hiddenOf.set(missing.hiddenOf, found.hidden);
  if (wantsUnread) state.unread = found.unread ?? 0;
  lease.keep();
  return foundIn(state, asked);
}

/** The answers for `asked` from a member's kept state. */
function foundIn(state: MemberState, asked: AskedTargets): Found {
  const liked = new Set<string>();
  for (const id of asked.postIds) if (state.liked.get(`post|${id}`)) liked.add(`post|${id}`);
  for (const id of asked.commentIds) {
    if (state.liked.get(`comment|${id}`)) liked.add(`comment|${id}`);
  }
  const rated = new Map<string, number>();
  for (const id of asked.ratedIds) {
    const value = state.rated.get(id);
    if (value !== null && value !== undefined) rated.set(id, value);
  }
  const followed = new Set<string>();
  for (const target of asked.following) {
    const key = followingKey(target);
    if (state.following.get(key)) followed.add(key);
  }
  return {
    liked,
    rated,
    followed,
    unread: state.unread ?? 0,
    hidden: asked.hiddenOf !== null && state.hiddenOf.get(asked.hiddenOf) === true,
  };
}

/** Kept answers and a statement's fresh ones together, the fresh ones winning (not kept). */
function mergedFound(state: MemberState, asked: AskedTargets, found: Found): Found {
  const kept = foundIn(state, asked);
  return {
    liked: new Set([...kept.liked, ...found.liked]),
    rated: new Map([...kept.rated, ...found.rated]),
    followed: new Set([...kept.followed, ...found.followed]),
    unread: state.unread === undefined ? found.unread : kept.unread,
    hidden:
      asked.hiddenOf !== null && state.hiddenOf.has(asked.hiddenOf) ? kept.hidden : found.hidden,
  };
}

/**
 * The reader's state of a page: for a member, from what earlier pages asked and one statement for
 * the rest (none when a page shows nothing new, decision 054); one query for a visitor with an id,
 * none for a visitor without; plus the counts snapshot's refresh where it is older than 5 s.
 */
export async function readPage(
  context: ReaderStateContext,
  actor: Actor,
  visitorId: string | null,
  site: SiteView,
  targets: PageReaderTargets,
): Promise<PageReaderState> {
  const postIds = usableIds(targets.posts);
  const commentIds = usableIds(targets.comments);
  const asked: AskedTargets = {
    postIds,
    commentIds,
    ratedIds: actor.memberId === null ? [] : usableIds(targets.ratedPosts),
    following: targets.following
      .filter((target) => UUID.test(target.targetId))
      .slice(0, READER_STATE_IDS_MAX),
    hiddenOf:
      targets.hiddenCommentsOf !== null && UUID.test(targets.hiddenCommentsOf)
        ? targets.hiddenCommentsOf
        : null,
  };
  const likerKey = likerKeyOf(actor, visitorId);
  const memberId = actor.memberId;
  // A member who likes as a member and has a bell (not blocked) has answers worth keeping.
  const isKept =
    memberId !== null && likerKey === `m:${memberId}` && notificationsRefusal(actor) === null;
  const hasBell = memberId !== null && notificationsRefusal(actor) === null;

  const [postCounts, commentCounts, found] = await Promise.all([
    countsOf(context, site, 'post', postIds),
    countsOf(context, site, 'comment', commentIds),
    isKept
      ? readMember(context, { ...actor, memberId }, likerKey, site, asked)
      : readOwn(context.db, actor, likerKey, site, asked, hasBell),
  ]);

  const { posts: postStates, comments: commentStates } = statesOf(
    postCounts,
    commentCounts,
    found.liked,
    found.rated,
  );
  const followingStates: Record<string, boolean> = {};
  for (const target of targets.following) {
    followingStates[followingKey(target)] = found.followed.has(followingKey(target));
  }
  return {
    posts: postStates,
    comments: commentStates,
    following: followingStates,
    unreadNotifications: hasBell ? found.unread : null,
    seesHiddenComments: found.hidden,
  };
}
