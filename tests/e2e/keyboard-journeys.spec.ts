/**
 * Keyboard-only journeys (issue 23 "Keep it fixed", decision 071): a reader, a member and a writer
 * do what they came for with the keyboard alone — no click, no `focus()`, no `fill()`. Pages are
 * opened by address and the session is made through the API (the login form has its own spec);
 * everything after that is Tab, Shift+Tab, arrows, Enter, Escape and typing.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import {
  describeFocus,
  focusIsIn,
  HANNAH,
  hydrated,
  logInThroughApi,
  MAYA,
  SOFIA,
  tabTo,
  test,
} from './support';

interface FeedPost {
  id: string;
  slug: string;
  counters: { totalComments: number };
}

/** A published post with comments, from the seeded feed. */
async function commentedPost(page: Page): Promise<FeedPost> {
  const response = await page.request.get('/api/posts?page=1&pageSize=20');
  expect(response.ok()).toBe(true);
  const { posts } = (await response.json()) as { posts: FeedPost[] };
  const post = posts.find((p) => p.counters.totalComments > 0);
  if (!post) throw new Error('No seeded post with comments');
  return post;
}

/** What the test reads of the TipTap editor that its element carries (`element.editor`). */
interface TipTapLike {
  state: {
    doc: { textBetween(from: number, to: number): string };
    selection: { from: number; to: number };
  };
}

const likeOf = (scope: Page | Locator, postId: string) =>
  scope.locator(`[data-action-key="like:post:${postId}"]`);

/** The skip link is the first Tab stop; Enter on it brings the focus to the page's main part. */
async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const skip = page.locator(':focus');
  await expect(skip, 'the first Tab stop is the skip link').toHaveText(/skip/i);
  await expect(skip, 'the skip link shows once it has the focus').toBeInViewport();
  const href = (await skip.getAttribute('href')) ?? '';
  expect(href, 'the skip link leads to a part of the page').toMatch(/^#./);
  await page.keyboard.press('Enter');
  const target = page.locator(href);
  await expect
    .poll(() => focusIsIn(target), 'Enter on the skip link focuses its target')
    .toBe(true);
}

/** Enter on the focused Like: it turns pressed, and the focus stays on it. */
async function likeWithEnter(page: Page, like: Locator): Promise<void> {
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => ((await focusIsIn(like)) ? 'on the Like' : await describeFocus(page)), {
      message: 'the focus stays on the Like after Enter',
    })
    .toBe('on the Like');
}

test('a reader skips to the post, tabs through it to Like and likes it with Enter', async ({
  page,
}) => {
  const post = await commentedPost(page);
  await page.goto(`/blog/${post.slug}`);
  await hydrated(page);
  await skipToContent(page);
  const main = page.getByRole('main');
  await tabTo(page, page.locator('article').first(), { max: 10, within: main });
  await tabTo(page, likeOf(main, post.id), { max: 60, within: main });
  await likeWithEnter(page, likeOf(main, post.id).first());
});

test('a reader likes a feed card with Enter, and the focus stays on its Like', async ({ page }) => {
  await page.goto('/blog');
  await hydrated(page);
  await skipToContent(page);
  const card = page.getByRole('main').locator('article').first();
  const like = card.locator('[data-action-key^="like:post:"]');
  await tabTo(page, like, { max: 30, within: page.getByRole('main') });
  await likeWithEnter(page, like);
});

test('the owner skips past the builder’s top bar into its workspace, the main landmark', async ({
  page,
}) => {
  await logInThroughApi(page.context().request, MAYA);
  await page.goto('/editor');
  await hydrated(page);
  // Its <main> is the workspace (the canvas and the settings panel), not the canvas's own page.
  const main = page.getByRole('main');
  await expect(main).toHaveCount(1);
  await expect(main.locator('iframe[name="inkwell-canvas"]')).toHaveCount(1);
  await skipToContent(page);
  await expect(main).toBeFocused();
  // The next stop is inside the workspace (the canvas), past every control of the top bar.
  await page.keyboard.press('Tab');
  await expect.poll(() => focusIsIn(main), 'Tab after the skip goes on inside main').toBe(true);
});

/**
 * Tabs through the whole page once; every menu button met (a popup: `aria-haspopup`, or a
 * control of a panel: `aria-expanded` with `aria-controls`) opens with Enter and closes with
 * Escape, which gives the focus back to it. One of each kind (class and popup) is tried: a feed's
 * cards share one. Returns the kinds tried.
 */
