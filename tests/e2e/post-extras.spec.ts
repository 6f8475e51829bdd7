/**
 * The post page's extras at 1280 and 375 wide (the two projects): related posts below a post
 * (SPEC §2), tags and category labels as buttons or text by the settings (SPEC §3, §9), and a
 * video cover that plays in place (SPEC §4 "Video in post list": loading, then the player, forced
 * ready after 5 s; starting one video resets the others). There is no network here, so a video
 * host's player never loads: exactly the case the 5 s rule is for. Screenshots go to
 * screenshots/ (ignored by git) to be looked at.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { hydrated, test } from './support';

type Device = 'desktop' | 'mobile';

interface ApiPost {
  slug: string;
  title: string;
  link: string;
  tagIds: string[];
  categoryIds: string[];
  firstPublishedDate: string | null;
  media: { video: { url: string } | null } | null;
}

/** A screenshot once the images on screen have loaded (lazy ones load as they scroll in). */
async function shot(page: Page, name: string, project: string, fullPage = false) {
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      const box = image.getBoundingClientRect();
      const isOnScreen = box.bottom > 0 && box.top < window.innerHeight;
      return !isOnScreen || image.complete;
    }),
  );
  await page.screenshot({ path: `screenshots/${project}-post-extras-${name}.png`, fullPage });
}

function deviceOf(project: string): Device {
  return project === 'mobile' ? 'mobile' : 'desktop';
}

/** Changes some settings of one device through the test-only route; `null` resets a key. */
async function setSettings(
  request: APIRequestContext,
  device: Device,
  patch: Record<string, unknown>,
) {
  const response = await request.put(`/api/test/widget-settings/blog/${device}`, { data: patch });
  expect(response.ok(), await response.text()).toBe(true);
}

async function resetSettings(request: APIRequestContext, keys: string[]) {
  const patch = Object.fromEntries(keys.map((key) => [key, null]));
  await setSettings(request, 'desktop', patch);
  await setSettings(request, 'mobile', patch);
}

/** Every published post of the demo blog, newest first (two API pages of 50 are plenty). */
async function allPosts(request: APIRequestContext): Promise<ApiPost[]> {
  const posts: ApiPost[] = [];
  for (let page = 1; page <= 4; page++) {
    const response = await request.get(`/api/posts?page=${page}&pageSize=50`);
    if (!response.ok()) break;
    const body = (await response.json()) as { posts: ApiPost[]; lastPage: number };
    posts.push(...body.posts);
    if (page >= body.lastPage) break;
  }
  return posts;
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

/**
 * Video posts whose page holds nothing but the post's own video and text. The seed's
 * kitchen-sink post is left out: its blocks load sources from outside hosts (which this machine
 * cannot reach) and play media of their own, which these tests of one cover would trip over.
 */
function plainVideoPosts(posts: ApiPost[]): ApiPost[] {
  return posts.filter((p) => p.media?.video && p.slug !== 'every-kind-of-block-a-post-can-hold');
}

/** Records every state a video cover goes through, from now on. */
async function recordStates(page: Page) {
  await page.evaluate(() => {
    const seen: string[][] = [];
    (window as unknown as { videoStates: string[][] }).videoStates = seen;
    document.querySelectorAll('.video-cover').forEach((cover, i) => {
      seen[i] = [cover.getAttribute('data-video-state') ?? ''];
      new MutationObserver(() => {
        seen[i]!.push(cover.getAttribute('data-video-state') ?? '');
      }).observe(cover, { attributes: true, attributeFilter: ['data-video-state'] });
    });
  });
}

async function statesOf(page: Page, index: number): Promise<string[]> {
  return page.evaluate(
    (i) => (window as unknown as { videoStates: string[][] }).videoStates[i] ?? [],
    index,
  );
}

test('related posts appear below a post and lead to posts', async ({ page, request }, info) => {
  const errors = watchConsole(page);
  const posts = await allPosts(request);
  const post = posts.find((p) => p.tagIds.length > 0 && p.categoryIds.length > 0)!;
  await page.goto(post.link);
  await hydrated(page);

  const section = page.getByRole('region', { name: 'Related posts' });
  await expect(section).toBeVisible();
  const cards = section.locator('.related-card');
  await expect(cards).toHaveCount(3);
  // Below the post, never the post itself, each a link to a post of the blog.
  const articleBox = await page.locator('article.post').boundingBox();
  const sectionBox = await section.boundingBox();
  expect(sectionBox!.y).toBeGreaterThan(articleBox!.y + articleBox!.height - 1);
  const links = await section
    .locator('.related-card__link')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  expect(links).toHaveLength(3);
  for (const link of links) {
    expect(link).toMatch(/^\/blog\/[^/]+$/);
    expect(link).not.toBe(post.link);
  }
  if (info.project.name === 'desktop') {
    // Three across on a wide page.
    const tops = await cards.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
  } else {
    // A row to swipe through on a phone: the cards sit side by side past the screen's edge.
    const overflow = await section
      .locator('.related-posts__list')
      .evaluate((list) => list.scrollWidth > list.clientWidth);
    expect(overflow).toBe(true);
  }
  const accessibility = await new AxeBuilder({ page }).include('.related-posts').analyze();
  expect(accessibility.violations).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'related', info.project.name);
  await shot(page, 'post-full', info.project.name, true);

  // A card leads to its post.
  const title = ((await cards.first().locator('.related-card__title').textContent()) ?? '').trim();
  await cards.first().locator('.related-card__link').click();
  await expect(page.locator('h1.post__title')).toHaveText(title);
  await expect(page).toHaveURL(new RegExp(`${links[0]}$`));
  expect(errors).toEqual([]);
});

