import { beforeAll, describe, expect, it } from 'vitest';
import { keysOfTab } from '../../domain/settings-panel';
import { logInNewMember, TestBrowser } from '../testing/auth.server';
import { createTestSite, type TestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp();
let otherSite: TestSite;
let owner: TestBrowser;
let editor: TestBrowser;
let visitor: TestBrowser;

beforeAll(async () => {
  otherSite = await createTestSite(harness.db);
  owner = await logInNewMember(harness, { role: 'owner' });
  editor = await logInNewMember(harness, { role: 'editor' });
  visitor = new TestBrowser(harness.app, harness.site.host);
});

const EDITOR = '/api/editor/settings';

/** What a visitor's widget reads: the published settings. */
async function publicSettings(host = harness.site.host) {
  const response = await harness.app.inject({
    url: '/api/widget-settings/blog',
    headers: { host },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    stored: Record<string, Record<string, unknown>>;
    resolved: Record<string, Record<string, unknown>>;
  }>();
}

describe('the builder editor settings API', () => {
  it('keeps a draft from visitors until it is published, then bumps nothing else', async () => {
    const saved = await owner.request('PATCH', `${EDITOR}/blog/desktop`, {
      payload: { 'feed.layout': 'masonry', 'design.titleColor': '#aa2200' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('private, no-store');
    const view = saved.json();
    expect(view.draft.desktop).toEqual({
      'feed.layout': 'masonry',
      'design.titleColor': '#aa2200',
    });
    expect(view.published.desktop).toEqual({});
    expect(view.hasUnpublishedChanges).toBe(true);

    // Visitors (and the public read) still see the published defaults.
    const before = await publicSettings();
    expect(before.resolved.desktop!['feed.layout']).toBe('grid');
    expect(before.resolved.desktop!['design.titleColor']).toBe('#1c1e24');

    const published = await owner.request('POST', `${EDITOR}/publish`, {
      payload: { widget: 'blog' },
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().didPublish).toBe(true);
    expect(published.json().hasUnpublishedChanges).toBe(false);
    const after = await publicSettings();
    expect(after.resolved.desktop!['feed.layout']).toBe('masonry');
    expect(after.resolved.desktop!['design.titleColor']).toBe('#aa2200');
    // Another site is untouched.
    expect((await publicSettings(otherSite.host)).resolved.desktop!['feed.layout']).toBe('grid');
  });

  it('starts a draft from the published values and edits each device apart', async () => {
    const saved = await owner.request('PATCH', `${EDITOR}/blog/mobile`, {
      payload: { 'display.mobileCustomised': true, 'display.authorName': false },
    });
    expect(saved.statusCode).toBe(200);
    const view = saved.json();
    // Desktop's draft is the published desktop, untouched.
    expect(view.draft.desktop).toEqual(view.published.desktop);
    expect(view.draft.mobile).toEqual({
      'display.mobileCustomised': true,
      'display.authorName': false,
    });
    expect((await publicSettings()).resolved.mobile!['display.authorName']).toBe(true);
    const read = await owner.request('GET', `${EDITOR}/blog`);
    expect(read.json().draft.mobile['display.authorName']).toBe(false);
    await owner.request('POST', `${EDITOR}/publish`, { payload: { widget: 'blog' } });
    const after = await publicSettings();
    expect(after.resolved.mobile!['display.authorName']).toBe(false);
    expect(after.resolved.desktop!['display.authorName']).toBe(true);
  });

  it('refuses a value out of bounds with the key and the bound, storing nothing', async () => {
    const response = await owner.request('PATCH', `${EDITOR}/blog/desktop`, {
      payload: { 'feed.grid.cardsPerRow': 6, 'feed.postsPerPage': 0, 'feed.grid.spacing': 10 },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      'feed.grid.cardsPerRow': 'must be between 1 and 5',
      'feed.postsPerPage': 'must be between 1 and 50',
    });
    const read = (await owner.request('GET', `${EDITOR}/blog`)).json();
    expect(read.draft.desktop['feed.grid.spacing']).toBeUndefined();
    // A desktop layout only on desktop; a font size within its bound.
    const mobileOnly = await owner.request('PATCH', `${EDITOR}/blog/desktop`, {
      payload: {
        'feed.layout': 'mobile-list',
        'design.titleFont': { family: 'lora', size: 99 },
      },
    });
    expect(mobileOnly.statusCode).toBe(400);
    expect(mobileOnly.json().error.fields).toEqual({
      'feed.layout': expect.stringContaining('on desktop'),
      'design.titleFont': 'size must be between 10 and 72',
    });
  });

  it('resets one tab of one device to its defaults and leaves the other tabs', async () => {
    await owner.request('PATCH', `${EDITOR}/blog/desktop`, {
      payload: {
        'feed.grid.cardsPerRow': 4,
        'design.linkColor': '#00aa55',
        'design.titleFont': { family: 'playfair', size: 30 },
      },
    });
    await owner.request('PATCH', `${EDITOR}/blog/mobile`, {
      payload: { 'design.linkColor': '#112233' },
    });
    const reset = await owner.request('POST', `${EDITOR}/reset`, {
      payload: { widget: 'blog', device: 'desktop', tab: 'design' },
    });
    expect(reset.statusCode).toBe(200);
    const { draft } = reset.json();
    for (const key of keysOfTab('design')) expect(draft.desktop[key]).toBeUndefined();
    // The layout tab and the other device keep their changes.
    expect(draft.desktop['feed.grid.cardsPerRow']).toBe(4);
    expect(draft.desktop['feed.layout']).toBe('masonry');
    expect(draft.mobile['design.linkColor']).toBe('#112233');
    // Reset changes the draft only: the published title colour stays until Publish.
    expect((await publicSettings()).resolved.desktop!['design.titleColor']).toBe('#aa2200');

    const badTab = await owner.request('POST', `${EDITOR}/reset`, {
      payload: { widget: 'blog', device: 'desktop', tab: 'colours' },
    });
    expect(badTab.statusCode).toBe(400);
    expect(Object.keys(badTab.json().error.fields)).toEqual(['tab']);
  });

  it('lets only owners read, change, reset or publish', async () => {
    const calls = [
      ['GET', `${EDITOR}/blog`, undefined],
      ['PATCH', `${EDITOR}/blog/desktop`, { 'feed.layout': 'list' }],
      ['POST', `${EDITOR}/publish`, { widget: 'blog' }],
      ['POST', `${EDITOR}/reset`, { widget: 'blog', device: 'desktop', tab: 'layout' }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const asEditor = await editor.request(method, url, { payload });
      expect(asEditor.statusCode, `${method} ${url} as editor`).toBe(403);
      expect(asEditor.json().error.code).toBe('forbidden');
      const asVisitor = await visitor.request(method, url, { payload });
      expect(asVisitor.statusCode, `${method} ${url} as visitor`).toBe(401);
      expect(asVisitor.json().error.code).toBe('login-required');
    }
    const read = (await owner.request('GET', `${EDITOR}/blog`)).json();
    expect(read.draft.desktop['feed.layout']).toBe('masonry');
  });

  it('needs the anti-forgery token for every change', async () => {
    const forged = await owner.request('PATCH', `${EDITOR}/blog/desktop`, {
      payload: { 'feed.layout': 'list' },
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_invalid');
    const publish = await owner.request('POST', `${EDITOR}/publish`, {
      payload: { widget: 'blog' },
      csrf: false,
    });
    expect(publish.statusCode).toBe(403);
  });

  it('publishes nothing when there is no draft', async () => {
    await owner.request('POST', `${EDITOR}/publish`, { payload: { widget: 'blog' } });
    const again = await owner.request('POST', `${EDITOR}/publish`, { payload: { widget: 'blog' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().didPublish).toBe(false);
  });
});
