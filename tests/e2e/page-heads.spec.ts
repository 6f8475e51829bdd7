/**
 * Pages' heads in the browser (issue 19 § Pages' heads): after a client-side navigation from the
 * feed to a post and back, the head is the page's own (title, canonical, Open Graph, JSON-LD),
 * as the server renders it for the address. Screenshots at 1280 and 375 wide go to screenshots/.
 */
import { expect, type Page } from '@playwright/test';
import { hydrated, test } from './support';

/** What the document's head says now. */
function headOf(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content') ?? null,
    ldTypes: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => (JSON.parse(script.textContent ?? '{}') as { '@type'?: string })['@type'],
    ),
    feeds: document.querySelectorAll('link[rel="alternate"]').length,
  }));
}

test('the head follows client-side navigation between the feed and a post', async ({
  page,
}, info) => {
  await page.goto('/blog');
  await hydrated(page);
  const origin = new URL(page.url()).origin;
  const feed = await headOf(page);
  expect(feed.canonical).toBe(`${origin}/blog`);
  expect(feed.ogType).toBe('website');
  expect(feed.ldTypes).toEqual(['WebSite', 'CollectionPage']);
  expect(feed.feeds).toBe(3);

  await page.locator('a.post-card__link').first().click();
  await expect(page.locator('h1.post__title')).toBeVisible();
  const postPath = new URL(page.url()).pathname;
  await expect.poll(async () => (await headOf(page)).ogType).toBe('article');
  const post = await headOf(page);
  expect(post.canonical).toBe(`${origin}${postPath}`);
  expect(post.title).toContain(await page.locator('h1.post__title').textContent());
  expect(post.ldTypes).toEqual(['BlogPosting', 'BreadcrumbList']);
  await page.screenshot({ path: `screenshots/${info.project.name}-page-heads-post.png` });

  await page.goBack();
  await expect.poll(async () => (await headOf(page)).ogType).toBe('website');
  expect((await headOf(page)).title).toBe(feed.title);
});