test('recent posts replace related ones, and the row hides with its toggle', async ({
  page,
  request,
}, info) => {
  const device = deviceOf(info.project.name);
  // The feed lists pinned posts first; recent posts are simply the newest.
  const posts = (await allPosts(request)).sort((a, b) =>
    (b.firstPublishedDate ?? '').localeCompare(a.firstPublishedDate ?? ''),
  );
  const post = posts[posts.length - 1]!;
  try {
    await setSettings(request, device, { 'relatedPosts.type': 'recent', 'relatedPosts.count': 2 });
    await page.goto(post.link);
    const section = page.getByRole('region', { name: 'Recent posts' });
    await expect(section).toBeVisible();
    // The two newest posts (this one, the oldest, is not among them).
    await expect(section.locator('.related-card__title')).toHaveText([
      posts[0]!.title,
      posts[1]!.title,
    ]);

    // Display toggles live on desktop; mobile follows them unless customised (SPEC §9).
    await setSettings(request, 'desktop', { 'display.relatedPosts': false });
    await page.goto(post.link);
    await expect(page.locator('h1.post__title')).toBeVisible();
    await expect(page.locator('.related-posts')).toHaveCount(0);
  } finally {
    await resetSettings(request, [
      'relatedPosts.type',
      'relatedPosts.count',
      'display.relatedPosts',
    ]);
  }
});

test('tags and category labels follow their settings', async ({ page, request }, info) => {
  const device = deviceOf(info.project.name);
  const posts = await allPosts(request);
  const post = posts.find((p) => p.tagIds.length >= 2)!;
  await page.goto(post.link);
  await hydrated(page);

  // Defaults: tags as buttons (SPEC §9 padding 6/12, spacing 8, border 1); labels hidden.
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags).toHaveClass(/\bis-button\b/);
  const tag = tags.locator('.post-tag').first();
  await expect(tag).toHaveCSS('padding', '6px 12px');
  await expect(tag).toHaveCSS('border-top-width', '1px');
  await expect(tags).toHaveCSS('column-gap', '8px');
  await expect(page.locator('.post-categories')).toHaveCount(0);
  await tags.scrollIntoViewIfNeeded();
  await shot(page, 'tags-buttons', info.project.name);

  try {
    await setSettings(request, device, {
      'tags.layout': 'text',
      'categoryLabel.style': 'button',
    });
    await setSettings(request, 'desktop', { 'display.categoryLabel': true });
    await page.goto(post.link);
    await hydrated(page);

    // Text tags sit 12 apart without a frame (SPEC §9 text-tag spacing 12).
    await expect(tags).toHaveClass(/\bis-text\b/);
    await expect(tags).toHaveCSS('column-gap', '12px');
    await expect(tag).toHaveCSS('border-top-width', '0px');
    // Category labels as buttons (SPEC §9 label button padding 12/6).
    const label = page.getByRole('list', { name: 'Categories' }).locator('.post-category').first();
    await expect(label).toHaveClass(/\bis-button\b/);
    await expect(label).toHaveCSS('padding', '6px 12px');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'labels-buttons', info.project.name);
    await tags.scrollIntoViewIfNeeded();
    await shot(page, 'tags-text', info.project.name);

    // Labels back to text, the tags hidden by their toggle.
    await setSettings(request, device, { 'categoryLabel.style': 'text' });
    await setSettings(request, 'desktop', { 'display.tags': false });
    await page.goto(post.link);
    await expect(page.locator('.post-category').first()).toHaveClass(/\bis-text\b/);
    await expect(page.locator('.post-tags')).toHaveCount(0);
  } finally {
    await resetSettings(request, [
      'tags.layout',
      'categoryLabel.style',
      'display.categoryLabel',
      'display.tags',
    ]);
  }
});

