/**
 * Keyboard journeys of the reader's side (issue 23, decision 069), keyboard only: the skip link
 * first on every page and into the feed, a feed card's Like that keeps focus when pressed, the
 * Pinned badge that keeps focus and shows its tooltip, every reader menu opened with Enter, moved
 * in with the arrows and closed with Escape back on its button, a post's code block in the tab
 * order. Also the 404 pages' titles and contrast, one banner landmark per page, and the
 * login-required pages, whose login page says what needs logging in. Screenshots at 1280 and 375
 * go to screenshots/ (ignored by git) to be looked at.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { HANNAH, hydrated, likeWritten, logInTo, submitLogIn, test } from './support';

const POST_URL = '/blog/every-kind-of-block-a-post-can-hold';

test.skip(({ isMobile }) => isMobile, 'keyboard journeys: a desktop keyboard (375 shots inside)');

/** Screenshots of the page as it is, at 1280 and at 375 wide. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `screenshots/keyboard-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Presses Tab until `target` has focus (at most `max` times); how many presses it took. */
async function tabTo(page: Page, target: Locator, max: number): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`no focus on ${target} after ${max} Tabs`);
}

/** Enter opens the menu of `button` on its first item; arrows move; Escape closes, back on it. */
async function menuByKeyboard(page: Page, button: Locator) {
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  if ((await items.count()) > 1) {
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(items.first()).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
}

/** The page's banner landmarks: top-level headers (not inside a sectioning element) and roles. */
function banners(page: Page) {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('header, [role="banner"]')].filter(
        (element) =>
          element.getAttribute('role') === 'banner' ||
          !element.parentElement?.closest(
            'article, aside, main, nav, section, [role="main"], [role="region"]',
          ),
      ).length,
  );
}

