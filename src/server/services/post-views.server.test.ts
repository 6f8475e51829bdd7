/**
 * View counts (issue 6; decision 020) on PGlite and PostgreSQL: a viewer counts once a day, the
 * post's author and unpublished posts never, batches of many views in one write, and the sweep of
 * past days; which requests count (bots and prefetches do not) and who a viewer is.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts, postViews } from '../db/schema.server';
import { buildPost, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { createViewCounter, isViewCounted, viewerKeyOf } from './post-views.server';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

// The app only writes the posts; the counter under test is built below with a fake clock.
const harness = setUpTestApp();
const ids = { author: '', reader: '', published: '', draft: '', other: '' };
let clock = new Date('2026-03-10T10:00:00Z');

async function viewCount(postId: string) {
  const [row] = await harness.db
    .select({ viewCount: posts.viewCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row!.viewCount;
}

beforeAll(async () => {
  const { db, site, app } = harness;
  ids.author = (await createMember(db, site.id, { role: 'writer' })).id;
  ids.reader = (await createMember(db, site.id, { role: 'user' })).id;
  for (const [key, status] of [
    ['published', 'published'],
    ['draft', 'unpublished'],
    ['other', 'published'],
  ] as const) {
    const post = buildPost(site.id, ids.author, { status });
    await app.services.postWriter.insertPost(post);
    ids[key] = post.id;
  }
});

describe('the view counter', () => {
  const counter = () =>
    createViewCounter({ db: harness.db, now: () => clock, flushDelayMs: 60_000 });
  const view = (postId: string, viewerKey: string, memberId: string | null = null) => ({
    siteId: harness.site.id,
    postId,
    viewerKey,
    memberId,
  });

  it('counts a viewer once a day, and again the next day', async () => {
    const views = counter();
    const before = await viewCount(ids.published);
    views.record(view(ids.published, 'v:one'));
    views.record(view(ids.published, 'v:one'));
    views.record(view(ids.published, 'v:two'));
    views.record(view(ids.published, `m:${ids.reader}`, ids.reader));
    expect(await views.flush()).toBe(3);
    // A second counter (another process, a restart) dedupes by the table, not by its memory.
    const another = counter();
    another.record(view(ids.published, 'v:one'));
    expect(await another.flush()).toBe(0);
    expect(await viewCount(ids.published)).toBe(before + 3);
    clock = new Date('2026-03-11T08:00:00Z');
    another.record(view(ids.published, 'v:one'));
    expect(await another.flush()).toBe(1);
    expect(await viewCount(ids.published)).toBe(before + 4);
  });

  it('never counts the post’s author, nor a post that is not published', async () => {
    const views = counter();
    const before = await viewCount(ids.published);
    views.record(view(ids.published, `m:${ids.author}`, ids.author));
    views.record(view(ids.draft, 'v:draft-reader'));
    expect(await views.flush()).toBe(0);
    expect(await viewCount(ids.published)).toBe(before);
    expect(await viewCount(ids.draft)).toBe(0);
  });

  it('writes a burst of views in batches, each post counted by its own viewers', async () => {
    const views = counter();
    const before = { published: await viewCount(ids.published), other: await viewCount(ids.other) };
    for (let i = 0; i < 2500; i++) views.record(view(ids.other, `v:burst-${i}`));
    for (let i = 0; i < 30; i++) views.record(view(ids.published, `v:burst-${i}`));
    expect(await views.flush()).toBe(2530);
    expect(await viewCount(ids.other)).toBe(before.other + 2500);
    expect(await viewCount(ids.published)).toBe(before.published + 30);
  });

  it('writes on its own after a while, without anyone waiting', async () => {
    const views = createViewCounter({ db: harness.db, now: () => clock, flushDelayMs: 10 });
    const before = await viewCount(ids.other);
    views.record(view(ids.other, 'v:patient'));
    await expect.poll(() => viewCount(ids.other)).toBe(before + 1);
  });

  it('sweeps the rows of days before yesterday', async () => {
    const views = counter();
    clock = new Date('2026-03-20T08:00:00Z');
    views.record(view(ids.other, 'v:today'));
    await views.flush();
    const swept = await views.sweep();
    expect(swept).toBeGreaterThan(0);
    const days = await harness.db
      .selectDistinct({ day: postViews.day })
      .from(postViews)
      .where(eq(postViews.siteId, harness.site.id));
    expect(days.map((d) => d.day)).toEqual(['2026-03-20']);
  });
});

describe('which requests count as views', () => {
  it('counts browsers, not bots, scripts without a user agent or prefetches', () => {
    expect(isViewCounted({ 'user-agent': CHROME })).toBe(true);
    expect(
      isViewCounted({
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      }),
    ).toBe(false);
    expect(isViewCounted({ 'user-agent': 'curl/8.5.0' })).toBe(false);
    expect(isViewCounted({})).toBe(false);
    expect(isViewCounted({ 'user-agent': CHROME, 'sec-purpose': 'prefetch' })).toBe(false);
    expect(isViewCounted({ 'user-agent': CHROME, purpose: 'prefetch' })).toBe(false);
  });

  it('tells viewers apart: members, visitor ids, and a hash of address and browser', () => {
    const base = { memberId: null, visitorId: null, address: '203.0.113.9', userAgent: CHROME };
    expect(viewerKeyOf({ ...base, memberId: 'm1', visitorId: 'v1' })).toBe('m:m1');
    expect(viewerKeyOf({ ...base, visitorId: 'v1' })).toBe('v:v1');
    const anonymous = viewerKeyOf(base);
    expect(anonymous).toMatch(/^a:[\w-]{22}$/);
    expect(anonymous).not.toContain('203.0.113.9');
    expect(viewerKeyOf(base)).toBe(anonymous);
    expect(viewerKeyOf({ ...base, address: '203.0.113.10' })).not.toBe(anonymous);
    expect(viewerKeyOf({ ...base, userAgent: `${CHROME} Edg/126` })).not.toBe(anonymous);
  });
});