test('a video cover plays in place, and starting another resets it', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const device = deviceOf(info.project.name);
  const errors = watchConsole(page);
  const posts = await allPosts(request);
  const videoPosts = plainVideoPosts(posts);
  expect(videoPosts.length).toBeGreaterThan(1);
  try {
    // A video post whose related or recent posts below include another video post: two covers
    // on one page. Which list has one depends on what other specs published before this one
    // (their posts become the most recent), so both are tried.
    let found = false;
    for (const type of ['related', 'recent']) {
      await setSettings(request, device, { 'relatedPosts.type': type });
      for (const post of videoPosts) {
        await page.goto(post.link);
        if ((await page.locator('.video-cover').count()) >= 2) {
          found = true;
          break;
        }
      }
      if (found) break;
    }
    expect(found, 'a page with two video covers').toBe(true);
    await hydrated(page);

    const covers = page.locator('.video-cover');
    const first = covers.nth(0);
    const second = covers.nth(1);
    await expect(first).toHaveAttribute('data-video-state', 'idle');
    const play = first.getByRole('button', { name: /^Play video: / });
    await expect(play).toBeVisible();
    await shot(page, 'video-idle', info.project.name);

    // The host's player never answers (no network anyway): only SPEC §9's 5 s rule can make
    // the cover ready.
    await page.route('https://www.youtube-nocookie.com/**', () => {});

    // Play: loading, then the player, ready after 5 s though nothing loads.
    await recordStates(page);
    const startedAt = Date.now();
    await play.click();
    const player = first.locator('iframe.video-cover__player');
    await expect(player).toHaveCount(1);
    await expect(first).toHaveAttribute('data-video-state', 'loading');
    await expect(first.getByRole('button', { name: /^Loading video: / })).toBeVisible();
    await shot(page, 'video-loading', info.project.name);
    const src = new URL((await player.getAttribute('src')) ?? '');
    expect(src.origin).toBe('https://www.youtube-nocookie.com');
    // SPEC §9 defaults: sound off, loop on.
    expect(src.searchParams.get('autoplay')).toBe('1');
    expect(src.searchParams.get('mute')).toBe('1');
    expect(src.searchParams.get('loop')).toBe('1');
    await expect(player).toHaveAttribute('title', /^Video: /);
    await expect(first).toHaveAttribute('data-video-state', 'ready', { timeout: 6_000 });
    const readyAfter = Date.now() - startedAt;
    expect(readyAfter).toBeGreaterThan(4_500);
    expect(readyAfter).toBeLessThan(6_000);
    expect(await statesOf(page, 0)).toEqual(['idle', 'loading', 'ready']);
    await expect(first.getByRole('button')).toHaveCount(0);
    await shot(page, 'video-playing', info.project.name);

    // The second video starts; the first goes back to its thumbnail.
    await second.scrollIntoViewIfNeeded();
    await second.getByRole('button', { name: /^Play video: / }).click();
    await expect(second.locator('.video-cover__player')).toHaveCount(1);
    await expect(first).toHaveAttribute('data-video-state', 'idle');
    await expect(first.locator('.video-cover__player')).toHaveCount(0);
    await expect(play).toBeVisible();
    await expect(second).toHaveAttribute('data-video-state', 'ready', { timeout: 6_000 });
    await shot(page, 'video-second', info.project.name);

    // Keyboard: Enter on the first cover's button starts it again and stops the second.
    await play.focus();
    await page.keyboard.press('Enter');
    await expect(first).not.toHaveAttribute('data-video-state', 'idle');
    await expect(second).toHaveAttribute('data-video-state', 'idle');
    expect(errors).toEqual([]);
  } finally {
    await resetSettings(request, ['relatedPosts.type']);
  }
});

test('video play modes: hover, click only, autoplay in view', async ({ page, request }, info) => {
  const device = deviceOf(info.project.name);
  const video = plainVideoPosts(await allPosts(request))[0]!;
  const cover = page.locator('.post__cover .video-cover');
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.abort());
  try {
    if (device === 'desktop') {
      // SPEC §9: play on hover by default; leaving stops a video that hovering started.
      await page.goto(video.link);
      await hydrated(page);
      await expect(cover).toHaveAttribute('data-video-state', 'idle');
      await cover.hover();
      await expect(cover).not.toHaveAttribute('data-video-state', 'idle');
      await expect(cover.locator('.video-cover__player')).toHaveCount(1);
      await page.mouse.move(5, 5);
      await expect(cover).toHaveAttribute('data-video-state', 'idle');

      // Click mode: resting on it does nothing, however long. The page's clock is run past the
      // hover intent (200 ms) at once, rather than waited for.
      await setSettings(request, device, { 'video.playMode': 'click' });
      await page.clock.install();
      await page.goto(video.link);
      await hydrated(page);
      await cover.hover();
      await page.clock.runFor(1_000);
      await expect(cover).toHaveAttribute('data-video-state', 'idle');
    }

    // Without the play icon the cover is still a button for keyboards and screen readers.
    await setSettings(request, device, {
      'video.playMode': 'click',
      'video.showPlayButton': false,
    });
    await page.goto(video.link);
    await hydrated(page);
    await expect(cover.getByRole('button', { name: /^Play video: / })).toBeVisible();
    await expect(cover.locator('.video-cover__button svg')).toHaveCount(0);

    // Autoplay mode: starts once on screen, muted (no gesture of the reader yet).
    await setSettings(request, device, { 'video.playMode': 'autoplay' });
    await page.goto(video.link);
    await hydrated(page);
    const player = cover.locator('iframe.video-cover__player');
    await expect(player).toHaveCount(1);
    expect(new URL((await player.getAttribute('src')) ?? '').searchParams.get('mute')).toBe('1');
  } finally {
    await resetSettings(request, ['video.playMode', 'video.showPlayButton']);
  }
});
