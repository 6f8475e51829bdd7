/**
 * The dashboard at every width (issue 23, brief G): its lists never widen the page. At 768 the
 * side bar folds to its icons (named links still) and secondary columns hide; at 1280 every member
 * row's Delete button is inside the screen; a table still wider than its column scrolls in its own
 * named region, which then takes the focus; the categories' move buttons are 24 px targets; on
 * phones the top bar's "Dashboard" fits at 320. The folded side bar shows each name as a tooltip
 * on hover and keyboard focus (right to left too), and its column reaches the page's bottom. The
 * layout check of every screen is in every-screen.spec.ts; these pin the behaviour each fix chose.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DANIEL, hydrated, logInThroughApi, MAYA, tabTo, test } from './support';

async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await hydrated(page);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.beforeEach(async ({ page }) => {
  await logInThroughApi(page.request, MAYA);
});

test('at 768 the side bar folds, secondary columns hide and no list widens the page', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'a desktop width');
  for (const area of ['posts', 'comments', 'tags', 'members']) {
    await open(page, `/dashboard/${area}`, 768);
    expect(await pageWidth(page), area).toBeLessThanOrEqual(768);
  }
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const posts = nav.getByRole('link', { name: /^Posts/ });
  await expect(posts).toBeVisible();
  expect((await nav.boundingBox())?.width).toBeLessThan(100);
  await open(page, '/dashboard/posts', 768);
  await expect(page.getByRole('columnheader', { name: 'Categories' })).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Author' })).toBeVisible();
  await open(page, '/dashboard/posts', 1280);
  await expect(page.getByRole('columnheader', { name: 'Categories' })).toBeVisible();
  await expect(nav.getByText('Posts', { exact: true })).toBeVisible();
});

test('at 1280 each member row shows its Delete button inside the screen', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'a desktop width');
  await open(page, '/dashboard/members', 1280);
  expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
  const deletes = page.getByRole('button', { name: /^Delete / });
  await expect(deletes.first()).toBeVisible();
  for (const button of await deletes.all()) {
    const box = await button.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
  }
});

test('a table wider than its column scrolls in a named region that takes the focus', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'a desktop width');
  await open(page, '/dashboard/members', 1280);
  const region = page.getByRole('region', { name: 'Members' });
  await expect(region).toBeVisible();
  await expect(region).not.toHaveAttribute('tabindex');
  // A table that no longer fits (a long address, a language of long words): force one.
  await region.locator('table').evaluate((table) => {
    (table as HTMLElement).style.minWidth = '2000px';
  });
  await expect(region).toHaveAttribute('tabindex', '0');
  expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
});

test('the categories move buttons are at least 24 px square', async ({ page }, info) => {
  await open(page, '/dashboard/categories', info.project.name === 'desktop' ? 1280 : 375);
  const steps = page.getByRole('button', { name: /^Move .* (up|down)$/ });
  await expect(steps.first()).toBeVisible();
  for (const step of await steps.all()) {
    const box = await step.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
  }
});

test('on a phone of 320 the top bar and every list fit', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'a phone width');
  for (const area of ['posts', 'comments', 'tags', 'members', 'categories']) {
    await open(page, `/dashboard/${area}`, 320);
    expect(await pageWidth(page), area).toBeLessThanOrEqual(320);
  }
  const label = page.locator('.dash-topbar__names span');
  await expect(label).toHaveText('Dashboard');
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

/**
 * The folded link's name shows as a tooltip: wider than the folded bar, beside it on the
 * inline-end side (`isRtl`: to its left), level with the link, on top at its own centre.
 */
async function expectTooltipBeside(page: Page, link: Locator, isRtl: boolean) {
  const tip = link.locator('.dash-nav__label');
  await expect(tip).toBeVisible();
  const nav = await page.locator('.dash-nav').boundingBox();
  const linkBox = await link.boundingBox();
  const box = await tip.boundingBox();
  if (!nav || !linkBox || !box) throw new Error('no box for the nav, the link or its tooltip');
  expect(box.width).toBeGreaterThan(30);
  if (isRtl) expect(box.x + box.width).toBeLessThanOrEqual(nav.x);
  else expect(box.x).toBeGreaterThanOrEqual(nav.x + nav.width);
  const middle = box.y + box.height / 2;
  expect(middle).toBeGreaterThan(linkBox.y);
  expect(middle).toBeLessThan(linkBox.y + linkBox.height);
  // Nothing of the page is drawn over it (the top bar, a sticky toolbar). Hit testing skips a box
  // that takes no pointer, as the tip does: it takes one for the look.
  const onTop = await tip.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    (element as HTMLElement).style.pointerEvents = 'auto';
    const topmost = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    (element as HTMLElement).style.pointerEvents = '';
    return topmost && element.contains(topmost) ? 'the tooltip' : topmost?.outerHTML.slice(0, 80);
  });
  expect(onTop, 'what is drawn at the tooltip’s centre').toBe('the tooltip');
}

