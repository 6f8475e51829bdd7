/**
 * `/api/dashboard/analytics` through HTTP (issue 18 § Analytics; decision 041), on PGlite and
 * PostgreSQL: events bump the right day's aggregate row (in the site's time zone) as they
 * happen: a counted view, its reader once a day, a like and its removal, a comment, a rating,
 * a member, a subscription; the site's series, totals against the previous period and top lists;
 * one post's page; CSV; owners only (editors, writers, readers 403, visitors 401); bad ranges 400
 * naming the field.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AnalyticsView, addDays, dayIn, type PostAnalyticsView } from '../../domain/analytics';
import type { Role } from '../../domain/permissions';
import { documentOf, paragraph } from '../../rich-content/document';
import {
  analyticsPostDays,
  analyticsPostMonths,
  analyticsSiteDays,
  comments,
  likes,
  postCategories,
  ratings,
  subscriptions,
} from '../db/schema.server';
import { buildPost, createCategory, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

// A day behind UTC by eleven hours: for most of the UTC day the site's date is yesterday's.
const TIME_ZONE = 'Pacific/Pago_Pago';
const harness = setUpTestApp({ withTestRoutes: true, site: { timeZone: TIME_ZONE } });

const ROLES_REFUSED: Role[] = ['editor', 'writer', 'guest-writer', 'open-blog-writer', 'user'];
const roles = {} as Record<Role, string>;
let author = '';
let authorName = '';
let categoryId = '';
const postIds = { top: '', other: '' };

beforeAll(async () => {
  const { app, db, site } = harness;
  for (const role of ['owner', ...ROLES_REFUSED] as Role[]) {
    roles[role] = (await createMember(db, site.id, { role })).id;
  }
  const writer = await createMember(db, site.id, { role: 'writer', name: 'Wanda Analytics' });
  author = writer.id;
  authorName = writer.name;
  categoryId = (await createCategory(db, site.id, { label: 'Gardens' })).id;
  for (const key of ['top', 'other'] as const) {
    const post = buildPost(site.id, author, {
      title: `Analytics ${key}`,
      categoryIds: [categoryId],
    });
    await app.services.postWriter.insertPost(post);
    postIds[key] = post.id;
  }
});

function call(member: string | null, url: string, method: 'GET' | 'PUT' | 'DELETE' = 'GET') {
  const headers: Record<string, string> = { host: harness.site.host };
  if (member) headers[TEST_MEMBER_HEADER] = member;
  return harness.app.inject({ method, url, headers });
}

const today = () => dayIn(new Date(), TIME_ZONE);

async function postDay(postId: string, day = today()) {
  const [row] = await harness.db
    .select()
    .from(analyticsPostDays)
    .where(
      and(
        eq(analyticsPostDays.siteId, harness.site.id),
        eq(analyticsPostDays.postId, postId),
        eq(analyticsPostDays.day, day),
      ),
    );
  return row ?? null;
}

async function siteDay(day = today()) {
  const rows = await harness.db
    .select({
      views: sql<number>`sum(${analyticsSiteDays.views})::int`,
      readers: sql<number>`sum(${analyticsSiteDays.readers})::int`,
      likes: sql<number>`sum(${analyticsSiteDays.likes})::int`,
      comments: sql<number>`sum(${analyticsSiteDays.comments})::int`,
      ratings: sql<number>`sum(${analyticsSiteDays.ratings})::int`,
      members: sql<number>`sum(${analyticsSiteDays.members})::int`,
      followers: sql<number>`sum(${analyticsSiteDays.followers})::int`,
    })
    .from(analyticsSiteDays)
    .where(and(eq(analyticsSiteDays.siteId, harness.site.id), eq(analyticsSiteDays.day, day)));
  return rows[0]!;
}

function view(postId: string, viewerKey: string, memberId: string | null = null) {
  harness.app.services.views.record({ siteId: harness.site.id, postId, viewerKey, memberId });
}

describe('aggregates kept as events happen', () => {
  it('counts a new view once per reader and post a day, and a reader once a day for the site', async () => {
    const before = await siteDay();
    view(postIds.top, 'v:reader-one');
    view(postIds.top, 'v:reader-two');
    view(postIds.other, 'v:reader-one');
    await harness.app.services.views.flush();
    // The same reader again, and the author of the post: neither counts.
    view(postIds.top, 'v:reader-one');
    view(postIds.top, `m:${author}`, author);
    await harness.app.services.views.flush();
    const after = await siteDay();
    expect(after.views - (before.views ?? 0)).toBe(3);
    expect(after.readers - (before.readers ?? 0)).toBe(2);
    expect((await postDay(postIds.top))?.views).toBe(2);
    expect((await postDay(postIds.other))?.views).toBe(1);
  });

  it('adds a like to the day it was given and takes it away when it is taken back', async () => {
    const before = (await postDay(postIds.top))?.likes ?? 0;
    expect((await call(roles.user, `/api/posts/${postIds.top}/like`, 'PUT')).statusCode).toBe(200);
    expect((await postDay(postIds.top))?.likes).toBe(before + 1);
    // Liking twice is one like.
    await call(roles.user, `/api/posts/${postIds.top}/like`, 'PUT');
    expect((await postDay(postIds.top))?.likes).toBe(before + 1);
    const siteBefore = (await siteDay()).likes;
    expect((await call(roles.user, `/api/posts/${postIds.top}/like`, 'DELETE')).statusCode).toBe(
      200,
    );
    expect((await postDay(postIds.top))?.likes).toBe(before);
    expect((await siteDay()).likes).toBe(siteBefore - 1);
    await call(roles.user, `/api/posts/${postIds.top}/like`, 'PUT');
  });

  it("files an event under the site's date, not UTC's", async () => {
    // 05:00 UTC on 1 March is 18:00 on 28 February in Pago Pago.
    const at = new Date('2026-03-01T05:00:00Z');
    await harness.db.insert(ratings).values({
      siteId: harness.site.id,
      postId: postIds.other,
      memberId: roles.editor,
      value: 4,
      createdAt: at,
    });
    expect((await postDay(postIds.other, '2026-02-28'))?.ratings).toBe(1);
    const [month] = await harness.db
      .select()
      .from(analyticsPostMonths)
      .where(
        and(
          eq(analyticsPostMonths.postId, postIds.other),
          eq(analyticsPostMonths.month, '2026-02-01'),
        ),
      );
    expect(month?.ratings).toBe(1);
    expect(await postDay(postIds.other, '2026-03-01')).toBeNull();
    expect((await siteDay('2026-02-28')).ratings).toBe(1);
  });

  it('counts comments, members and subscriptions, and subtracts them when they go', async () => {
    const before = await siteDay();
    const id = randomUUID();
    await harness.db.insert(comments).values({
      siteId: harness.site.id,
      id,
      postId: postIds.top,
      authorId: roles.user,
      content: documentOf([paragraph('Lovely.')]),
      contentText: 'Lovely.',
    });
    const member = await createMember(harness.db, harness.site.id, { role: 'user' });
    await harness.db.insert(subscriptions).values({
      siteId: harness.site.id,
      memberId: member.id,
      targetType: 'blog',
      targetId: harness.site.id,
    });
    let after = await siteDay();
    expect(after.comments - (before.comments ?? 0)).toBe(1);
    expect(after.members - (before.members ?? 0)).toBe(1);
    expect(after.followers - (before.followers ?? 0)).toBe(1);
    await harness.db
      .delete(comments)
      .where(and(eq(comments.siteId, harness.site.id), eq(comments.id, id)));
    await harness.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.siteId, harness.site.id), eq(subscriptions.memberId, member.id)));
    after = await siteDay();
    expect(after.comments).toBe(before.comments ?? 0);
    expect(after.followers).toBe(before.followers ?? 0);
    expect(after.members - (before.members ?? 0)).toBe(1);
  });

  it('keeps counting under many likes at once', async () => {
    const likers = await Promise.all(
      Array.from({ length: 20 }, () => createMember(harness.db, harness.site.id, { role: 'user' })),
    );
    const before = (await postDay(postIds.other))?.likes ?? 0;
    const answers = await Promise.all(
      likers.map((m) => call(m.id, `/api/posts/${postIds.other}/like`, 'PUT')),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await postDay(postIds.other))?.likes).toBe(before + 20);
    const [stored] = await harness.db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(and(eq(likes.siteId, harness.site.id), eq(likes.targetId, postIds.other)));
    expect(stored!.n).toBe(before + 20);
  });
});

describe('GET /api/dashboard/analytics', () => {
  it("answers the owner with totals, the day's series, the previous period and top lists", async () => {
    const response = await call(roles.owner, '/api/dashboard/analytics?range=7d&interval=day');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const body = response.json<AnalyticsView>();
    expect(body.period.to).toBe(today());
    expect(body.period.from).toBe(addDays(today(), -6));
    expect(body.period.previousTo).toBe(addDays(today(), -7));
    expect(body.period.timeZone).toBe(TIME_ZONE);
    expect(body.series).toHaveLength(7);
    const last = body.series.at(-1)!;
    expect(last.start).toBe(today());
    expect(last.views).toBe(3);
    expect(last.readers).toBe(2);
    expect(body.totals.views).toBe(3);
    expect(body.totals.likes).toBe(21);
    expect(body.previous.views).toBe(0);
    expect(body.topPosts.map((p) => p.id)).toEqual([postIds.top, postIds.other]);
    expect(body.topPosts[0]).toMatchObject({ views: 2, title: 'Analytics top' });
    expect(body.topPosts[0]!.link).toMatch(/^\/blog\//);
    expect(body.topCategories).toEqual([
      expect.objectContaining({ id: categoryId, name: 'Gardens', views: 3, posts: 2 }),
    ]);
    expect(body.topAuthors).toEqual([
      expect.objectContaining({ id: author, name: authorName, views: 3, likes: 21 }),
    ]);
  });

  it('buckets by week and by month', async () => {
    const weeks = (
      await call(roles.owner, '/api/dashboard/analytics?range=30d&interval=week')
    ).json<AnalyticsView>();
    expect(weeks.series.length).toBeGreaterThanOrEqual(5);
    expect(weeks.series.reduce((sum, p) => sum + p.views, 0)).toBe(weeks.totals.views);
    const months = (
      await call(roles.owner, '/api/dashboard/analytics?range=12m')
    ).json<AnalyticsView>();
    expect(months.period.interval).toBe('month');
    expect(months.series).toHaveLength(12);
    expect(months.series.every((p) => p.start.endsWith('-01'))).toBe(true);
  });

  it('reads a custom range with the events of that range only', async () => {
    const body = (
      await call(roles.owner, '/api/dashboard/analytics?range=custom&from=2026-02-20&to=2026-03-05')
    ).json<AnalyticsView>();
    expect(body.totals.ratings).toBe(1);
    expect(body.totals.views).toBe(0);
    expect(body.series.find((p) => p.start === '2026-02-28')?.ratings).toBe(1);
    expect(body.period.previousFrom).toBe('2026-02-06');
    expect(body.period.previousTo).toBe('2026-02-19');
    // Whole months are read from the month rows, the days around them from the day rows.
    for (const search of ['from=2026-02-01&to=2026-03-31', 'from=2026-01-20&to=2026-03-02']) {
      const top = (
        await call(roles.owner, `/api/dashboard/analytics?range=custom&${search}`)
      ).json<AnalyticsView>();
      expect(top.topPosts, search).toEqual([
        expect.objectContaining({ id: postIds.other, ratings: 1, views: 0 }),
      ]);
    }
  });

  it('refuses editors, writers and readers (403) and visitors (401)', async () => {
    for (const role of ROLES_REFUSED) {
      for (const url of [
        '/api/dashboard/analytics',
        '/api/dashboard/analytics.csv',
        `/api/dashboard/analytics/posts/${postIds.top}`,
        `/api/dashboard/analytics/posts/${postIds.top}.csv`,
      ]) {
        const response = await call(roles[role], url);
        expect(response.statusCode, `${role} ${url}`).toBe(403);
      }
    }
    expect((await call(null, '/api/dashboard/analytics')).statusCode).toBe(401);
  });

  it.each([
    ['range=1y', 'range'],
    ['range=custom&from=2026-02-30&to=2026-03-01', 'from'],
    ['range=custom&from=2026-03-01&to=2026-02-01', 'to'],
    ['range=custom&from=2020-01-01&to=2026-01-01', 'to'],
    ['range=custom&to=2026-01-01', 'from'],
    ['range=7d&from=2026-01-01', 'from'],
    ['interval=hour', 'interval'],
    // Unknown parameters are named '_' (the strict schemas' rule everywhere).
    ['extra=1', '_'],
  ])('answers 400 naming the field for %s', async (search, field) => {
    const response = await call(roles.owner, `/api/dashboard/analytics?${search}`);
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { fields: Record<string, string> } }>();
    expect(Object.keys(error.fields)).toContain(field);
  });
});

describe('CSV and a post of its own', () => {
  it('exports what the screen shows as a CSV download with ISO dates and plain numbers', async () => {
    const response = await call(roles.owner, '/api/dashboard/analytics.csv?range=7d&interval=day');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="analytics-${addDays(today(), -6)}-${today()}.csv"`,
    );
    const view = (
      await call(roles.owner, '/api/dashboard/analytics?range=7d&interval=day')
    ).json<AnalyticsView>();
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'period_start,period_end,views,readers,likes,comments,ratings,members,followers',
    );
    expect(lines[7]).toBe(`${today()},${today()},3,2,21,0,0,${view.totals.members},0`);
    expect(lines).toContain(
      `current,${addDays(today(), -6)},${today()},3,2,21,0,0,${view.totals.members},0`,
    );
    expect(lines).toContain(`Analytics top,${view.topPosts[0]!.link},2,1,0,0`);
    expect(lines).toContain(`Gardens,${view.topCategories[0]!.link},3,21,0,2`);
    expect(lines).toContain(`${authorName},${view.topAuthors[0]!.link},3,21,0,2`);
  });

  it("answers one post's series and totals, and 404 for a post of no one", async () => {
    const response = await call(
      roles.owner,
      `/api/dashboard/analytics/posts/${postIds.top}?range=30d&interval=day`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<PostAnalyticsView>();
    expect(body.post).toMatchObject({ id: postIds.top, title: 'Analytics top', viewCount: 2 });
    expect(body.series).toHaveLength(30);
    expect(body.totals).toMatchObject({ views: 2, likes: 1 });
    const csv = await call(
      roles.owner,
      `/api/dashboard/analytics/posts/${postIds.top}.csv?range=7d`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`current,${addDays(today(), -6)},${today()},2,1,0,0`);
    const missing = await call(roles.owner, `/api/dashboard/analytics/posts/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect((await call(roles.owner, '/api/dashboard/analytics/posts/nope')).statusCode).toBe(400);
  });

  it('keeps top categories to the posts filed in them', async () => {
    const rows = await harness.db
      .select()
      .from(postCategories)
      .where(eq(postCategories.categoryId, categoryId));
    expect(rows).toHaveLength(2);
  });
});
