/**
 * The blog's headers at 1280 and 375 wide (SPEC §2 "Desktop header", "Mobile header", §4 "Header
 * search", "Category navigation moves items into More"): the More dropdown, the search, the login,
 * create-post and sign-up buttons, the mobile title and category dropdown, and the header
 * settings. Screenshots go to screenshots/ (ignored by git) to be looked at.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { hydrated, test } from './support';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

function shot(page: Page, name: string, project: string) {
  return page.screenshot({ path: `screenshots/${project}-header-${name}.png`, fullPage: false });
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

async function seriousViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).include('.blog-header').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id}: ${v.help}`);
}

test.describe('desktop header', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop widths only');

  test('categories that do not fit move into More, which opens on hover and focus', async ({
    page,
    request,
  }, info) => {
    // The server HTML lists every category in the bar, for search engines.
    const html = await (await request.get('/blog')).text();
    // (After the nav's start: the head's inline CSS names `.blog-nav__more` too, decision 052.)
    const navStart = html.indexOf('class="blog-nav"');
    const nav = html.slice(navStart, html.indexOf('blog-nav__more', navStart));
    const serverLinks = [...nav.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const categories = await (await request.get('/api/categories')).json();
    const topLevel = categories.categories.filter(
      (c: { parentId: string | null }) => c.parentId === null,
    );
    expect(serverLinks.length).toBe(1 + topLevel.length);

    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/blog');
    await hydrated(page);
    const more = page.locator('.blog-nav__more-button');
    const panel = page.locator('.blog-nav__panel');
    const moved = page.locator('.blog-nav__list > li[data-moved]');
    await expect(more).toBeVisible();
    const movedCount = await moved.count();
    expect(movedCount).toBeGreaterThan(0);

    // What stays in the bar fits beside More and does not run under the actions.
    const lastKept = page.locator('.blog-nav__list > li:not([data-moved])').last();
    const [keptBox, moreBox, actionsBox] = await Promise.all([
      lastKept.boundingBox(),
      more.boundingBox(),
      page.locator('.blog-header-desktop .blog-header__actions').boundingBox(),
    ]);
    expect(keptBox!.x + keptBox!.width).toBeLessThanOrEqual(moreBox!.x);
    expect(moreBox!.x + moreBox!.width).toBeLessThanOrEqual(actionsBox!.x);

    // Hover opens, leaving closes.
    await expect(panel).toBeHidden();
    await more.hover();
    await expect(panel).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const panelLabels = await panel.locator('a').allTextContents();
    const movedLabels = await moved.locator('a').allTextContents();
    expect(panelLabels).toEqual(movedLabels);
    await shot(page, 'more-open', info.project.name);
    await page.mouse.move(10, 600);
    await expect(panel).toBeHidden();
    await expect(more).toHaveAttribute('aria-expanded', 'false');

    // Keyboard: focus opens, Tab walks into the panel, Escape closes and returns to More.
    await lastKept.locator('a').focus();
    await page.keyboard.press('Tab');
    await expect(more).toBeFocused();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel.locator('a').first()).toBeFocused();
    expect(await seriousViolations(page, 'more open')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(more).toBeFocused();
    // Enter opens it again; focus leaving the menu closes it.
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(panel).toBeHidden();

    // A category chosen in More navigates (a document load from a reader page, decision 053)
    // and marks More as current.
    await markWindow(page);
    await more.click();
    await expect(panel).toBeVisible();
    const target = panel.locator('a').last();
    const label = (await target.textContent()) ?? '';
    await target.click();
    await expect(page).toHaveURL(/\/blog\/category\/[^/]+$/);
    await expect(panel).toBeHidden();
    await expect(more).toHaveAttribute('data-current', '');
    await expect(page.locator('.feed-header__title')).toHaveText(label);
    expect(await isSameWindow(page)).toBe(false);

    // The expanded search takes room from the bar: more items move, and come back when it folds
    // (after the resize debounce).
    await page.locator('.header-search__toggle').click();
    await expect.poll(async () => moved.count()).toBeGreaterThan(movedCount);
    await shot(page, 'search-open-narrow', info.project.name);
    await page.keyboard.press('Escape');
    await expect.poll(async () => moved.count()).toBe(movedCount);
    // Narrow enough for the mobile header, the desktop one hides.
    await page.setViewportSize({ width: 640, height: 800 });
    await expect(page.locator('.blog-header-desktop')).toBeHidden();
    await expect(page.locator('.blog-header-mobile')).toBeVisible();
  });

  test('the search expands, Escape clears it, Enter and the icon submit', async ({
    page,
  }, info) => {
    await page.goto('/blog');
    await hydrated(page);
    await markWindow(page);
    const toggle = page.locator('.header-search__toggle');
    const input = page.locator('.header-search__input');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toBeHidden();

    await toggle.click();
    await expect(input).toBeVisible();
    await expect(input).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await input.fill('garden');
    await shot(page, 'search-open', info.project.name);
    expect(await seriousViolations(page, 'search open')).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(input).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(input).toHaveValue('');

    // Enter submits (a document load from a reader page, decision 053).
    await input.fill('city walks');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/blog\/search\/city%20walks$/);
    expect(await isSameWindow(page)).toBe(false);
    await expect(input).toBeHidden();

    // The expanded icon submits too (on the search page, a new document: once it has hydrated).
    await hydrated(page);
    await toggle.click();
    await input.fill('coffee');
    await toggle.click();
    await expect(page).toHaveURL(/\/blog\/search\/coffee$/);
    expect(await isSameWindow(page)).toBe(false);
  });

  test('login and create post lead to the login page', async ({ page }, info) => {
    await page.goto('/blog');
    await hydrated(page);
    const login = page.locator('.blog-header-desktop .header-login');
    const create = page.locator('.blog-header-desktop .header-create');
    await expect(login).toHaveText('Log in');
    await expect(create).toHaveText('Create post');
    await expect(login).toHaveAttribute('href', '/blog/login');
    // SPEC §4: a logged-out visitor logs in first, then goes on to create the post.
    await expect(create).toHaveAttribute('href', '/blog/login?next=%2Fblog%2Fcreate-post');
    await shot(page, 'feed', info.project.name);

    await create.click();
    await expect(page).toHaveURL(/\/blog\/login\?next=%2Fblog%2Fcreate-post$/);
    // The login page's own Log In keeps where the login continues, not the login page itself.
    await expect(login).toHaveAttribute('href', '/blog/login?next=%2Fblog%2Fcreate-post');
    await page.goBack();
    // Back is a client-side navigation: the login page stays on screen until the feed's data
    // comes, and its own Log In link is another. Click the feed's link, as a user would.
    await expect(page).toHaveURL(/\/blog$/);
    await expect(login).toHaveAttribute('href', '/blog/login');
    await login.click();
    await expect(page).toHaveURL(/\/blog\/login$/);
  });

  test('a phone gets the mobile header at any width', async ({ browser }) => {
    // A large phone in landscape: the server goes by the browser, not by the window's width.
    const context = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      isMobile: true,
      userAgent: PHONE,
    });
    const page = await context.newPage();
    await page.goto('/blog');
    await expect(page.locator('.blog-header-mobile')).toBeVisible();
    await expect(page.locator('.blog-header-desktop')).toHaveCount(0);
    await context.close();
  });
});

test.describe('mobile header', () => {
  test.skip(({ isMobile }) => !isMobile, 'mobile widths only');

  test('the title follows the page; the category dropdown lists and navigates', async ({
    page,
    request,
  }, info) => {
    await page.goto('/blog');
    await hydrated(page);
    await expect(page.locator('.blog-header-desktop')).toBeHidden();
    const title = page.locator('.blog-header-mobile__title');
    await expect(title).toHaveText('Blog');
    await shot(page, 'feed', info.project.name);
    await markWindow(page);

    const categories = await (await request.get('/api/categories')).json();
    const topLevel: { menuLabel: string }[] = categories.categories.filter(
      (c: { parentId: string | null }) => c.parentId === null,
    );
    const dropdown = page.locator('.blog-header-mobile__categories');
    const links = dropdown.locator('a');
    await expect(links.first()).toBeHidden();
    await dropdown.locator('summary').click();
    await expect(links.first()).toBeVisible();
    await expect(links).toHaveText(['All posts', ...topLevel.map((c) => c.menuLabel)]);
    await expect(links.first()).toHaveAttribute('aria-current', 'page');
    await shot(page, 'categories-open', info.project.name);
    expect(await seriousViolations(page, 'mobile dropdown')).toEqual([]);

    // Escape and a tap outside close it.
    await page.keyboard.press('Escape');
    await expect(links.first()).toBeHidden();
    await dropdown.locator('summary').click();
    await expect(links.first()).toBeVisible();
    await page.touchscreen.tap(200, 720);
    await expect(links.first()).toBeHidden();

    // Choosing a category navigates (a document load, decision 053) and closes the list.
    await dropdown.locator('summary').click();
    await links.nth(1).click();
    await expect(page).toHaveURL(/\/blog\/category\/[^/]+$/);
    await expect(title).toHaveText('Category');
    await expect(links.first()).toBeHidden();
    await expect(page.locator('.feed-header__title')).toHaveText(topLevel[0]!.menuLabel);
    expect(await isSameWindow(page)).toBe(false);
    await shot(page, 'category', info.project.name);
    await dropdown.locator('summary').click();
    await expect(links.nth(1)).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(links.first()).toBeHidden();

    await page.locator('.post-card__link').first().click();
    await expect(page.locator('h1.post__title')).toBeVisible();
    await expect(title).toHaveText('Post');
    await shot(page, 'post', info.project.name);
    expect(await isSameWindow(page)).toBe(false);
  });

  test('search and sign up lead to their pages', async ({ page }) => {
    await page.goto('/blog');
    await hydrated(page);
    const search = page.getByRole('link', { name: 'Search' });
    const signUp = page.locator('.blog-header-mobile .header-signup');
    await expect(search).toHaveAttribute('href', '/blog/search');
    await expect(signUp).toHaveText('Sign up');
    await expect(signUp).toHaveAttribute('href', '/blog/login?mode=signup');
    await search.click();
    await expect(page).toHaveURL(/\/blog\/search$/);
  });
});

test('the header settings hide their parts', async ({ page, request, isMobile }, info) => {
  const reset = {
    'header.showSearch': null,
    'header.showLoginButton': null,
    'header.showCreatePostButton': null,
    'header.showCategoryLabels': null,
    'header.showMenu': null,
  };
  const put = (body: Record<string, boolean | null>) =>
    // The server took the mobile project's browser for a phone: it reads the mobile settings.
    request.put(`/api/test/widget-settings/blog/${isMobile ? 'mobile' : 'desktop'}`, {
      data: body,
    });
  try {
    expect(
      (await put({ 'header.showSearch': false, 'header.showCreatePostButton': false })).ok(),
    ).toBe(true);
    await page.goto('/blog');
    const header = page.locator(isMobile ? '.blog-header-mobile' : '.blog-header-desktop');
    await expect(header).toBeVisible();
    await expect(header.locator('.header-search, a[href="/blog/search"]')).toHaveCount(0);
    await expect(header.locator('.header-create')).toHaveCount(0);
    await expect(header.locator('.header-login, .header-signup')).toHaveCount(1);
    await shot(page, 'settings-no-search', info.project.name);

    await put({ 'header.showCategoryLabels': false, 'header.showLoginButton': false });
    await page.goto('/blog');
    await expect(header.locator('.blog-nav a, .blog-header-mobile__categories')).toHaveCount(0);
    await expect(header.locator('.header-login, .header-signup')).toHaveCount(0);

    await put({ 'header.showMenu': false });
    await page.goto('/blog');
    await expect(page.locator('.blog-header')).toHaveCount(0);
    await expect(page.locator('.post-card').first()).toBeVisible();
  } finally {
    await put(reset);
  }
});
