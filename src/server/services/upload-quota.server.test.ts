import { describe, expect, it } from 'vitest';
import { createUploadQuota } from './upload-quota.server';

const HOUR = 60 * 60 * 1000;
const SITE = 'site-a';

function quotaAt(start: number, limits = { windowMs: HOUR, maxUploads: 2, maxBytes: 1000 }) {
  const clock = { now: start };
  return { clock, quota: createUploadQuota({ now: () => clock.now, limits }) };
}

function reserveOk(quota: ReturnType<typeof createUploadQuota>, member: string, bytes = 0) {
  const verdict = quota.reserve(SITE, member, bytes);
  if (!verdict.isAllowed) throw new Error('expected the upload to be allowed');
  return verdict.ticket;
}

describe('upload quota', () => {
  it('allows maxUploads within the window, then refuses until the oldest leaves it', () => {
    const { clock, quota } = quotaAt(0);
    reserveOk(quota, 'ada').commit(10);
    clock.now = 10 * 60 * 1000;
    reserveOk(quota, 'ada').commit(10);
    const refused = quota.reserve(SITE, 'ada');
    expect(refused).toEqual({ isAllowed: false, retryAfterMs: 50 * 60 * 1000 });
    clock.now = HOUR + 1;
    expect(quota.reserve(SITE, 'ada').isAllowed).toBe(true);
  });

  it('counts members and sites apart', () => {
    const { quota } = quotaAt(0);
    reserveOk(quota, 'ada');
    reserveOk(quota, 'ada');
    expect(quota.reserve(SITE, 'ada').isAllowed).toBe(false);
    expect(quota.reserve(SITE, 'grace').isAllowed).toBe(true);
    expect(quota.reserve('site-b', 'ada').isAllowed).toBe(true);
  });

  it('refuses when the bytes of the window would pass maxBytes', () => {
    const { quota } = quotaAt(0, { windowMs: HOUR, maxUploads: 10, maxBytes: 1000 });
    reserveOk(quota, 'ada', 100).commit(900);
    expect(quota.reserve(SITE, 'ada', 200).isAllowed).toBe(false);
    expect(quota.reserve(SITE, 'ada', 100).isAllowed).toBe(true);
  });

  it('gives a released reservation back, and settles a ticket only once', () => {
    const { quota } = quotaAt(0);
    const first = reserveOk(quota, 'ada');
    const second = reserveOk(quota, 'ada');
    expect(quota.reserve(SITE, 'ada').isAllowed).toBe(false);
    second.release();
    second.release();
    first.commit(1);
    first.release();
    expect(quota.reserve(SITE, 'ada').isAllowed).toBe(true);
    expect(quota.reserve(SITE, 'ada').isAllowed).toBe(false);
  });
});
