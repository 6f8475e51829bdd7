/**
 * The text and structure renderers in a real browser, on the seed's kitchen-sink post (SPEC §3
 * nodes and decorations; §9 text sizes and the 660 px breakpoint): spoilers, links, the table,
 * the collapsible list, the layout, and a hydration that reports nothing. Screenshots go to
 * screenshots/ (ignored by git).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { hydrated, test } from './support';

const POST_TITLE = 'Every Kind of Block a Post Can Hold';

/** Opens the kitchen-sink post and waits for hydration; returns the console errors seen. */
async function openKitchenSink(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Not waiting for `load`: the post's embeds fetch from outside, which a test machine may lack.
  await page.goto('/blog/every-kind-of-block-a-post-can-hold', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: POST_TITLE })).toBeVisible();
  // Live: the islands in view are (decision 053); the others come alive on first use.
  await hydrated(page);
  return errors;
}

/** Clicks an inline element on its first line box (a wrapped inline's box centre may miss it). */
async function clickFirstLine(page: Page, element: Locator) {
  const point = await element.evaluate((node) => {
    node.scrollIntoView({ block: 'center' });
    const rect = node.getClientRects()[0]!;
    return { x: rect.left + Math.min(rect.width / 2, 20), y: rect.top + rect.height / 2 };
  });
  await page.mouse.click(point.x, point.y);
}

test('text, spoilers and links render and behave; hydration reports nothing', async ({
  page,
}, info) => {
  const errors = await openKitchenSink(page);
  const body = page.locator('.rich-content');

  // The code block arrives highlighted by the server (the highlighter loads with the first post
  // that has code).
  const code = body.locator('pre.rc-code');
  await expect(code).toHaveAttribute('data-language', 'typescript');
  await expect(code.locator('.tok-keyword').first()).toBeAttached();
  // Issue 23: a long line scrolls sideways, so keys must reach it: a named region, tabbable.
  await expect(code).toHaveAttribute('tabindex', '0');
  await expect(code).toHaveAttribute('role', 'region');
  await expect(code).toHaveAccessibleName('Code');

  const spoiler = body.locator('.rc-spoiler').first();
  await expect(spoiler).toHaveAttribute('role', 'button');
  await expect(spoiler).toHaveAttribute('aria-expanded', 'false');
  // Covered: the text is transparent until revealed.
  const hiddenColor = await spoiler
    .locator('.rc-spoiler__text')
    .evaluate((element) => getComputedStyle(element).color);
  expect(hiddenColor).toBe('rgba(0, 0, 0, 0)');
  await clickFirstLine(page, spoiler);
  await expect(spoiler).toHaveAttribute('aria-expanded', 'true');
  const shownColor = await spoiler
    .locator('.rc-spoiler__text')
    .evaluate((element) => getComputedStyle(element).color);
  expect(shownColor).not.toBe('rgba(0, 0, 0, 0)');
  await spoiler.focus();
  await page.keyboard.press('Enter');
  await expect(spoiler).toHaveAttribute('aria-expanded', 'false');

  const external = body.getByRole('link', { name: 'to other sites' });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', /noopener/);
  await expect(body.locator('a.rc-hashtag').first()).toHaveAttribute('href', /kitchensink/);

  // SPEC §9 sizes: body 18 (16 on phones), H2 28 (24).
  const isPhone = info.project.name === 'mobile';
  const paragraphSize = await body
    .locator('.rc-paragraph')
    .first()
    .evaluate((element) => getComputedStyle(element).fontSize);
  expect(paragraphSize).toBe(isPhone ? '16px' : '18px');
  const headingSize = await body
    .locator('.rc-h2')
    .first()
    .evaluate((element) => getComputedStyle(element).fontSize);
  expect(headingSize).toBe(isPhone ? '24px' : '28px');

  expect(errors.filter((error) => /hydrat|did not match/i.test(error))).toEqual([]);
});

test('table, collapsible list and layout', async ({ page }, info) => {
  await openKitchenSink(page);
  const body = page.locator('.rich-content');

  const table = body.locator('section.rc-table');
  await expect(table).toHaveAttribute('aria-label', 'Table');
  await expect(table.locator('table tr')).toHaveCount(3);
  await expect(table.locator('td')).toHaveCount(9);
  // The page itself never scrolls sideways: a wide table scrolls inside its region.
  const pageOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(pageOverflow).toBeLessThanOrEqual(0);

  const items = body.locator('details.rc-collapsible__item');
  await expect(items).toHaveCount(2);
  // HTML: a summary takes phrasing content only; its title's paragraph is a span (issue 23).
  await expect(body.locator('summary p')).toHaveCount(0);
  await expect(items.nth(0).locator('summary')).toContainText(/\S/);
  await expect(items.nth(0)).toHaveJSProperty('open', true);
  await expect(items.nth(1)).toHaveJSProperty('open', false);
  await items.nth(1).locator('summary').click();
  await expect(items.nth(1)).toHaveJSProperty('open', true);

  const cells = body.locator('.rc-layout > .rc-layout__cell');
  await expect(cells).toHaveCount(2);
  const [first, second] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
  if (info.project.name === 'mobile') {
    // Stacked under 660 px.
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  } else {
    expect(Math.abs(second!.y - first!.y)).toBeLessThan(1);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
  }

  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `screenshots/${info.project.name}-rich-content-structure.png` });

  const axe = await new AxeBuilder({ page })
    .include('.rich-content .rc-table')
    .include('.rich-content .rc-collapsible')
    .include('.rich-content .rc-layout')
    .include('.rich-content .rc-button-row')
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
});
