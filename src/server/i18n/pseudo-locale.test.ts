/**
 * Issue 22: the pseudo-locale en-XA (40% longer English) is the browser specs' alone. With test
 * routes a blog made by the test route can be in it, its pages render and name the test route
 * that serves its files; without them nothing of it exists.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { enablePseudoLocale, PSEUDO_LANGUAGE, PSEUDO_LOCALE_ASSETS } from './locales.server';

/** A pseudo-locale folder of two files: the root namespace and `comments`. */
function pseudoFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'inkwell-pseudo-'));
  writeFileSync(path.join(dir, `${PSEUDO_LANGUAGE}.json`), JSON.stringify({ feed: { x: '[Ẋ]' } }));
  mkdirSync(path.join(dir, 'comments'));
  writeFileSync(path.join(dir, 'comments', `${PSEUDO_LANGUAGE}.json`), '{"c":"[Ç]"}');
  return dir;
}

describe('with test routes', () => {
  const harness = setUpTestApp({ pages: true, withTestRoutes: true });
  let host = '';
  beforeAll(async () => {
    enablePseudoLocale(pseudoFolder());
    host = (await createTestSite(harness.db, { language: PSEUDO_LANGUAGE })).host;
  });

  it('serves the pseudo-locale’s files by namespace, root.json for the root one', async () => {
    const root = await harness.app.inject({ url: '/api/test/pseudo-locales/root.json' });
    expect(root.statusCode).toBe(200);
    expect(root.json()).toEqual({ feed: { x: '[Ẋ]' } });
    const comments = await harness.app.inject({ url: '/api/test/pseudo-locales/comments.json' });
    expect(comments.json()).toEqual({ c: '[Ç]' });
    const missing = await harness.app.inject({ url: '/api/test/pseudo-locales/nothing.json' });
    expect(missing.statusCode).toBe(404);
    const odd = await harness.app.inject({ url: '/api/test/pseudo-locales/..%2Fen.json' });
    expect(odd.statusCode).toBe(400);
  });

  it('renders a blog in en-XA that loads its words from the test route', async () => {
    const response = await harness.app.inject({ url: '/blog', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`lang="${PSEUDO_LANGUAGE}"`);
    expect(response.body).toContain(`data-locales="${PSEUDO_LOCALE_ASSETS}"`);
  });
});

describe('without test routes', () => {
  const harness = setUpTestApp({});

  it('has no route for the pseudo-locale', async () => {
    const response = await harness.app.inject({ url: '/api/test/pseudo-locales/root.json' });
    expect(response.statusCode).toBe(404);
  });
});
