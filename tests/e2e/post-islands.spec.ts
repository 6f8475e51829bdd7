/**
 * The post page as server HTML plus islands (issue 20, decision 053): its script budget (≤ 60 kB
 * gzip and ≤ 20 files, as bench/scripts.ts counts them and as the browser loads them until the
 * islands in view are live), and its interactive parts working from the keyboard: the like, the
 * gallery's lightbox, the comment box's login prompt. At 1280 and 375 wide (the projects).
 */
import { gzipSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { scriptUrlsOf } from '../../bench/scripts';
import { hydrated, test } from './support';

const POST_URL = '/blog/every-kind-of-block-a-post-can-hold';
/** Issue 20's targets for a post. */
const BUDGET_GZIP_BYTES = 60_000;
const BUDGET_FILES = 20;

test('a post’s scripts stay within the budget: named by its HTML, and loaded until it is live', async ({
  page,
  request,
}) => {
  // What the HTML names (bench/scripts.ts's reading of it): the islands' boot module only.
  const response = await request.get(POST_URL);
  const named = scriptUrlsOf(await response.text(), response.url());
  expect(named.map((url) => url.pathname)).toEqual([
    expect.stringMatching(/^\/assets\/islands-boot-[\w-]+\.js$/),
  ]);

  const loaded = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    loaded.set(
      url.pathname,
      response.body().then((body) => gzipSync(body, { level: 9 }).length),
    );
  });
  await page.goto(POST_URL);
  await hydrated(page);
  const sizes = await Promise.all(loaded.values());
  const total = sizes.reduce((sum, size) => sum + size, 0);
  expect(total).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  expect(loaded.size).toBeLessThanOrEqual(BUDGET_FILES);
  // No React Router client on a page of islands.
  expect([...loaded.keys()].some((path) => path.includes('entry.client'))).toBe(false);
});

test('by keyboard: the like presses on the first Enter and takes back, the gallery opens its lightbox', async ({
  page,
}) => {
  await page.goto(POST_URL);
  await hydrated(page);

  const like = page.locator('.post__footer [data-action-key^="like:post:"]');
  await like.focus();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  // The server has the like before it is taken back (the press is optimistic).
  await page.waitForLoadState('networkidle');
  // Focused again: the live button replaces the server's once its code is in (like-button.tsx).
  await like.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  const expand = page.locator('.rc-gallery .rc-gallery__expand').first();
  await expand.scrollIntoViewIfNeeded();
  await expand.focus();
  await page.keyboard.press('Enter');
  const lightbox = page.locator('.rc-lightbox');
  await expect(lightbox).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await expect(expand).toBeFocused();
});

test('a visitor’s comment box asks them to log in, from the keyboard too', async ({ page }) => {
  await page.goto(POST_URL);
  await hydrated(page);
  const comments = page.locator('#comments');
  await comments.scrollIntoViewIfNeeded();
  const login = comments.getByRole('link', { name: 'Log in to comment' });
  await login.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/blog\/login\?next=/);
});
