/**
 * The onboarding render mode in the browser (SPEC §1; issue 7): the owner of a blog without
 * posts, in onboarding mode, gets the first-run screen (its own chunk), adds the sample posts and
 * sees them in the feed without leaving the page; a visitor of the empty blog keeps the empty
 * state. Each run makes its own empty site at a new `*.localhost` host (Chromium resolves those
 * to this machine) through the test-only route. Screenshots go to screenshots/onboarding-*.png.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { SAMPLE_POST_TITLES } from '../../src/server/services/sample-posts.server';
import { test } from './fixtures';
import { hydrated } from './support';

const PASSWORD = 'onboarding-owner-1';

test('the owner of an empty blog adds sample posts from the first-run screen', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const port = new URL(baseURL!).port;
  const host = `onb-${randomUUID().slice(0, 8)}.localhost`;
  const email = `owner-${randomUUID().slice(0, 8)}@example.test`;
  const created = await request.post('/api/test/sites', {
    data: { host, name: 'Fresh Blog', ownerEmail: email, ownerPassword: PASSWORD },
  });
  expect(created.status()).toBe(201);
  const origin = `http://${host}:${port}`;

  // A visitor of the empty blog, even at the onboarding address, gets the empty state.
  const visitorContext = await browser.newContext({ viewport: page.viewportSize()! });
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(`${origin}/blog?renderMode=onboarding`);
  await expect(visitorPage.locator('.empty-state')).toBeVisible();
  await expect(visitorPage.locator('[data-onboarding]')).toHaveCount(0);
  await visitorContext.close();

  await page.goto(`${origin}/blog/login?next=${encodeURIComponent('/blog?renderMode=onboarding')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/renderMode=onboarding/);

  const screen = page.locator('[data-onboarding]');
  await expect(screen.getByRole('heading', { name: 'Welcome to your blog' })).toBeVisible();
  const create = screen.getByRole('link', { name: 'Create your first post' });
  await expect(create).toHaveAttribute('href', '/blog/create-post');
  await expect(page.locator('.empty-state')).toHaveCount(0);
  // Nothing of the screen sticks out of a phone's width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: `screenshots/onboarding-${testInfo.project.name}.png`,
    animations: 'disabled',
  });

  // A mark on the window tells whether the page stayed the same document.
  await page.evaluate(() => {
    (window as { onboardingMark?: boolean }).onboardingMark = true;
  });
  // The button works once the page's scripts have hydrated it (a press before does nothing).
  await hydrated(page);
  await screen.getByRole('button', { name: 'Add sample posts' }).click();
  // The posts replace the screen in place, newest first: no new document.
  await expect(screen).toHaveCount(0);
  const titles = page.locator('.post-list .post-card__title');
  await expect(titles.first()).toHaveText(SAMPLE_POST_TITLES[0]!);
  await expect(titles).toHaveText([...SAMPLE_POST_TITLES]);
  expect(await page.evaluate(() => (window as { onboardingMark?: boolean }).onboardingMark)).toBe(
    true,
  );
  await page.screenshot({
    path: `screenshots/onboarding-samples-${testInfo.project.name}.png`,
    animations: 'disabled',
  });

  // Visitors see them too.
  const after = await browser.newContext();
  const visitorAfter = await after.newPage();
  await visitorAfter.goto(`${origin}/blog`);
  await expect(visitorAfter.locator('.post-list')).toContainText(SAMPLE_POST_TITLES[1]!);
  await after.close();
});
