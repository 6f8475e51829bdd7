/**
 * The session cache's rules on their own (decision 051): entries live SESSION_CACHE_TTL_MS and
 * never past the session's expiry; dead tokens are remembered briefly; forgets take one session,
 * a member's (on this site only) or stop a lookup that raced them from storing what it read.
 */
import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../services/accounts/context.server';
import {
  DEAD_SESSION_TTL_MS,
  SESSION_CACHE_MAX,
  SESSION_CACHE_TTL_MS,
  SessionCache,
} from './session-cache.server';

const SITE = 'site-a';
const OTHER_SITE = 'site-b';

function recordOf(memberId: string, expiresAt: number): SessionRecord {
  return {
    actor: { memberId, role: 'user', isBlocked: false, privacy: 'PUBLIC' },
    member: {
      siteMemberId: memberId,
      slug: memberId,
      name: memberId,
      image: null,
      isBlocked: false,
    },
    expiresAt: new Date(expiresAt),
  };
}

/** A loader that counts its calls and answers `record`. */
function loader(record: SessionRecord | null) {
  const load = async () => {
    load.calls += 1;
    return record;
  };
  load.calls = 0;
  return load;
}

describe('SessionCache', () => {
  it('serves a live session from memory for its life, then loads it again', async () => {
    const cache = new SessionCache();
    const load = loader(recordOf('m1', 10_000_000));
    await cache.lookup(SITE, 'h1', 1_000, load);
    await cache.lookup(SITE, 'h1', 1_000 + SESSION_CACHE_TTL_MS - 1, load);
    expect(load.calls).toBe(1);
    await cache.lookup(SITE, 'h1', 1_000 + SESSION_CACHE_TTL_MS, load);
    expect(load.calls).toBe(2);
  });

  it('never serves a session past its expiry', async () => {
    const cache = new SessionCache();
    const load = loader(recordOf('m1', 5_000));
    expect(await cache.lookup(SITE, 'h1', 1_000, load)).not.toBeNull();
    expect(await cache.lookup(SITE, 'h1', 4_999, load)).not.toBeNull();
    expect(load.calls).toBe(1);
    // Inside the cache's life, but the session ended: the database decides again.
    const expired = loader(null);
    expect(await cache.lookup(SITE, 'h1', 5_000, expired)).toBeNull();
    expect(expired.calls).toBe(1);
  });

  it('remembers a dead token for a while, keyed by site', async () => {
    const cache = new SessionCache();
    const dead = loader(null);
    await cache.lookup(SITE, 'h1', 0, dead);
    await cache.lookup(SITE, 'h1', DEAD_SESSION_TTL_MS - 1, dead);
    expect(dead.calls).toBe(1);
    await cache.lookup(OTHER_SITE, 'h1', 1, dead);
    expect(dead.calls).toBe(2);
    await cache.lookup(SITE, 'h1', DEAD_SESSION_TTL_MS, dead);
    expect(dead.calls).toBe(3);
  });

  it('forgets one session, or every session of a member on one site', async () => {
    const cache = new SessionCache();
    const far = 10_000_000;
    for (const [site, hash, member] of [
      [SITE, 'a1', 'ann'],
      [SITE, 'a2', 'ann'],
      [SITE, 'b1', 'bob'],
      [OTHER_SITE, 'a3', 'ann'],
    ] as const) {
      await cache.lookup(site, hash, 0, loader(recordOf(member, far)));
    }
    expect(cache.size.live).toBe(4);
    cache.forgetSession(SITE, 'b1');
    expect(cache.size.live).toBe(3);
    cache.forgetMember(SITE, 'ann');
    expect(cache.size.live).toBe(1);
    const again = loader(recordOf('ann', far));
    await cache.lookup(OTHER_SITE, 'a3', 1, again);
    expect(again.calls).toBe(0);
  });

  it('does not store what a lookup read while a forget of its site came in', async () => {
    const cache = new SessionCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stale = recordOf('ann', 10_000_000);
    const racing = cache.lookup(SITE, 'a1', 0, async () => {
      await gate;
      return stale;
    });
    cache.forgetMember(SITE, 'ann');
    release();
    expect(await racing).toBe(stale);
    const fresh = loader(recordOf('ann', 10_000_000));
    await cache.lookup(SITE, 'a1', 1, fresh);
    expect(fresh.calls).toBe(1);
  });

  it('holds at most SESSION_CACHE_MAX live sessions', async () => {
    const cache = new SessionCache();
    const record = recordOf('m', 10_000_000);
    for (let i = 0; i <= SESSION_CACHE_MAX; i++) {
      await cache.lookup(SITE, `h${i}`, 0, async () => record);
    }
    expect(cache.size.live).toBe(SESSION_CACHE_MAX);
  });
});
