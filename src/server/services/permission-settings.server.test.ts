/**
 * Which device's settings decide a reader's rights (issue 16 §4; SPEC §1 "separately for
 * desktop and mobile"; decision 008: the device is the browser's), through HTTP on PGlite and on
 * PostgreSQL. Comments, subscriptions and reports read the request's device, as likes and the
 * pages always did; until issue 16 they read the desktop settings, so a phone whose blog had
 * comments off was still let in (and the other way round).
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf, paragraph } from '../../rich-content/document';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { buildPost, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ withTestRoutes: true });
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
let readerId = '';
let postId = '';

async function setSettings(device: 'desktop' | 'mobile', patch: Record<string, unknown>) {
  const response = await harness.app.inject({
    method: 'PUT',
    url: `/api/test/widget-settings/blog/${device}`,
    headers: { host: harness.site.host },
    payload: patch,
  });
  expect(response.statusCode, response.body).toBe(200);
}

function request(
  method: 'POST' | 'PUT',
  url: string,
  userAgent: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return harness.app.inject({
    method,
    url,
    headers: {
      host: harness.site.host,
      [TEST_MEMBER_HEADER]: readerId,
      'user-agent': userAgent,
    },
    ...(payload ? { payload } : {}),
  });
}

const comment = () =>
  request('POST', `/api/posts/${postId}/comments`, PHONE, {
    content: documentOf([paragraph('From my phone')]) as unknown as Record<string, unknown>,
  });

beforeAll(async () => {
  const writer = await createMember(harness.db, harness.site.id, { role: 'writer' });
  readerId = (await createMember(harness.db, harness.site.id, { role: 'user' })).id;
  const post = buildPost(harness.site.id, writer.id);
  await harness.app.services.postWriter.insertPost(post);
  postId = post.id;
});

describe("the request's device decides", () => {
  it('refuses a comment from a phone when the mobile settings switch comments off', async () => {
    await setSettings('mobile', { 'comments.enabled': false });
    const fromPhone = await comment();
    expect(fromPhone.statusCode).toBe(403);
    expect(fromPhone.json().error.code).toBe('disabled');
    const fromDesktop = await request('POST', `/api/posts/${postId}/comments`, DESKTOP, {
      content: documentOf([paragraph('From my desk')]) as unknown as Record<string, unknown>,
    });
    expect(fromDesktop.statusCode, fromDesktop.body).toBe(201);
  });

  it('takes a comment from a phone when only the desktop settings switch comments off', async () => {
    await setSettings('mobile', { 'comments.enabled': true });
    await setSettings('desktop', { 'comments.enabled': false });
    const fromPhone = await comment();
    expect(fromPhone.statusCode, fromPhone.body).toBe(201);
    await setSettings('desktop', { 'comments.enabled': true });
  });

  it('reads the member area of the request’s device for subscriptions and reports', async () => {
    await setSettings('mobile', { 'members.areaInstalled': false });
    const followed = await request('PUT', `/api/subscriptions/post/${postId}`, PHONE);
    expect(followed.statusCode).toBe(403);
    expect(followed.json().error.code).toBe('disabled');
    const reported = await request('POST', '/api/reports', PHONE, {
      targetType: 'post',
      targetId: postId,
      reason: 'spam',
    });
    expect(reported.statusCode).toBe(403);
    expect(reported.json().error.code).toBe('disabled');
    const fromDesktop = await request('PUT', `/api/subscriptions/post/${postId}`, DESKTOP);
    expect(fromDesktop.statusCode, fromDesktop.body).toBe(200);
  });
});
