/**
 * Resolved sessions kept in the process for a short while (issue 20; decision 051): a member's
 * second request within SESSION_CACHE_TTL_MS costs no query to learn who they are. Keyed by site
 * and the token's SHA-256 (as the `sessions` table keys them), never by the raw token.
 *
 * Every write that changes what `accounts.findSession` answers forgets here, in this process, at
 * once: logout (`forgetSession`), a password reset, a role change, block and unblock, a member's
 * removal, a profile change the header shows (`forgetMember`), a slide (`forgetSession`: the next
 * request reads the new expiry). The services call these after their commit; a lookup that was
 * already reading the database when a forget of its site came in does not store what it read, so
 * a write that raced a lookup is never hidden for the entry's life.
 *
 * Several processes: there is no channel between them today (site generations are per process
 * too, `generations.server.ts`), so another process may serve its cached entry for up to
 * SESSION_CACHE_TTL_MS after a change. That bound is why the life is short.
 */
import { LRUCache } from 'lru-cache';
import type { SessionRecord } from '../services/accounts/context.server';
import { growingUpTo } from './growing-lru.server';

/**
 * How long a resolved session is served from memory. Short because it is also how long another
 * server process may still see a member as they were before a logout, block or role change made
 * through this one (no channel between processes); 30 s turns a reading member's page views
 * into about one session query each half-minute instead of one per page.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
/**
 * Live sessions kept at most, least recently used dropped first. An entry is the member's view
 * (name, avatar URL, role) and its key, about 1 KB: 20,000 of them stay near 20 MB at worst.
 */
export const SESSION_CACHE_MAX = 20_000;
/**
 * How long a token that names no session stays known as dead. A token is 32 random bytes only
 * the server issues: one that is dead now cannot come alive, so the bound only limits memory.
 */
export const DEAD_SESSION_TTL_MS = 30_000;
/**
 * Dead tokens kept at most: a flood of made-up cookies costs one query per new token, and past
 * this many the oldest are forgotten (each entry is a key of about 90 bytes and a number).
 */
export const DEAD_SESSION_CACHE_MAX = 10_000;

interface LiveEntry {
  /** Shared by every request that hits it: nothing may change it (copies are made to change). */
  record: SessionRecord;
  /** When the lookup that read it started (ms): the entry's age counts from then. */
  readAt: number;
}

/** The process's resolved sessions, with the forgets that keep them honest. */
export class SessionCache {
  readonly #live = new LRUCache<string, LiveEntry>(growingUpTo(SESSION_CACHE_MAX));
  readonly #dead = new LRUCache<string, number>(growingUpTo(DEAD_SESSION_CACHE_MAX));
  /** Forgets so far per site: a lookup that saw one happen while it read stores nothing. */
  readonly #forgets = new Map<string, number>();

  static keyOf(siteId: string, tokenHash: string): string {
    return `${siteId}|${tokenHash}`;
  }

  /**
   * The session `tokenHash` names on the site at `at` (ms): from memory when a live entry is
   * younger than SESSION_CACHE_TTL_MS and the session has not expired by then (or a dead one
   * younger than DEAD_SESSION_TTL_MS), else from `load`, remembered unless a forget of the site
   * came in meanwhile.
   */
  async lookup(
    siteId: string,
    tokenHash: string,
    at: number,
    load: () => Promise<SessionRecord | null>,
  ): Promise<SessionRecord | null> {
    const key = SessionCache.keyOf(siteId, tokenHash);
    const live = this.#live.get(key);
    if (live) {
      if (at - live.readAt < SESSION_CACHE_TTL_MS && at < live.record.expiresAt.getTime()) {
        return live.record;
      }
      this.#live.delete(key);
    }
    const deadAt = this.#dead.get(key);
    if (deadAt !== undefined) {
      if (at - deadAt < DEAD_SESSION_TTL_MS) return null;
      this.#dead.delete(key);
    }
    const forgetsBefore = this.#forgetsOf(siteId);
    const record = await load();
    if (this.#forgetsOf(siteId) === forgetsBefore) {
      if (record) this.#live.set(key, { record, readAt: at });
      else this.#dead.set(key, at);
    }
    return record;
  }

  /** Forgets one session (logout, a slide): the next request reads it again. */
  forgetSession(siteId: string, tokenHash: string): void {
    this.#noteForget(siteId);
    this.#live.delete(SessionCache.keyOf(siteId, tokenHash));
  }

  /**
   * Forgets every session of a member (password reset, role, block, removal, the header's
   * profile fields): their next request, on any of their browsers, reads them again.
   */
  forgetMember(siteId: string, memberId: string): void {
    this.#noteForget(siteId);
    // A scan of at most SESSION_CACHE_MAX entries, on writes that are rare (an admin's action,
    // a profile save): cheaper than keeping a second index on every lookup.
    const prefix = `${siteId}|`;
    const theirs = [...this.#live.entries()].filter(
      ([key, entry]) => entry.record.actor.memberId === memberId && key.startsWith(prefix),
    );
    for (const [key] of theirs) this.#live.delete(key);
  }

  /** Entries held (tests and the bench). */
  get size(): { live: number; dead: number } {
    return { live: this.#live.size, dead: this.#dead.size };
  }

  #forgetsOf(siteId: string): number {
    return this.#forgets.get(siteId) ?? 0;
  }

  #noteForget(siteId: string): void {
    this.#forgets.set(siteId, this.#forgetsOf(siteId) + 1);
  }
}
