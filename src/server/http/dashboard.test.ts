/**
 * The dashboard shell's API (issue 17) through HTTP: `GET /api/dashboard/summary` counts what
 * waits for the asker, each count only for who sees its area (editors and owners: posts in review,
 * open reports by thing reported, held comments; every writer: their own drafts); a visitor is
 * asked to log in, a reader and a blocked member are refused; another site's rows never count.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../domain/dashboard';
import { reports } from '../db/schema.server';
import { buildPost, createMember, createTestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });
const ids = { owner: '', editor: '', writer: '', guestWriter: '', reader: '', blocked: '' };
let otherHost = '';

beforeAll(async () => {
  const { app, db, site } = harness;
  for (const [key, role] of [
    ['owner', 'owner'],
    ['editor', 'editor'],
    ['writer', 'writer'],
    ['guestWriter', 'guest-writer'],
    ['reader', 'user'],
  ] as const) {
    ids[key] = (await createMember(db, site.id, { role })).id;
  }
  ids.blocked = (await createMember(db, site.id, { role: 'editor', isBlocked: true })).id;
  const other = await createTestSite(db);
  otherHost = other.host;
  const otherWriter = await createMember(db, other.id, { role: 'writer' });

  const draft = (owner: string, status: 'unpublished' | 'in_review' | 'in_moderation') =>
    buildPost(site.id, owner, { status, firstPublishedDate: null });
  const posts = [
    draft(ids.writer, 'unpublished'),
    draft(ids.writer, 'unpublished'),
    draft(ids.guestWriter, 'in_review'),
    draft(ids.guestWriter, 'in_moderation'),
    draft(ids.guestWriter, 'unpublished'),
    buildPost(site.id, ids.writer),
    buildPost(other.id, otherWriter.id, { status: 'in_review', firstPublishedDate: null }),
  ];
  for (const post of posts) await app.services.postWriter.insertPost(post);

  // Two readers report one post, one reports another; a dismissed report and another site's
  // report do not count.
  const report = (siteId: string, targetId: string, reporterId: string, status = 'open') => ({
    siteId,
    id: randomUUID(),
    reporterId,
    targetType: 'post',
    targetId,
    reason: 'spam',
    status,
  });
  const published = posts[5]!.id;
  const another = posts[0]!.id;
  await db
    .insert(reports)
    .values([
      report(site.id, published, ids.reader),
      report(site.id, published, ids.owner),
      report(site.id, another, ids.reader),
      report(site.id, posts[1]!.id, ids.reader, 'dismissed'),
      report(other.id, posts[6]!.id, otherWriter.id),
    ]);
});

async function summary(as?: string, host = harness.site.host) {
  const headers: Record<string, string> = { host };
  if (as) headers[TEST_MEMBER_HEADER] = as;
  const response = await harness.app.inject({
    method: 'GET',
    url: '/api/dashboard/summary',
    headers,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('GET /api/dashboard/summary', () => {
  it('gives editors and owners the review, report and held-comment counts of their site', async () => {
    for (const who of [ids.editor, ids.owner]) {
      const { status, body, headers } = await summary(who);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('private, no-store');
      expect(body as DashboardSummary).toEqual({
        inReview: 2,
        openReports: 2,
        heldComments: 0,
        myDrafts: 0,
      });
    }
  });

  it('gives a writer their own drafts and nothing of the blog-wide queues', async () => {
    expect((await summary(ids.writer)).body).toEqual({
      inReview: null,
      openReports: null,
      heldComments: null,
      myDrafts: 2,
    });
    expect((await summary(ids.guestWriter)).body).toMatchObject({ inReview: null, myDrafts: 1 });
  });

  it('asks a visitor to log in and refuses readers and blocked members', async () => {
    expect((await summary()).status).toBe(401);
    expect((await summary(ids.reader)).status).toBe(403);
    expect((await summary(ids.blocked)).status).toBe(403);
  });

  it('never counts another site’s rows', async () => {
    // The editor is not a member of the other site: there they are nobody.
    expect((await summary(ids.editor, otherHost)).status).toBe(401);
  });
});
