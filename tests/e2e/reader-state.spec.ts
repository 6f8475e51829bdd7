/**
 * Readers' state over shared pages in the browser at 1280 and 375 wide (issue 15; decision 030):
 * a visitor likes a post, reloads, and the like is kept (the page is the shared cached one; the
 * reader-state overlay lays their like and the count over it after hydration, in the place kept
 * for the count); the feed and a client navigation show it too; a second browser context, another visitor,
 * sees the count and no like of theirs. Each project works on a post of its own, published for
 * the test and removed after it, so nothing of the demo blog that other specs read changes.
 */
import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { hydrated, projectContext, publishPostThroughApi, seededWriterId, test } from './support';

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

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true', FIRST_PRESS);
    await expect(like.locator('.like-button__count')).toHaveText('1');

    // Reloaded: the cached page as every visitor gets it (the overlay held back)...
    const overlay = await holdOverlay(visitor);
    const reload = await visitor.reload();
    expect(reload?.headers()['x-page-cache']).toBe('hit');
    await hydrated(visitor);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like.locator('.like-button__count')).toHaveText('');
    const before = await like.boundingBox();
    // ...then with the visitor's own like laid over it, in the place kept for it: nothing moves.
    overlay.release();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like.locator('.like-button__count')).toHaveText('1');
    const after = await like.boundingBox();
    expect(after?.x).toBe(before?.x);
    expect(after?.y).toBe(before?.y);
    expect(after?.height).toBe(before?.height);
    expect(Math.abs((after?.width ?? 0) - (before?.width ?? 0))).toBeLessThan(1);
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
