import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { EditorPostView } from '../../domain/post-editor';
import type { FeedPageView } from '../../domain/views';
import { documentOf, paragraph } from '../../rich-content/document';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { startScheduledPublishing } from './scheduled-posts.server';

const harness = setUpTestApp({ withTestRoutes: true });
let writer: { id: string };

beforeAll(async () => {
  writer = await createMember(harness.db, harness.site.id, { role: 'writer' });
});

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return harness.app.inject({
    method,
    url,
    headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: writer.id },
    payload,
  });
}

/** A complete post of the writer's, scheduled for `at`. */
async function scheduled(title: string, at: Date): Promise<EditorPostView> {
  const created = (await call('POST', '/api/editor/posts', { title })).json() as EditorPostView;
  const content = documentOf([paragraph(`${title}: words worth waiting for.`)]);
  await harness.app.inject({
    method: 'PUT',
    url: `/api/editor/posts/${created.id}`,
    headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: writer.id },
    payload: { revision: created.revision, content },
  });
  const response = await call('POST', `/api/editor/posts/${created.id}/publish`, {
    scheduledFor: at.toISOString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function feedTitles(): Promise<string[]> {
  const response = await harness.app.inject({
    url: '/api/posts?page=1',
    headers: { host: harness.site.host },
  });
  return (response.json() as FeedPageView).posts.map((post) => post.title);
}

describe('publishing scheduled posts', () => {
  it('puts a post live when its moment comes, dated that moment, and not before', async () => {
    const moment = new Date(Date.now() + 60_000);
    const post = await scheduled('Out on Friday', moment);
    expect(post.status).toBe('scheduled');
    const editor = harness.app.services.postEditor;

    expect(
      await editor.publishDuePosts(new Date(moment.getTime() - 1), { siteId: harness.site.id }),
    ).toBe(0);
    expect(await feedTitles()).not.toContain('Out on Friday');

    expect(
      await editor.publishDuePosts(new Date(moment.getTime() + 1000), { siteId: harness.site.id }),
    ).toBe(1);
    const feed = (
      await harness.app.inject({ url: '/api/posts?page=1', headers: { host: harness.site.host } })
    ).json() as FeedPageView;
    const live = feed.posts.find((p) => p.title === 'Out on Friday');
    expect(live?.firstPublishedDate).toBe(moment.toISOString());
    // Once live, a later run has nothing to do.
    expect(
      await editor.publishDuePosts(new Date(moment.getTime() + 2000), { siteId: harness.site.id }),
    ).toBe(0);
  });

  it('leaves a post the writer reverted to draft before its moment', async () => {
    const moment = new Date(Date.now() + 120_000);
    const post = await scheduled('Changed my mind', moment);
    const reverted = await call('POST', `/api/editor/posts/${post.id}/unpublish`, {});
    expect(reverted.statusCode).toBe(200);
    expect(
      await harness.app.services.postEditor.publishDuePosts(new Date(moment.getTime() + 1000), {
        siteId: harness.site.id,
      }),
    ).toBe(0);
    expect(await feedTitles()).not.toContain('Changed my mind');
  });
});

describe('the scheduled-publishing job', () => {
  it('checks at start and on every tick, one run at a time, and logs failures', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      let release: (count: number) => void = () => {};
      const editor = {
        publishDuePosts: () => {
          calls += 1;
          return new Promise<number>((resolve) => {
            release = resolve;
          });
        },
      };
      const log = { info: vi.fn(), error: vi.fn() };
      const job = startScheduledPublishing({ editor, log, intervalMs: 1000 });
      expect(calls).toBe(1);
      // A tick while the first run is still going does not start another.
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(1);
      release(2);
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(2);
      expect(log.info).toHaveBeenCalledWith('Published 2 scheduled posts');
      job.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toBe(2);

      const failing = startScheduledPublishing({
        editor: { publishDuePosts: () => Promise.reject(new Error('harness.database is gone')) },
        log,
        intervalMs: 1000,
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(log.error).toHaveBeenCalledWith(
        expect.any(Error),
        'Publishing scheduled posts failed',
      );
      failing.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
