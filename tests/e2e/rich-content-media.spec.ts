/**
 * The media and embed renderers in a real browser, on the seed's kitchen-sink post (SPEC §3):
 * every media node is on the page with a reserved box (no layout shift), an image opens in the
 * lightbox and Escape closes it, the video plays in place, HTML runs only in a sandboxed frame,
 * the map links out, and the poll asks visitors to log in. There is no network here, so outside
 * sources (audio, PDF, the video host) never load; the page must not depend on them. Full-page
 * screenshots at 1280 and 375 go to screenshots/ (ignored by git) to be looked at.
 */
import { expect, type Page } from '@playwright/test';
import { allImagesLoaded, hydrated, test } from './support';

const POST_URL = '/blog/every-kind-of-block-a-post-can-hold';

async function openKitchenSink(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(POST_URL, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('.rich-content')).toBeVisible();
  // Live: the islands in view are (decision 053); the others come alive on first use.
  await hydrated(page);
  return errors;
}

test('every media node renders in a reserved box; screenshots of the whole post', async ({
  page,
}, info) => {
  const errors = await openKitchenSink(page);
  const content = page.locator('.rich-content');
  for (const selector of [
    '.rc-image',
    '.rc-gallery',
    '.rc-video',
    '.rc-gif',
    '.rc-audio__player',
    '.rc-file__download',
    '.rc-html__frame',
    '.rc-link-card--start',
    '.rc-map__link',
    '.rc-app-embed--event',
    '.rc-poll--list',
  ]) {
    await expect(content.locator(selector).first(), selector).toBeAttached();
  }
  // Three galleries (collage, grid, slider), each with one box per item.
  await expect(content.locator('.rc-gallery')).toHaveCount(3);
  await expect(content.locator('.rc-gallery--grid .rc-gallery__item')).toHaveCount(4);
  // Every image has its size before it loads: no layout shift.
  const unsized = await content.locator('img').evaluateAll((images) =>
    images
      .filter((image) => !image.getAttribute('width') && !image.closest('[style*="aspect-ratio"]'))
      .filter((image) => !image.closest('.rc-gallery'))
      .map((image) => image.outerHTML.slice(0, 120)),
  );
  expect(unsized).toEqual([]);
  // Lazy images load as they scroll in: all of them, before the full-page shot.
  await allImagesLoaded(page);
  await page.screenshot({
    path: `screenshots/${info.project.name}-rich-content-full.png`,
    fullPage: true,
  });
  expect(errors).toEqual([]);
});

test('an image opens in the lightbox and Escape closes it, focus back on the image', async ({
  page,
}, info) => {
  await openKitchenSink(page);
  const expand = page.locator('.rc-image .rc-image__expand').first();
  await expand.scrollIntoViewIfNeeded();
  await expand.click();
  const lightbox = page.locator('.rc-lightbox');
  await expect(lightbox).toBeVisible();
  await expect(lightbox.locator('.rc-lightbox__image')).toBeVisible();
  await page.screenshot({ path: `screenshots/${info.project.name}-rich-content-lightbox.png` });
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await expect(expand).toBeFocused();
});

test('the video plays in place after a click', async ({ page }) => {
  await openKitchenSink(page);
  const video = page.locator('.rich-content > * .rc-video, .rich-content .rc-video').first();
  await video.scrollIntoViewIfNeeded();
  // The state is the box's: the box is the part that needs script (issue 20), not the caption.
  const box = video.locator('.rc-video__box');
  await expect(box).toHaveAttribute('data-video-state', 'idle');
  await video.locator('.rc-video__play').click();
  await expect(box).toHaveAttribute('data-video-state', 'playing');
  await expect(video.locator('.rc-player')).toBeAttached();
});

test('HTML and rich embeds run only in sandboxed frames; nothing of theirs is in the page', async ({
  page,
}) => {
  await openKitchenSink(page);
  const frames = page.locator('.rich-content iframe');
  const count = await frames.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const sandbox = await frames.nth(i).getAttribute('sandbox');
    expect(sandbox, await frames.nth(i).evaluate((f) => f.outerHTML.slice(0, 200))).not.toBeNull();
    expect(sandbox).not.toContain('allow-top-navigation');
  }
  // The embed's own markup never reaches the page's DOM.
  await expect(
    page.locator('.rich-content > blockquote:has-text("runs in a sandbox")'),
  ).toHaveCount(0);
});

test('the map links out, the event card links, and the poll asks members to log in', async ({
  page,
}) => {
  await openKitchenSink(page);
  await expect(page.locator('.rc-map__link').first()).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=38\.7086&mlon=-9\.1366/,
  );
  // Voting itself is tests/e2e/polls.spec.ts; a visitor is asked to log in.
  const poll = page.locator('.rc-poll--list');
  // The poll is an island that comes alive near the viewport (decision 053).
  await poll.scrollIntoViewIfNeeded();
  await expect(poll.locator('.rc-poll__option')).toHaveCount(3);
  await expect(poll.locator('.rc-poll__note')).toHaveText('Log in to vote');
  await expect(poll.locator('input').first()).toBeDisabled();
  await expect(poll.locator('.rc-poll__vote')).toHaveCount(0);
});
