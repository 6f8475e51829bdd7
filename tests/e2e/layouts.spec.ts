/**
 * Every feed layout and its parameters, the display toggles, both pagination modes, the featured
 * banner, the slots and the empty states (SPEC §2, §4, §5, §9), at 1280 and 375 wide. Settings
 * change through the test-only route; each test resets what it changed. Screenshots go to
 * screenshots/ to be looked at.
 */
import { expect, type Page } from '@playwright/test';
import { DESKTOP_LAYOUTS, MOBILE_LAYOUTS } from '../../src/domain/settings';
import { type Device, deviceOf, hydrated, resetSettings, setSettings, test } from './support';

const CHANGED_KEYS = new Set<string>();

async function use(page: Page, device: Device, patch: Record<string, unknown>) {
  for (const key of Object.keys(patch)) CHANGED_KEYS.add(key);
  await setSettings(page.request, device, patch);
}

test.afterEach(async ({ request }) => {
  await resetSettings(request, [...CHANGED_KEYS]);
  CHANGED_KEYS.clear();
});

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

type Box = { x: number; y: number; width: number; height: number };
async function boxes(page: Page, selector: string, count: number): Promise<Box[]> {
  const all = page.locator(selector);
  const result: Box[] = [];
  for (let i = 0; i < count; i++) {
    const box = await all.nth(i).boundingBox();
    if (!box) throw new Error(`${selector} #${i} has no box`);
    result.push(box);
  }
  return result;
}

/** What each layout looks like at 1280 wide, as a geometric fact about its first cards. */
async function checkShape(page: Page, layout: string) {
  // Masonry's markup is by column; its first row is each column's first card.
  const selector =
    layout === 'masonry' ? '.post-list__column > .post-list__cell:first-child' : '.post-card';
  const cards = await boxes(page, selector, 3);
  const [a, b, c] = cards as [Box, Box, Box];
  switch (layout) {
    case 'grid':
    case 'pro-gallery':
    case 'masonry':
      // Three per row (SPEC §9 cards per row 3).
      expect(Math.abs(a.y - b.y)).toBeLessThan(2);
      expect(Math.abs(b.y - c.y)).toBeLessThan(2);
      break;
    case 'medium':
    case 'magazine':
      expect(Math.abs(a.y - b.y)).toBeLessThan(2);
      expect(c.y).toBeGreaterThan(a.y + a.height - 2);
      break;
    case 'side-by-side': {
      const media = (await boxes(page, '.post-card__media', 1))[0]!;
      const content = (await boxes(page, '.post-card__content', 1))[0]!;
      // SPEC §3 image alignment End: the image sits after the text.
      expect(media.x).toBeGreaterThan(content.x);
      expect(Math.abs(media.width - a.width / 2)).toBeLessThan(4);
      break;
    }
    case 'one-column':
    case 'list':
      expect(b.y).toBeGreaterThan(a.y + a.height - 2);
      break;
  }
  if (layout === 'list') await expect(page.locator('.post-card__media')).toHaveCount(0);
  if (layout === 'magazine') {
    const media = (await boxes(page, '.post-card__media', 1))[0]!;
    const title = (await boxes(page, '.post-card__title', 1))[0]!;
    // Text on image: the title lies inside the picture.
    expect(title.y).toBeGreaterThan(media.y);
    expect(title.y + title.height).toBeLessThan(media.y + media.height);
  }
}

