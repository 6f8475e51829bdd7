/**
 * The reader's walk through the demo blog, at 1280 and 375 wide (the two projects): the feed,
 * page 2, a category, a post, back, a date-slug address and a reserved word's 404. Screenshots
 * go to screenshots/ (ignored by git) to be looked at.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { hydrated, resetSettings, setSettings, test } from './support';

// This walk uses numbered pages; infinite scroll (the default) has its own spec.
test.beforeAll(async ({ request }) => {
  await setSettings(request, 'desktop', { 'feed.paginationType': 'pages' });
  await setSettings(request, 'mobile', { 'feed.paginationType': 'pages' });
});

test.afterAll(async ({ request }) => {
  await resetSettings(request, ['feed.paginationType']);
});

function shot(page: Page, name: string, project: string) {
  return page.screenshot({ path: `screenshots/${project}-${name}.png`, fullPage: false });
}

/** Fails the test on any console error or failed request the page logs. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Marks the window so that a full page load (instead of client navigation) is detectable. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { inkwellMarker: number }).inkwellMarker = 1;
  });
}

async function isSameWindow(page: Page) {
  return page.evaluate(() => (window as unknown as { inkwellMarker?: number }).inkwellMarker === 1);
}

test('a reader browses the feed, a category and a post, then goes back', async ({ page }, info) => {
  const errors = watchConsole(page);
  const isMobile = info.project.name === 'mobile';

  await page.goto('/blog');
  await hydrated(page);
  const cards = page.locator('.post-card');
  await expect(cards).toHaveCount(20);
  await expect(page.locator('.post-card__pinned')).toHaveCount(3);
  await shot(page, 'feed', info.project.name);
  await markWindow(page);

  // Page 2. Reader pages ship islands, not the client router: navigations between them are
  // document loads, like Ghost's and WordPress's (decision 053).
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
  await expect(cards.first()).toBeVisible();
  expect(await isSameWindow(page)).toBe(false);
  await shot(page, 'feed-page-2', info.project.name);

  // A category from the header.
  await markWindow(page);
  if (isMobile) {
    await page.locator('.blog-header-mobile__categories summary').click();
    await page.locator('.blog-header-mobile__categories a').nth(1).click();
  } else {
    await page.locator('.blog-nav a').nth(1).click();
  }
  await expect(page).toHaveURL(/\/blog\/category\/[^/]+$/);
  const categoryUrl = page.url();
  await expect(page.locator('.feed-header__title')).toBeVisible();
  await expect(cards.first()).toBeVisible();
  expect(await isSameWindow(page)).toBe(false);
  await shot(page, 'category', info.project.name);

  // A post from the category.
  await markWindow(page);
  const title = ((await page.locator('.post-card__title').first().textContent()) ?? '').trim();
  await page.locator('.post-card__link').first().click();
  await expect(page.locator('h1.post__title')).toHaveText(title);
  await expect(page.locator('.rich-content p').first()).toBeVisible();
  expect(await isSameWindow(page)).toBe(false);
  await shot(page, 'post', info.project.name);

  // Back to the category.
  await page.goBack();
  await expect(page).toHaveURL(categoryUrl);
  await expect(page.locator('.feed-header__title')).toBeVisible();

  expect(errors).toEqual([]);
});

test('a date-slug address leads to the same post at its one address (issue 19: 301)', async ({
  page,
  request,
}, info) => {
  const feed = await (await request.get('/api/posts?page=1&pageSize=1')).json();
  const post = feed.posts[0];
  const date = new Date(post.firstPublishedDate);
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  const dated = `/blog/${date.getUTCFullYear()}/${month}/${day}/${post.slug}`;
  const answer = await request.get(dated, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe(post.link);
  await page.goto(dated);
  await expect(page).toHaveURL(new RegExp(`${post.link}$`));
  await expect(page.locator('h1.post__title')).toHaveText(post.title);
  await shot(page, 'post-date-slug', info.project.name);
});

test('a reserved word is a 404 with a way back home', async ({ page }, info) => {
  // A reserved word with no page of its own (login has one since issue 5).
  const response = await page.goto('/blog/sign-in');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "Nothing's showing up here" })).toBeVisible();
  await shot(page, 'not-found', info.project.name);
  await hydrated(page);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator('.post-card').first()).toBeVisible();
});

test('an invalid page number is a 404', async ({ page }) => {
  const response = await page.goto('/blog/page/100000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});

test('feed and post pages have no serious accessibility violations', async ({ page }) => {
  // Three document loads (reader pages navigate so, decision 053) and three axe runs: on a
  // machine shared with other work that takes longer than one test's default minute.
  test.setTimeout(120_000);
  for (const url of ['/blog', '/blog/page/2']) {
    await page.goto(url);
    const result = await new AxeBuilder({ page }).analyze();
    const serious = result.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => `${url}: ${v.id}: ${v.help}`)).toEqual([]);
  }
  await page.goto('/blog');
  await page.locator('.post-card__link').first().click();
  await expect(page.locator('h1.post__title')).toBeVisible();
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `post: ${v.id}: ${v.help}`)).toEqual([]);
});