test('at 800 a folded link shows its name on keyboard focus and on hover; Escape hides it', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'a desktop width');
  await open(page, '/dashboard/posts', 800);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const categories = nav.getByRole('link', { name: /^Categories/ });
  expect((await categories.locator('.dash-nav__label').boundingBox())?.width).toBeLessThan(2);
  await tabTo(page, categories, { max: 20 });
  await expectTooltipBeside(page, categories, false);
  await page.screenshot({ path: 'screenshots/dashboard-nav-tooltip-focus-800.png' });
  // Escape folds it away again; the link keeps its name and the focus.
  await page.keyboard.press('Escape');
  await expect
    .poll(async () => (await categories.locator('.dash-nav__label').boundingBox())?.width)
    .toBeLessThan(2);
  await expect(categories).toBeFocused();
  const tags = nav.getByRole('link', { name: /^Tags/ });
  await tags.hover();
  await expectTooltipBeside(page, tags, false);
  // The tip takes no pointer: a click beside the icon reaches what is under it.
  const tip = await tags.locator('.dash-nav__label').boundingBox();
  if (!tip) throw new Error('no tooltip box');
  const isLinkUnder = await page.evaluate(
    ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.dash-nav__link')),
    { x: tip.x + tip.width - 2, y: tip.y + tip.height / 2 },
  );
  expect(isLinkUnder).toBe(false);
  // At 1280 the names are the links' own text, no tooltip.
  await open(page, '/dashboard/posts', 1280);
  await categories.hover();
  expect((await categories.locator('.dash-nav__label').boundingBox())?.x).toBeLessThan(232);
});

test('right to left (Arabic) the folded link’s tooltip opens to the left of the bar', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'a desktop width');
  // Daniel (an editor) is nobody else's in this file: his language changes only here.
  await logInThroughApi(page.request, DANIEL);
  const language = (uiLanguage: string | null) =>
    page.request
      .get('/api/session/csrf')
      .then((response) => response.json() as Promise<{ token: string }>)
      .then(({ token }) =>
        page.request.patch('/api/members/me/preferences', {
          headers: { 'x-csrf-token': token },
          data: { uiLanguage },
        }),
      );
  expect((await language('ar')).ok()).toBe(true);
  try {
    await open(page, '/dashboard/posts', 800);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const link = page.locator('.dash-nav__link').nth(1);
    await tabTo(page, link, { max: 20 });
    await expectTooltipBeside(page, link, true);
    await page.screenshot({ path: 'screenshots/dashboard-nav-tooltip-rtl-800.png' });
  } finally {
    await language(null);
  }
});

test('at 768 the side bar’s column runs down to the bottom of a long page', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'a desktop width');
  await open(page, '/dashboard/posts', 768);
  const column = await page.evaluate(() => {
    const body = document.querySelector('.dash-body');
    const nav = document.querySelector('.dash-nav');
    if (!body || !nav) return null;
    // The column is the body's ::before (the nav is a sticky box only as tall as the window).
    const painted = getComputedStyle(body, '::before');
    return {
      page: document.documentElement.scrollHeight,
      window: window.innerHeight,
      body: body.getBoundingClientRect().height,
      height: Number.parseFloat(painted.height),
      width: Number.parseFloat(painted.width),
      background: painted.backgroundColor,
      navWidth: nav.getBoundingClientRect().width,
      navBackground: getComputedStyle(nav).backgroundColor,
    };
  });
  if (!column) throw new Error('no dashboard body or nav');
  expect(column.page, 'the posts list is longer than the window').toBeGreaterThan(
    column.window * 1.5,
  );
  expect(column.height).toBeCloseTo(column.body, 0);
  expect(column.width).toBeCloseTo(column.navWidth, 0);
  expect(column.background).toBe(column.navBackground);
  // Seen whole (printed, captured whole): the column is white down to the foot.
  await page.screenshot({ path: 'screenshots/dashboard-nav-column-768.png', fullPage: true });
});