test('the skip link comes first, leads to the feed, and the first card’s Like keeps focus', async ({
  page,
}) => {
  await page.goto('/blog');
  await hydrated(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shots(page, 'skip-link-focused');
  await page.keyboard.press('Enter');
  await expect(page.locator('#blog-main')).toBeFocused();

  // The first card's Like, a few Tabs from the content (24 from the top before the skip link).
  const like = page.locator('.post-card').first().getByRole('button', { name: 'Like this post' });
  const postId = (await like.getAttribute('data-action-key'))!.split(':').at(-1)!;
  expect(await tabTo(page, like, 8)).toBeLessThanOrEqual(6);
  const before = await like.getAttribute('aria-pressed');
  const after = before === 'true' ? 'false' : 'true';
  // The same element stays focused through the press (it used to be replaced, focus on <body>).
  await like.evaluate((element) => {
    (window as unknown as { likeElement: Element }).likeElement = element;
  });
  const written = likeWritten(page, postId);
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', after);
  await written;
  await expect(like).toBeFocused();
  expect(
    await page.evaluate(
      () => document.activeElement === (window as unknown as { likeElement: Element }).likeElement,
    ),
  ).toBe(true);
  // And back, still there.
  const undone = likeWritten(page, postId);
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', before!);
  await undone;
  await expect(like).toBeFocused();
});

test('the Pinned badge keeps focus and shows its tooltip; Escape hides it', async ({ page }) => {
  await page.goto('/blog');
  await hydrated(page);
  const badge = page.locator('.post-card__pinned').first();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await tabTo(page, badge, 4);
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(badge).toBeFocused();
  await expect(badge).toHaveAttribute('aria-describedby', /.+/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(badge).toBeFocused();
  // A second visit by keyboard: the same again (the live tooltip, no remount).
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(badge).toBeFocused();
});

test('a feed card’s ⋯ menu: Enter opens, arrows move, Escape closes back on the button', async ({
  page,
}) => {
  await page.goto('/blog');
  await hydrated(page);
  const button = page.locator('.post-card').first().locator('.post-card__menu');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await tabTo(page, button, 5);
  // Twice: the first press loads the menu's code, the second uses it.
  await menuByKeyboard(page, button);
  await menuByKeyboard(page, button);
  // The header's More list opens on focus and closes on Escape.
  await page.goto('/blog');
  await hydrated(page);
  const more = page.getByRole('button', { name: 'More', exact: true });
  await tabTo(page, more, 20);
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toBeFocused();
});

test('a post page: its ⋯ menu by keyboard, and its code block takes focus and scrolls', async ({
  page,
}) => {
  await page.goto(POST_URL);
  await hydrated(page);
  const postMenu = page.getByRole('button', { name: 'More actions for this post' });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await tabTo(page, postMenu, 20);
  await menuByKeyboard(page, postMenu);

  // Narrow, where the code's long lines scroll sideways: keys reach it, arrows scroll it.
  await page.setViewportSize({ width: 375, height: 800 });
  const code = page.getByRole('region', { name: 'Code' });
  await expect(code).toHaveAttribute('tabindex', '0');
  await tabTo(page, code, 200);
  expect(await code.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => code.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await page.screenshot({ path: 'screenshots/keyboard-code-block-focused-375.png' });
  const axe = await new AxeBuilder({ page }).include('.rc-code').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('a member’s profile menu and notifications: Enter opens, Escape closes back on the button', async ({
  page,
}) => {
  await logInTo(page, HANNAH, '/blog');
  const account = page.getByRole('button', { name: `Account menu for ${HANNAH.name}` });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await tabTo(page, account, 30);
  await menuByKeyboard(page, account);

  await page.goto('/blog');
  await hydrated(page);
  const bell = page.locator('.blog-header-desktop .header-notifications');
  await tabTo(page, bell, 30);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
});

test('every page starts with the skip link and has one banner landmark', async ({ page }) => {
  // A search with its words: an empty one focuses its field once hydrated (SPEC), on purpose.
  for (const path of [
    '/',
    '/about',
    '/blog',
    POST_URL,
    '/blog/search?q=soup',
    '/blog/no-such-post',
  ]) {
    await page.goto(path);
    await hydrated(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' }), path).toBeFocused();
    expect(await banners(page), path).toBe(1);
  }
  await logInTo(page, HANNAH, '/my-posts');
  for (const path of ['/my-posts', '/blog/notifications', '/blog/create-post']) {
    await page.goto(path);
    await hydrated(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' }), path).toBeFocused();
    expect(await banners(page), path).toBe(1);
  }
});

test('every kind of 404 has a title and a readable "404"', async ({ page }) => {
  for (const path of ['/blog/no-such-post', '/blog/404', '/blog/2020/01/no-such-post', '/nope']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page, path).toHaveTitle(/^Page not found · /);
    const axe = await new AxeBuilder({ page }).include('.not-found').analyze();
    expect(
      axe.violations.map((v) => v.id),
      path,
    ).toEqual([]);
  }
  await page.goto('/blog/no-such-post');
  await shots(page, '404-unknown-post');
  await page.goto('/nope');
  await shots(page, '404-site-page');
});

test('login-required pages say on the login page what needs logging in, then come back', async ({
  page,
}) => {
  const pages = [
    { path: '/blog/create-post', title: 'Log in to write a post', shot: 'create-post' },
    { path: '/my-posts', title: 'Log in to see your posts', shot: 'my-posts' },
    { path: '/dashboard', title: 'Log in to manage the blog', shot: 'dashboard' },
    { path: '/editor', title: 'Log in to edit your site', shot: 'editor' },
  ];
  for (const { path, title, shot } of pages) {
    await page.goto(path);
    // SPEC §4: the screen's login button presses itself; the login page carries its words.
    await expect(page).toHaveURL((url) => url.pathname === '/blog/login');
    await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
    await shots(page, `login-required-${shot}`);
  }
  // Logging in from there comes back to the page asked for (the editor, the last one).
  await hydrated(page);
  await submitLogIn(page, HANNAH);
  await expect(page).toHaveURL((url) => url.pathname === '/editor');
});
