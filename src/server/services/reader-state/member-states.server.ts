/**
 * What `readPage` has already answered about a member, kept in the process (issue 20; decision
 * 054): whether they like a post or a comment, their rating of a post, whether they follow a
 * target, whether they see held comments of a post, and their unread notifications. A member's
 * next page asks the database only for the targets it has not seen yet, and nothing at all when it
 * shows what an earlier page showed (the header's bell, the feed's cards read again).
 *
 * These answers change by the member's own writes (a like, a rating, a follow, a comment, reading
 * notifications), which all arrive as requests of theirs that change state: the app forgets the
 * member after each (`forgetMember`, app.server.ts), and a notification stored for them forgets
 * them too (notifications/send.server.ts). Anything else (a moderator approving their held
 * comment, another process's writes) shows within `MEMBER_STATE_TTL_MS`, as a session does
 * (decision 051). Counts are not kept here: they are everyone's (counts.server.ts).
 */
import { LRUCache } from 'lru-cache';
import { growingUpTo } from '../../cache/growing-lru.server';

/** How long a member's answers are kept at most, counted from their first read. */
export const MEMBER_STATE_TTL_MS = 30_000;
/** Answers kept per member: past this a member's answers start again from empty. */
export const MEMBER_STATE_KEYS_MAX = 2_000;
/** Answers kept for all members together (about 100 bytes each, so some 25 MB at worst). */
export const MEMBER_STATES_KEYS_BUDGET = 250_000;

/** One member's answers so far: each map holds only what a page has asked. */
export interface MemberState {
  /** `post|<id>` or `comment|<id>`: whether the member likes it. */
  liked: Map<string, boolean>;
  /** Post id: the member's rating, or null for none. */
  rated: Map<string, number | null>;
  /** `followingKey`: whether the member follows it. */
  following: Map<string, boolean>;
  /** Post id: whether the member sees comments of it a visitor does not (their held ones). */
  hiddenOf: Map<string, boolean>;
  /** Unread notifications as shown, or undefined before a page has asked. */
  unread: number | undefined;
}

/** A member's answers, and whether a read that begins now may add to them. */
export interface MemberStateLease {
  state: MemberState;
  /** Call after the read: false when the member was forgotten since (what was read is old). */
  isCurrent: () => boolean;
  /** Stores what the read added (counted against the bounds). */
  keep: () => void;
}

function emptyState(): MemberState {
  return {
    liked: new Map(),
    rated: new Map(),
    following: new Map(),
    hiddenOf: new Map(),
    unread: undefined,
  };
}

function keysOf(state: MemberState): number {
  return state.liked.size + state.rated.size + state.following.size + state.hiddenOf.size + 1;
}

/** The members' answers, by site and member, with the forgets that make them stale. */
export class MemberStates {
  private readonly states: LRUCache<string, MemberState>;
  /** Forgets so far; a read remembers the count it began at. */
  private forgets = 0;
  /** The count at each member's latest forget (kept as long as a read may still be running). */
  private readonly forgottenAt: LRUCache<string, number>;

  constructor(options: { ttlMs?: number; keysBudget?: number; now?: () => number } = {}) {
    const ttl = options.ttlMs ?? MEMBER_STATE_TTL_MS;
    this.states = new LRUCache<string, MemberState>({
      maxSize: options.keysBudget ?? MEMBER_STATES_KEYS_BUDGET,
      sizeCalculation: keysOf,
      ttl,
      // The life counts from the first read: a member's state is never kept alive by reading it.
      noUpdateTTL: true,
      ...(options.now ? { perf: { now: options.now } } : {}),
    });
    this.forgottenAt = new LRUCache<string, number>({ ...growingUpTo(100_000), ttl });
  }

  private static keyOf(siteId: string, memberId: string): string {
    return `${siteId}|${memberId}`;
  }

  /** The member's answers so far, for a read that may add to them. */
  lease(siteId: string, memberId: string): MemberStateLease {
    const key = MemberStates.keyOf(siteId, memberId);
    const startedAt = this.forgets;
    const state = this.states.get(key) ?? emptyState();
    const isCurrent = () => (this.forgottenAt.get(key) ?? -1) < startedAt;
    return {
      state,
      isCurrent,
      keep: () => {
        if (!isCurrent()) return;
        // A member who has read very many targets starts again rather than grow without end.
        if (keysOf(state) > MEMBER_STATE_KEYS_MAX) this.states.delete(key);
        else this.states.set(key, state);
      },
    };
  }

  /** Drops what is known of the member: after a write of theirs, or a notification to them. */
  forget(siteId: string, memberId: string): void {
    const key = MemberStates.keyOf(siteId, memberId);
    this.forgottenAt.set(key, this.forgets++);
    this.states.delete(key);
  }

  /** Members with answers kept (tests). */
  get size(): number {
    return this.states.size;
  }
}
