/**
 * The list widgets on pages of the site outside the blog (SPEC §2 post-list-widget and
 * related-posts-widget): the home page's post list and the about page's recent posts, at 1280
 * and 375 wide.
 */
import { expect } from '@playwright/test';
import { deviceOf, hydrated, resetSettings, setSettings, test } from './support';

test.afterEach(async ({ request }) => {
  await resetSettings(request, ['postList.entityCount', 'postList.paginationType']);
});

test('the home page lists the latest posts and leads to the blog', async ({ page }, info) => {
  await page.goto('/');
  const widget = page.locator('.post-list-widget');
  await expect(widget.locator('.post-card')).toHaveCount(3);
  await widget.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `screenshots/home-post-list-${info.project.name}.png` });
  await hydrated(page);
  await widget.getByRole('link', { name: 'See all posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("the post list shows the owner's count and pages through the posts", async ({
  page,
}, info) => {
  await setSettings(page.request, deviceOf(info.project.name), {
    'postList.entityCount': 4,
    'postList.paginationType': 'paginated',
  });
  await page.goto('/');
  const widget = page.locator('.post-list-widget');
  await expect(widget.locator('.post-card')).toHaveCount(4);
  const first = await widget.locator('.post-card__title').first().textContent();
  await page.goto('/?page=2');
  await expect(widget.locator('.post-card')).toHaveCount(4);
  expect(await widget.locator('.post-card__title').first().textContent()).not.toBe(first);
  await expect(widget.locator('.pagination [aria-current="page"]')).toHaveText('2');
});

test('the about page shows recent posts that open the post', async ({ page }, info) => {
  await page.goto('/about');
  const cards = page.locator('.related-card');
  await expect(cards).toHaveCount(3);
  await page.screenshot({
    path: `screenshots/about-recent-${info.project.name}.png`,
    fullPage: true,
  });
  await hydrated(page);
  const title = ((await cards.first().locator('.related-card__title').textContent()) ?? '').trim();
  await cards.first().locator('.related-card__link').click();
  await expect(page.locator('h1.post__title')).toHaveText(title);
});
