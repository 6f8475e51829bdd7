/**
 * Readers' state over shared pages in the browser at 1280 and 375 wide (issue 15; decision 030):
 * a visitor likes a post, reloads, and the like is kept (the page is the shared cached one with
 * their like laid over it by the server, decision 050); the feed and a client navigation show it
 * too; a second browser context, another visitor,
 * sees the count and no like of theirs. Each project works on a post of its own, published for
 * the test and removed after it, so nothing of the demo blog that other specs read changes.
 */
import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import {
  hydrated,
  likeWritten,
  projectContext,
  publishPostThroughApi,
  seededWriterId,
  test,
} from './support';

const MEMBER_HEADER = 'x-inkwell-test-member';
/** The first press loads the like button's code (decision 020): it may take a moment. */
const FIRST_PRESS = { timeout: 10_000 };

const likeOf = (page: Page, postId: string) =>
  page.locator(`[data-action-key="like:post:${postId}"]`);

/** A visitor's page in a new context of the project's kind (no cookies: nobody yet). */
async function visitorPage(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await projectContext(browser, info);
  return context.newPage();
}

/**
 * Holds the page's reader-state requests until `release()`: the page can be looked at as the
 * server sent it, hydrated, before the overlay lands.
 */
async function holdOverlay(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/reader-state?*', async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

test('a visitor’s like is kept on reload and on every page; others see the count', async ({
  browser,
  request,
}, info) => {
  const writerId = await seededWriterId(request);
  const headers = { [MEMBER_HEADER]: writerId };
  let postId = '';
  const visitor = await visitorPage(browser, info);
  const other = await visitorPage(browser, info);
  try {
    const post = await publishPostThroughApi(request, {
      title: `A post one visitor likes (${info.project.name})`,
      text: 'Liked once, kept on reload.',
      headers,
      onCreated: (id) => {
        postId = id;
      },
    });
    const path = `/blog/${post.slug}`;

    // The shared page, as every visitor gets it: no like, no count.
    await visitor.goto(path);
    await hydrated(visitor);
    const like = likeOf(visitor, post.id);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like.locator('.like-button__count')).toHaveText('');

    // The reload below must find the like stored: wait for the write, not only the button.
    const written = likeWritten(visitor, post.id);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true', FIRST_PRESS);
    expect((await written).ok()).toBe(true);
    await expect(like.locator('.like-button__count')).toHaveText('1');

    // Reloaded: the shared page with the visitor's own like laid over it by the server (decision
    // 050), in the first HTML, before any script: no request of the page's asks for it.
    const overlay = await holdOverlay(visitor);
    const reload = await visitor.reload();
    expect(reload?.headers()['x-page-cache']).toBe('overlay');
    const html = (await reload?.text()) ?? '';
    expect(html).toMatch(
      new RegExp(`aria-pressed="true"[^>]*data-action-key="like:post:${post.id}"`),
    );
    await hydrated(visitor);
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like.locator('.like-button__count')).toHaveText('1');
    overlay.release();
    await visitor.unroute('**/api/reader-state?*');

    // The feed shows it too, and a client navigation from it to the post.
    await visitor.goto('/blog');
    await hydrated(visitor);
    await expect(likeOf(visitor, post.id)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeOf(visitor, post.id).locator('.like-button__count')).toHaveText('1');
    await visitor.locator(`a[href$="/blog/${post.slug}"]`).first().click();
    await expect(visitor).toHaveURL(new RegExp(`/blog/${post.slug}$`));
    await expect(visitor.locator('.post__title, h1').first()).toContainText('A post one visitor');
    await expect(likeOf(visitor, post.id)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeOf(visitor, post.id).locator('.like-button__count')).toHaveText('1');

    // Another visitor, in another browser context: the count, and no like of theirs.
    await other.goto(path);
    await hydrated(other);
    await expect(likeOf(other, post.id).locator('.like-button__count')).toHaveText('1');
    await expect(likeOf(other, post.id)).toHaveAttribute('aria-pressed', 'false');
    await other.screenshot({ path: `screenshots/reader-state-other-${info.project.name}.png` });
  } finally {
    await visitor.context().close();
    await other.context().close();
    if (postId) await request.delete(`/api/editor/posts/${postId}`, { headers });
  }
});

test('a cached page’s counts are refreshed at idle, and only a changed one brings its island alive', async ({
  browser,
  request,
}, info) => {
  const writerId = await seededWriterId(request);
  const headers = { [MEMBER_HEADER]: writerId };
  let postId = '';
  const [first, liker, later] = await Promise.all([
    visitorPage(browser, info),
    visitorPage(browser, info),
    visitorPage(browser, info),
  ]);
  // What a page asked for: its reader-state requests, and whether the like button's code (the
  // `actions` chunk of the islands' build) loaded, which it does only when an island with a like
  // comes alive.
  const askedBy = (page: Page) => {
    const asks = { states: [] as string[], likeCode: false };
    page.on('request', (r) => {
      if (r.url().includes('/api/reader-state?')) asks.states.push(r.url());
      if (/\/assets\/island-actions-[\w-]+\.js$/.test(r.url())) asks.likeCode = true;
    });
    return asks;
  };
  // A feed of this post alone (its own hashtag): nothing another spec does changes its counts.
  const hashtag = `stale${info.project.name}${Date.now().toString(36)}`;
  try {
    const post = await publishPostThroughApi(request, {
      title: `A post whose count goes stale (${info.project.name})`,
      text: `Liked after its feed was cached. #${hashtag}`,
      headers,
      onCreated: (id) => {
        postId = id;
      },
    });
    const feed = `/blog/hashtags/${hashtag}`;

    // Counts as fresh as the page: the idle check asks once, and no island comes alive for it.
    const firstAsks = askedBy(first);
    const answered = first.waitForResponse((r) => r.url().includes('/api/reader-state?'));
    await first.goto(feed);
    await answered;
    await first.waitForLoadState('networkidle');
    expect(firstAsks.states).toHaveLength(1);
    expect(firstAsks.states[0]).toContain(post.id);
    expect(firstAsks.likeCode).toBe(false);
    await expect(likeOf(first, post.id).locator('.like-button__count')).toHaveText('');

    // Another visitor likes it; likes leave the cached page as it was (decision 030).
    await liker.goto(feed);
    await hydrated(liker);
    await likeOf(liker, post.id).click();
    await expect(likeOf(liker, post.id)).toHaveAttribute('aria-pressed', 'true', FIRST_PRESS);

    // A later visitor gets that cached page, with no count; the idle check finds the new one and
    // only then brings the like's island alive, which shows it.
    const laterAsks = askedBy(later);
    const response = await later.goto(feed);
    expect(await response?.text()).toMatch(
      new RegExp(`data-action-key="like:post:${post.id}"[^]*?like-button__count"></span>`),
    );
    await expect(likeOf(later, post.id).locator('.like-button__count')).toHaveText('1');
    await expect(likeOf(later, post.id)).toHaveAttribute('aria-pressed', 'false');
    expect(laterAsks.likeCode).toBe(true);
  } finally {
    await Promise.all([first, liker, later].map((page) => page.context().close()));
    if (postId) await request.delete(`/api/editor/posts/${postId}`, { headers });
  }
});
