/**
 * The one write path of published content (issue 16 §4; decision 002), on PGlite and on
 * PostgreSQL: `writeSiteContent` bumps the site's generation after the commit and never after a
 * rollback; the guard of the test app's database refuses a write to a published table made
 * outside it (so every integration test that drives a write checks its bump); no service bumps
 * by hand; and the writes of the comments API move the generation through HTTP, while likes,
 * subscriptions and reports leave it (decisions 020, 021, 030).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf, paragraph } from '../../rich-content/document';
import { likes, members, posts, widgetSettings } from '../db/schema.server';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { buildPost, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { SiteGenerations } from './generations.server';
import { writeMemberIdentity, writeSiteContent } from './site-write.server';
import {
  guardSiteWrites,
  UnforgottenIdentityWriteError,
  UnguardedSiteWriteError,
} from './site-write-guard.server';

const harness = setUpTestApp({ withTestRoutes: true });
let writerId = '';
let readerId = '';
let postId = '';

beforeAll(async () => {
  writerId = (await createMember(harness.db, harness.site.id, { role: 'writer' })).id;
  readerId = (await createMember(harness.db, harness.site.id, { role: 'user' })).id;
  const post = buildPost(harness.site.id, writerId);
  await harness.app.services.postWriter.insertPost(post);
  postId = post.id;
});

const generation = () => harness.app.services.generations.get(harness.site.id);

describe('writeSiteContent', () => {
  it('bumps the generation after the commit, and not when the work throws', async () => {
    const generations = new SiteGenerations();
    const deps = { db: harness.db, generations };
    const siteId = harness.site.id;
    await writeSiteContent(deps, siteId, (tx) =>
      tx.update(posts).set({ title: 'Renamed' }).where(eq(posts.id, postId)),
    );
    expect(generations.get(siteId)).toBe(1);
    await expect(
      writeSiteContent(deps, siteId, async (tx) => {
        await tx.update(posts).set({ title: 'Never' }).where(eq(posts.id, postId));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(generations.get(siteId)).toBe(1);
    const [row] = await harness.db
      .select({ title: posts.title })
      .from(posts)
      .where(eq(posts.id, postId));
    expect(row!.title).toBe('Renamed');
    // A write that says it changed nothing leaves the caches.
    await writeSiteContent(deps, siteId, async () => false, { didChange: (changed) => changed });
    expect(generations.get(siteId)).toBe(1);
  });
});

describe('the guard of published writes (the test app runs on it)', () => {
  const guarded = () => guardSiteWrites(harness.db);
  const key = () => and(eq(posts.siteId, harness.site.id), eq(posts.id, postId));

  it('refuses a write to a published table outside writeSiteContent', async () => {
    expect(() => guarded().update(posts).set({ title: 'Sneaky' })).toThrow(UnguardedSiteWriteError);
    expect(() => guarded().delete(posts)).toThrow(UnguardedSiteWriteError);
    await expect(
      guarded().transaction(async (tx) => {
        await tx.update(posts).set({ title: 'Sneaky' }).where(key());
      }),
    ).rejects.toThrow(UnguardedSiteWriteError);
    expect(() =>
      guarded()
        .insert(widgetSettings)
        .values({ siteId: harness.site.id, widget: 'blog', device: 'desktop', values: {} }),
    ).toThrow(UnguardedSiteWriteError);
  });

  it('lets the same write through writeSiteContent, and counters and other tables anywhere', async () => {
    const deps = { db: guarded(), generations: new SiteGenerations() };
    await writeSiteContent(deps, harness.site.id, (tx) =>
      tx.update(posts).set({ title: 'Through the helper' }).where(key()),
    );
    expect(deps.generations.get(harness.site.id)).toBe(1);
    // Likes move counters only (decision 030: shared pages may lag a minute).
    await guarded()
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount}` })
      .where(key());
    await guarded().delete(likes).where(eq(likes.siteId, harness.site.id));
  });
});

describe("writes of a member's identity (decision 051)", () => {
  const guarded = () => guardSiteWrites(harness.db);
  const reader = () => and(eq(members.siteId, harness.site.id), eq(members.id, readerId));

  it('are refused outside writeMemberIdentity, even inside writeSiteContent', async () => {
    const deps = { db: guarded(), generations: new SiteGenerations() };
    for (const change of [{ role: 'editor' }, { isBlocked: true }, { name: 'Renamed' }]) {
      await expect(
        writeSiteContent(deps, harness.site.id, (tx) =>
          tx.update(members).set(change).where(reader()),
        ),
      ).rejects.toThrow(UnforgottenIdentityWriteError);
    }
    await expect(
      writeSiteContent(deps, harness.site.id, (tx) => tx.delete(members).where(reader())),
    ).rejects.toThrow(UnforgottenIdentityWriteError);
    // A member's counters are not what a session resolves to.
    await writeSiteContent(deps, harness.site.id, (tx) =>
      tx.update(members).set({ commentCount: 0 }).where(reader()),
    );
  });

  it("go through writeMemberIdentity, which forgets the member's sessions after it", async () => {
    const forgotten: string[] = [];
    const deps = {
      db: guarded(),
      generations: new SiteGenerations(),
      sessions: { forgetMember: (_siteId: string, memberId: string) => forgotten.push(memberId) },
    };
    await writeMemberIdentity(deps, harness.site.id, readerId, (tx) =>
      tx.update(members).set({ name: 'Through the helper' }).where(reader()),
    );
    expect(forgotten).toEqual([readerId]);
    expect(deps.generations.get(harness.site.id)).toBe(1);
  });
});

describe('no hand-written bumps', () => {
  it('bumps generations only in site-write.server.ts', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(root);
    const bumping = files.filter((file) => /\.bump\(/.test(readFileSync(file, 'utf8')));
    expect(bumping.map((file) => path.relative(root, file))).toEqual([
      path.join('cache', 'site-write.server.ts'),
    ]);
  });
});

describe('the comments API through HTTP', () => {
  function request(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    memberId: string,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> {
    return harness.app.inject({
      method,
      url,
      headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: memberId },
      ...(payload ? { payload } : {}),
    });
  }
  const content = documentOf([paragraph('A fine post')]) as unknown as Record<string, unknown>;

  it('moves the generation with every comment write and the commenting switch', async () => {
    let before = generation();
    const created = await request('POST', `/api/posts/${postId}/comments`, readerId, { content });
    expect(created.statusCode, created.body).toBe(201);
    expect(generation()).toBeGreaterThan(before);
    const commentId = (created.json() as { comment: { id: string } }).comment.id;

    before = generation();
    const edited = await request('PATCH', `/api/comments/${commentId}`, readerId, { content });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(generation()).toBeGreaterThan(before);

    before = generation();
    const deleted = await request('DELETE', `/api/comments/${commentId}`, readerId);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(generation()).toBeGreaterThan(before);

    before = generation();
    const switched = await request('PUT', `/api/posts/${postId}/comments-enabled`, writerId, {
      enabled: false,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(generation()).toBeGreaterThan(before);
  });

  it('leaves it for likes, subscriptions and reports, which no shared page shows at once', async () => {
    const before = generation();
    expect((await request('PUT', `/api/posts/${postId}/like`, readerId)).statusCode).toBe(200);
    const followed = await request('PUT', `/api/subscriptions/post/${postId}`, readerId);
    expect(followed.statusCode, followed.body).toBe(200);
    const reported = await request('POST', '/api/reports', readerId, {
      targetType: 'post',
      targetId: postId,
      reason: 'spam',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(generation()).toBe(before);
  });
});
