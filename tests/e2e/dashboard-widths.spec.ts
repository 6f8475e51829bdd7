/**
 * The dashboard at every width (issue 23, brief G): its lists never widen the page. At 768 the
 * side bar folds to its icons (named links still) and secondary columns hide; at 1280 every member
 * row's Delete button is inside the screen; a table still wider than its column scrolls in its own
 * named region, which then takes the focus; the categories' move buttons are 24 px targets; on
 * phones the top bar's "Dashboard" fits at 320. The layout check of every screen is in
 * every-screen.spec.ts; these pin the behaviour each fix chose.
 */
import { expect, type Page } from '@playwright/test';
import { hydrated, logInThroughApi, MAYA, test } from './support';

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