test.describe('desktop layouts', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop settings');

  for (const layout of DESKTOP_LAYOUTS) {
    test(`${layout} lays out the feed and fits a phone-wide window`, async ({ page }) => {
      const errors = watchErrors(page);
      await use(page, 'desktop', { 'feed.layout': layout, 'feed.paginationType': 'pages' });
      await page.goto('/blog');
      await hydrated(page);
      await expect(page.locator(`.post-list--${layout}`)).toBeVisible();
      await expect(page.locator('.post-card')).toHaveCount(20);
      await checkShape(page, layout);
      await page.screenshot({ path: `screenshots/layout-${layout}-1280.png` });

      // A desktop browser at 375 wide: every layout falls to one card per row, nothing overflows.
      await page.setViewportSize({ width: 375, height: 800 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      if (layout !== 'pro-gallery') {
        const [a, b] = (await boxes(page, '.post-card', 2)) as [Box, Box];
        expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 2);
      }
      await page.screenshot({ path: `screenshots/layout-${layout}-375.png` });
      expect(errors).toEqual([]);
    });
  }

  test('layout parameters change the list', async ({ page }) => {
    await use(page, 'desktop', {
      'feed.layout': 'grid',
      'feed.grid.cardsPerRow': 4,
      'feed.grid.spacing': 10,
      'feed.grid.imageRatio': '1:1',
      'feed.grid.contentAlignment': 'center',
      'feed.grid.titleLines': 1,
      'feed.grid.contentHeightMode': 'auto',
      'feed.grid.cornerRadius': 16,
    });
    await page.goto('/blog');
    const [a, b, c, d] = (await boxes(page, '.post-card', 4)) as [Box, Box, Box, Box];
    expect(Math.abs(a.y - d.y)).toBeLessThan(2);
    expect(Math.round(b.x - (a.x + a.width))).toBe(10);
    expect(c.x).toBeGreaterThan(b.x);
    const media = (await boxes(page, '.post-card__media', 1))[0]!;
    expect(Math.abs(media.width - media.height)).toBeLessThan(2);
    const title = page.locator('.post-card__title').first();
    await expect(title).toHaveCSS('text-align', 'center');
    await expect(title).toHaveCSS('-webkit-line-clamp', '1');
    await expect(page.locator('.post-card').first()).toHaveCSS('border-radius', '16px');
    await page.screenshot({ path: 'screenshots/layout-grid-parameters-1280.png' });
  });

  test('fit-to-screen fills each row with cards of the item size', async ({ page }) => {
    await use(page, 'desktop', {
      'feed.layout': 'grid',
      'feed.grid.cardsPerRowMode': 'fit',
      'feed.grid.itemSize': 200,
    });
    await page.goto('/blog');
    const cards = await boxes(page, '.post-card', 5);
    const firstRow = cards.filter((box) => Math.abs(box.y - cards[0]!.y) < 2);
    expect(firstRow.length).toBe(4);
    for (const box of firstRow) expect(box.width).toBeGreaterThanOrEqual(200);
  });

  test('the pro gallery slider moves by its arrows', async ({ page }) => {
    await use(page, 'desktop', {
      'feed.layout': 'pro-gallery',
      'feed.pro-gallery.galleryType': 'slider',
      'feed.paginationType': 'pages',
    });
    await page.goto('/blog');
    await hydrated(page);
    // The slider's code loads after hydration; its arrows work once it is live.
    await expect(page.locator('.gallery-slider[data-live]')).toBeAttached();
    const track = page.locator('.gallery-slider__track');
    const previous = page.getByRole('button', { name: 'Previous posts' });
    const next = page.getByRole('button', { name: 'Next posts' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await expect(previous).toBeEnabled();
    await page.screenshot({ path: 'screenshots/layout-pro-gallery-slider-1280.png' });
  });

  test('display toggles hide what the owner turned off', async ({ page }) => {
    await use(page, 'desktop', {
      'display.viewCount': false,
      'display.authorName': false,
      'display.description': false,
      'display.categoryLabel': true,
    });
    await page.goto('/blog');
    // Other specs publish posts of their own (with no category), so no card's place is fixed:
    // what is off is off on every card; what is on shows on the cards that have it.
    const cards = page.locator('.post-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.locator('.post-card__excerpt')).toHaveCount(0);
    await expect(cards.locator('.post-meta__author')).toHaveCount(0);
    await expect(cards.locator('[title$=" views"], [title$=" view"]')).toHaveCount(0);
    expect(await cards.locator('[title$="comments"], [title$="comment"]').count()).toBe(
      await cards.count(),
    );
    const categorised = cards.filter({ has: page.locator('.category-label') });
    expect(await categorised.count()).toBeGreaterThan(0);
  });

  test('ratings show with stars once the owner turns ratings on', async ({ page }) => {
    await use(page, 'desktop', { 'comments.ratingsEnabled': true });
    await page.goto('/blog');
    await expect(page.locator('.post-card .rating').first()).toBeVisible();
    await expect(page.locator('.post-card').first().locator('.rating__star')).toHaveCount(5);
  });

  test('the featured banner and the slots show what the owner set', async ({ page }) => {
    await use(page, 'desktop', {
      'feed.showFeaturedBanner': true,
      'feed.featuredReadMoreLabel': 'Read the story',
      'slots.abovePostList': 'Welcome to the demo blog.',
      'slots.belowContent1': 'Thanks for reading.',
    });
    await page.goto('/blog');
    await hydrated(page);
    const banner = page.locator('.featured-post');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Read the story' })).toBeVisible();
    await expect(page.locator('[data-slot="above-post-list"]')).toHaveText(
      'Welcome to the demo blog.',
    );
    await expect(page.locator('[data-slot="below-content-1"]')).toHaveText('Thanks for reading.');
    await page.screenshot({ path: 'screenshots/feed-featured-1280.png' });
    const title = (await banner.locator('.featured-post__title').textContent())?.trim() ?? '';
    await banner.locator('.featured-post__title a').click();
    await expect(page.locator('h1.post__title')).toHaveText(title);
  });
});

test.describe('mobile layouts', () => {
  test.skip(({ isMobile }) => !isMobile, 'mobile settings');

  for (const layout of MOBILE_LAYOUTS) {
    test(`${layout} lays out the feed on a phone`, async ({ page }) => {
      const errors = watchErrors(page);
      await use(page, 'mobile', { 'feed.layout': layout });
      await page.goto('/blog');
      await hydrated(page);
      await expect(page.locator(`.post-list--${layout}`)).toBeVisible();
      const [a, b] = (await boxes(page, '.post-card', 2)) as [Box, Box];
      expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 2);
      if (layout !== 'mobile-magazine') {
        const media = (await boxes(page, '.post-card__media', 1))[0]!;
        const content = (await boxes(page, '.post-card__content', 1))[0]!;
        expect(media.x).toBeGreaterThan(content.x);
        expect(media.width).toBeLessThan(a.width / 2);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `screenshots/layout-${layout}-375.png` });
      expect(errors).toEqual([]);
    });
  }

  test('mobile follows the desktop display toggles until customised', async ({ page }) => {
    await use(page, 'desktop', { 'display.viewCount': false });
    await page.goto('/blog');
    await expect(page.locator('.post-card').first().locator('[title$="views"]')).toHaveCount(0);
    await use(page, 'mobile', { 'display.mobileCustomised': true });
    await page.goto('/blog');
    await expect(page.locator('.post-card').first().locator('[title$="views"]')).toHaveCount(1);
  });
});

test.describe('pagination modes', () => {
  test('infinite scroll loads the next page near the end and stops at the last', async ({
    page,
  }, info) => {
    const device = deviceOf(info.project.name);
    await use(page, device, { 'feed.postsPerPage': 25 });
    await page.goto('/blog');
    await hydrated(page);
    const cards = page.locator('.post-card');
    await expect(cards).toHaveCount(25);
    await expect(page.locator('.pagination')).toHaveCount(0);
    await page.locator('.load-more').scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(50);
    // The address stays the feed's: the reader never left the page.
    await expect(page).toHaveURL(/\/blog$/);
    for (let i = 0; i < 5 && (await page.locator('.load-more').count()) > 0; i++) {
      const loaded = await cards.count();
      await page.locator('.load-more').scrollIntoViewIfNeeded();
      // The next page came in, or there was none.
      await expect
        .poll(
          async () =>
            (await cards.count()) > loaded || (await page.locator('.load-more').count()) === 0,
        )
        .toBe(true);
    }
    await expect(page.locator('.load-more')).toHaveCount(0);
    const total = await cards.count();
    expect(total).toBeGreaterThan(50);
    const ids = await page
      .locator('.post-card__link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(ids).size).toBe(ids.length);
    await page.screenshot({ path: `screenshots/feed-infinite-${info.project.name}.png` });
  });

  test('multiple pages with posts per page, hidden when everything fits', async ({
    page,
  }, info) => {
    const device = deviceOf(info.project.name);
    await use(page, device, { 'feed.paginationType': 'pages', 'feed.postsPerPage': 5 });
    await page.goto('/blog');
    await expect(page.locator('.post-card')).toHaveCount(5);
    await expect(page.locator('.pagination')).toBeVisible();
    await expect(page.locator('.load-more')).toHaveCount(0);
    // More than 5 pages: first and last appear (SPEC §4).
    await expect(page.getByRole('link', { name: 'Last page' })).toBeVisible();
    await page.screenshot({ path: `screenshots/feed-pages-${info.project.name}.png` });

    await use(page, device, { 'feed.postsPerPage': 50 });
    await page.goto('/blog/category/travel/europe');
    await expect(page.locator('.post-card').first()).toBeVisible();
    await expect(page.locator('.pagination')).toHaveCount(0);
  });

  test('under 375 px the pagination shows its position', async ({ page }, info) => {
    const device = deviceOf(info.project.name);
    await use(page, device, { 'feed.paginationType': 'pages', 'feed.postsPerPage': 10 });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/blog/page/2');
    await expect(page.locator('.pagination__position')).toBeVisible();
    await expect(page.locator('.pagination__position')).toHaveText(/^2 \/ \d+$/);
    await expect(page.locator('.pagination__pages')).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('.pagination__pages')).toBeVisible();
    await expect(page.locator('.pagination__position')).toBeHidden();
  });
});

test('the pinned mark explains itself on hover, then hides (SPEC §4 pin tooltip)', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'hover needs a mouse');
  await page.goto('/blog');
  await hydrated(page);
  const badge = page.locator('.post-card__pinned').first();
  await badge.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('stays at the top');
  await page.screenshot({ path: 'screenshots/feed-pin-tooltip-1280.png' });
  // SPEC §9: hidden after 3 s even while the pointer stays.
  await expect(tooltip).toBeHidden({ timeout: 4500 });
  await page.mouse.move(0, 0);
  await badge.focus();
  await expect(tooltip).toBeVisible();
});

test("a card's more-options menu opens on click, copies the link and closes on Escape", async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/blog');
  await hydrated(page);
  const card = page.locator('.post-card').nth(1);
  const href = await card.locator('.post-card__link').getAttribute('href');
  await card.getByRole('button', { name: /^More options for / }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Share on Facebook' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Share on Pinterest' })).toHaveCount(0);
  await page.screenshot({ path: `screenshots/card-menu-${info.project.name}.png` });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await card.getByRole('button', { name: /^More options for / }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).pathname).toBe(href);
  // The card's own link still opens the post.
  await expect(page).toHaveURL(/\/blog$/);
});

test.describe('empty states', () => {
  test('an empty category says posts are coming soon', async ({ page }, info) => {
    await page.goto('/blog/category/travel/the-americas');
    await expect(page.getByRole('heading', { name: 'Posts are coming soon' })).toBeVisible();
    await page.screenshot({ path: `screenshots/empty-category-${info.project.name}.png` });
  });

  test('a hashtag without posts has its own empty state', async ({ page }) => {
    await page.goto('/blog/hashtags/nothinghere');
    await expect(page.getByRole('heading', { name: 'No posts with this hashtag' })).toBeVisible();
  });
});
