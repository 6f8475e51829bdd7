import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from '../testing/factories.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ withTestRoutes: true });
let withoutTestRoutes: FastifyInstance;
let otherSite: TestSite;

beforeAll(async () => {
  withoutTestRoutes = await buildTestApp(harness.database);
  otherSite = await createTestSite(harness.db);
});

afterAll(async () => {
  await withoutTestRoutes.close();
});

function put(host: string, device: string, body: unknown, target = harness.app) {
  return target.inject({
    method: 'PUT',
    url: `/api/test/widget-settings/blog/${device}`,
    headers: { host },
    payload: body as Record<string, unknown>,
  });
}

function get(host: string) {
  return harness.app.inject({ url: '/api/widget-settings/blog', headers: { host } });
}

describe('widget settings', () => {
  it('starts from the defaults, desktop and mobile apart', async () => {
    const response = await get(harness.site.host);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.stored).toEqual({ desktop: {}, mobile: {} });
    expect(body.resolved.desktop['feed.layout']).toBe('grid');
    expect(body.resolved.mobile['feed.layout']).toBe('mobile-side-by-side');
  });

  it('stores a change for one device of one site only', async () => {
    const saved = await put(harness.site.host, 'desktop', {
      'feed.layout': 'masonry',
      'feed.masonry.spacing': 8,
    });
    expect(saved.statusCode).toBe(200);
    const body = (await get(harness.site.host)).json();
    expect(body.resolved.desktop['feed.layout']).toBe('masonry');
    expect(body.resolved.desktop['feed.masonry.spacing']).toBe(8);
    expect(body.resolved.mobile['feed.layout']).toBe('mobile-side-by-side');
    const other = (await get(otherSite.host)).json();
    expect(other.resolved.desktop['feed.layout']).toBe('grid');
  });

  it('merges later changes and resets a key with null', async () => {
    await put(harness.site.host, 'mobile', {
      'feed.layout': 'mobile-list',
      'display.mobileCustomised': true,
    });
    await put(harness.site.host, 'mobile', { 'display.viewCount': false });
    await put(harness.site.host, 'mobile', { 'feed.layout': null });
    const body = (await get(harness.site.host)).json();
    expect(body.stored.mobile).toEqual({
      'display.mobileCustomised': true,
      'display.viewCount': false,
    });
    expect(body.resolved.mobile['feed.layout']).toBe('mobile-side-by-side');
  });

  it('rejects a value out of bounds with the key and the bound, storing nothing', async () => {
    const response = await put(harness.site.host, 'desktop', {
      'feed.grid.spacing': 10,
      'feed.grid.cardsPerRow': 6,
      'feed.bogus': 1,
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      'feed.grid.cardsPerRow': 'must be between 1 and 5',
      'feed.bogus': 'is not a setting',
    });
    const body = (await get(harness.site.host)).json();
    expect(body.stored.desktop['feed.grid.spacing']).toBeUndefined();
  });

  it('rejects an unknown widget or device', async () => {
    expect((await put(harness.site.host, 'tablet', {})).statusCode).toBe(400);
    const response = await harness.app.inject({
      url: '/api/widget-settings/nope',
      headers: { host: harness.site.host },
    });
    expect(response.statusCode).toBe(400);
  });

  it('has no unauthenticated write route unless test routes are on', async () => {
    const response = await put(
      harness.site.host,
      'desktop',
      { 'feed.layout': 'list' },
      withoutTestRoutes,
    );
    expect(response.statusCode).toBe(404);
  });
});