async function openAndCloseEveryMenu(page: Page): Promise<string[]> {
  const tried: string[] = [];
  for (let presses = 0; presses < 300; presses++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return { end: true } as const;
      if (active.dataset.kbdSeen) return { end: true } as const;
      active.dataset.kbdSeen = 'true';
      const popup = active.getAttribute('aria-haspopup');
      const panel = active.hasAttribute('aria-expanded') && active.hasAttribute('aria-controls');
      if ((!popup || popup === 'false') && !panel) return { end: false, kind: null } as const;
      const classes = typeof active.className === 'string' ? active.className : '';
      const name = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim();
      return {
        end: false,
        kind: `<${active.tagName.toLowerCase()} class="${classes}" popup=${popup}>`,
        name: name.slice(0, 50),
        tag: active.tagName.toLowerCase(),
        label: active.getAttribute('aria-label'),
        controls: active.getAttribute('aria-controls'),
      } as const;
    });
    if (found.end) break;
    if (!found.kind || tried.some((kind) => kind.startsWith(found.kind))) continue;
    tried.push(`${found.kind} "${found.name}"`);
    // Found again by its name: a button that loads its menu's code may be replaced on opening.
    const opener = found.label
      ? page.locator(`${found.tag}[aria-label="${found.label.replaceAll('"', '\\"')}"]`).first()
      : page.locator('[data-kbd-seen]:focus');
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    if (found.controls) {
      // A panel's control may give its place to the panel (the header's search field).
      await expect(
        page.locator(`[id="${found.controls}"]`),
        `${found.name}: Enter opens it`,
      ).toBeVisible();
    } else {
      await expect(opener, `${found.name}: Enter opens it`).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(
        page.locator('[role="menu"], [role="dialog"], [role="listbox"]').last(),
        `${found.name}: its popup shows`,
      ).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(opener, `${found.name}: Escape closes it`).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect
      .poll(async () => ((await focusIsIn(opener)) ? 'on its button' : await describeFocus(page)), {
        message: `${found.name}: Escape gives the focus back to its button`,
      })
      .toBe('on its button');
  }
  return tried;
}

test('a member opens and closes every menu of the feed and of a post with the keyboard', async ({
  page,
}) => {
  await logInThroughApi(page.context().request, HANNAH);
  const post = await commentedPost(page);
  await page.goto('/blog');
  await hydrated(page);
  const onFeed = await openAndCloseEveryMenu(page);
  // The account menu and a card's ⋯ menu at least.
  expect(onFeed.some((kind) => kind.includes(HANNAH.name))).toBe(true);
  expect(onFeed.some((kind) => kind.includes('popup=menu'))).toBe(true);
  await page.goto(`/blog/${post.slug}`);
  await hydrated(page);
  const onPost = await openAndCloseEveryMenu(page);
  expect(onPost.length).toBeGreaterThan(0);
});

test('a member writes a comment and posts it with the keyboard', async ({ page }) => {
  await logInThroughApi(page.context().request, HANNAH);
  const post = await commentedPost(page);
  await page.goto(`/blog/${post.slug}`);
  await hydrated(page);
  const comments = page.locator('#comments');
  await tabTo(page, comments.getByRole('button', { name: 'Write a comment…' }), { max: 150 });
  await page.keyboard.press('Enter');
  const box = comments.getByRole('textbox', { name: 'Write a comment' });
  await expect(box).toBeFocused();
  const text = `Typed with the keys alone ${Date.now()}`;
  await page.keyboard.type(text);
  await tabTo(page, comments.getByRole('button', { name: 'Post', exact: true }), { max: 15 });
  await page.keyboard.press('Enter');
  await expect(comments.getByText(text)).toBeVisible();
});

test('a writer writes a post, makes a word bold from the toolbar and publishes, keys only', async ({
  page,
}) => {
  await logInThroughApi(page.context().request, SOFIA);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/blog/create-post');
  await hydrated(page);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  const body = page.locator('.pe-content [contenteditable="true"]');
  await tabTo(page, title, { max: 40 });
  const name = `Written with the keyboard ${Date.now()}`;
  await page.keyboard.type(name);
  await tabTo(page, body, { max: 10 });
  await page.keyboard.type('Some words that matter');
  // The editor has taken every key before the selection starts.
  await expect(body).toContainText('Some words that matter');
  // "matter", selected with the keys.
  for (let i = 0; i < 'matter'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  // The editor reads a selection made with the keys from the page's `selectionchange`, which it
  // ignores once its text has lost the focus: a Shift+Tab right after the last arrow, on a busy
  // machine, left the editor with "tter" or "r" selected. A person is never that quick; the test
  // waits until the editor's own state has the whole word (TipTap keeps the editor on its element).
  await expect
    .poll(() =>
      body.evaluate((element) => {
        const { state } = (element as HTMLElement & { editor: TipTapLike }).editor;
        return state.doc.textBetween(state.selection.from, state.selection.to);
      }),
    )
    .toBe('matter');
  // Back to the toolbar, then along it to Bold.
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await tabTo(page, toolbar, { max: 10, backwards: true });
  const bold = toolbar.getByRole('button', { name: /^Bold/ });
  for (let i = 0; i < 20 && !(await focusIsIn(bold)); i++) {
    const before = await describeFocus(page);
    await page.keyboard.press('ArrowLeft');
    // A toolbar without arrow keys: Shift+Tab along it.
    if ((await describeFocus(page)) === before) await page.keyboard.press('Shift+Tab');
  }
  await expect.poll(() => focusIsIn(bold), 'Bold reached on the toolbar').toBe(true);
  await page.keyboard.press('Enter');
  await expect(body.locator('strong, b')).toHaveText('matter');
  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }), {
    max: 40,
    backwards: true,
  });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Post published')).toBeVisible();
});
