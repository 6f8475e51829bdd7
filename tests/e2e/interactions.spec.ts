/**
 * The interaction primitives of SPEC §4 in a real browser, at 1280 and 375 wide (the two
 * projects), on the demo site's /ui-kit page: toasts (3000 ms, alert role for errors), stacked
 * modals (Escape closes the top one, focus returns), the more-options menu (outside click,
 * Escape, flipping and shifting by the room around it) and the pin tooltip (200 ms, 3 s).
 * Timings are checked with Playwright's fake clock. Screenshots go to screenshots/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { hydrated, test } from './support';

/** A screenshot once entrance animations have ended. */
async function shot(page: Page, name: string, project: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: `screenshots/${project}-ui-${name}.png`, fullPage: false });
}

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openKit(page: Page, options: { fakeClock?: boolean } = {}) {
  if (options.fakeClock) await page.clock.install();
  await page.goto('/ui-kit');
  await hydrated(page);
  if (options.fakeClock) {
    // From here on, page timers fire only when the test moves the clock.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
  }
}

async function expectNoSeriousA11yViolations(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${what}: ${v.id}: ${v.help}`)).toEqual([]);
}

function focusedText(page: Page) {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

/** The element's box once its entrance animation has ended (a scale animation skews it). */
async function box(locator: Locator) {
  await locator.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

test('the page is not indexed', async ({ page }) => {
  await page.goto('/ui-kit');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('toasts show for 3000 ms; errors are alerts, the others polite', async ({ page }, info) => {
  const errors = watchConsole(page);
  await openKit(page, { fakeClock: true });
  const toasts = page.locator('#message-root .toast');

  await page.getByRole('button', { name: 'Success toast' }).click();
  const success = toasts.filter({ hasText: 'Your post was published.' });
  await expect(success).toBeVisible();
  await expect(success).not.toHaveAttribute('role', 'alert');
  // Inside the shell's polite live region.
  await expect(page.locator('#message-root')).toHaveAttribute('aria-live', 'polite');

  await page.clock.runFor(1000);
  await page.getByRole('button', { name: 'Info toast' }).click();
  await page.getByRole('button', { name: 'Error toast' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/couldn't save your changes/);
  await expect(toasts).toHaveCount(3);
  await shot(page, 'toasts', info.project.name);

  // The first toast hides 3000 ms after it showed, the others 1000 ms later.
  await page.clock.runFor(1998);
  await expect(success).toBeVisible();
  await page.clock.runFor(4);
  await expect(success).toHaveCount(0);
  await expect(toasts).toHaveCount(2);
  await page.clock.runFor(1000);
  await expect(toasts).toHaveCount(0);

  // The dismiss button takes one down before its time.
  await page.getByRole('button', { name: 'Info toast' }).click();
  await expect(toasts).toHaveCount(1);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toasts).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('modals stack; Escape closes only the top one and focus returns', async ({ page }, info) => {
  const errors = watchConsole(page);
  await openKit(page);
  const dialogs = page.locator('[role="dialog"]');
  const opener = page.getByRole('button', { name: 'Open a modal' });
  const overflow = () => page.evaluate(() => document.documentElement.style.overflow);

  await opener.click();
  const first = page.getByRole('dialog', { name: 'Move this post' });
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('aria-modal', 'true');
  await expect(first.locator(':focus')).toHaveCount(1);
  expect(await overflow()).toBe('hidden');

  await first.getByRole('button', { name: 'Open another modal' }).click();
  await expect(dialogs).toHaveCount(2);
  const second = dialogs.nth(1);
  await expect(second).toHaveAccessibleName('Are you sure?');
  await expect(second.locator(':focus')).toHaveCount(1);
  await expect(page.locator('.modal-layer').first()).toHaveAttribute('inert', '');
  await shot(page, 'modals', info.project.name);
  await expectNoSeriousA11yViolations(page, 'two modals');

  // Focus is trapped: Tab and Shift+Tab wrap inside the top modal.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    await expect(second.locator(':focus')).toHaveCount(1);
  }

  // Escape: only the top modal closes, resolving to nothing; focus back on its opener.
  await page.keyboard.press('Escape');
  await expect(dialogs).toHaveCount(1);
  await expect(first).toBeVisible();
  expect(await focusedText(page)).toBe('Open another modal');
  await expect(page.locator('.ui-kit__result')).toHaveAttribute('data-result', 'undefined');
  expect(await overflow()).toBe('hidden');

  await page.keyboard.press('Escape');
  await expect(dialogs).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(await overflow()).toBe('');

  // A click on the backdrop closes the top modal; a button with a value resolves to it.
  await opener.click();
  await first.getByRole('button', { name: 'Open another modal' }).click();
  await expect(dialogs).toHaveCount(2);
  await page.mouse.click(4, 4);
  await expect(dialogs).toHaveCount(1);
  await first.getByRole('button', { name: 'Done' }).click();
  await expect(dialogs).toHaveCount(0);
  await expect(page.locator('.ui-kit__result')).toHaveAttribute('data-result', 'true');
  await expect(opener).toBeFocused();
  expect(errors).toEqual([]);
});

test('the more-options menu opens on click and closes on outside click, Escape or a choice', async ({
  page,
}, info) => {
  const errors = watchConsole(page);
  await openKit(page);
  const button = page.locator('.ui-kit__post').getByRole('button', { name: 'More options' });
  const menu = page.getByRole('menu');
  const items = menu.getByRole('menuitem');

  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await button.click();
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(items.first()).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'menu open');

  // Arrows move between the items and wrap around.
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // A click outside closes it.
  await button.click();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { name: 'Interaction kit' }).click();
  await expect(menu).toHaveCount(0);

  // It follows its button when the page scrolls.
  await button.click();
  const gap = async () =>
    (await box(menu)).y - ((await box(button)).y + (await box(button)).height);
  const before = await gap();
  await page.evaluate(() => window.scrollBy(0, 40));
  await expect.poll(gap).toBeCloseTo(before, 0);
  await shot(page, 'menu', info.project.name);

  // Choosing an item closes it and runs the action.
  await items.filter({ hasText: 'Pin post' }).click();
  await expect(menu).toHaveCount(0);
  await expect(page.locator('.toast')).toHaveText(/Chosen: Pin post/);
  expect(errors).toEqual([]);
});

test('menus near each corner flip above and shift to stay inside the viewport', async ({
  page,
}, info) => {
  await openKit(page);
  const viewport = page.viewportSize()!;
  for (const corner of ['top-start', 'top-end', 'bottom-start', 'bottom-end']) {
    const button = page.locator(`[data-corner="${corner}"] button`);
    await button.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const m = await box(menu);
    const b = await box(button);
    // Inside the viewport, with its margin.
    expect(m.x).toBeGreaterThanOrEqual(8);
    expect(m.y).toBeGreaterThanOrEqual(8);
    expect(m.x + m.width).toBeLessThanOrEqual(viewport.width - 8);
    expect(m.y + m.height).toBeLessThanOrEqual(viewport.height - 8);
    // Below the top corners; above the bottom ones (no room below, SPEC §4).
    if (corner.startsWith('bottom')) {
      await expect(menu).toHaveAttribute('data-vertical', 'above');
      expect(m.y + m.height).toBeLessThanOrEqual(b.y);
    } else {
      await expect(menu).toHaveAttribute('data-vertical', 'below');
      expect(m.y).toBeGreaterThanOrEqual(b.y + b.height);
    }
    // Start-aligned at the start edge; near the end edge the end edges line up instead.
    if (corner.endsWith('start')) expect(m.x).toBeCloseTo(b.x, 0);
    else expect(m.x + m.width).toBeCloseTo(b.x + b.width, 0);
    if (corner === 'bottom-end') await shot(page, 'menu-corner', info.project.name);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  }
});

test('the pin tooltip shows after 200 ms of hover and hides after 3 s', async ({ page }, info) => {
  const errors = watchConsole(page);
  await openKit(page, { fakeClock: true });
  const trigger = page.getByRole('button', { name: 'Pinned' });
  const tooltip = page.getByRole('tooltip');

  await trigger.hover();
  await page.clock.runFor(150);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(60);
  await expect(tooltip).toHaveText('Pinned posts stay at the top of the feed.');
  const id = await tooltip.getAttribute('id');
  await expect(trigger).toHaveAttribute('aria-describedby', id ?? '');
  await shot(page, 'tooltip', info.project.name);
  await page.clock.runFor(2900);
  await expect(tooltip).toBeVisible();
  await page.clock.runFor(200);
  await expect(tooltip).toHaveCount(0);
  await expect(trigger).not.toHaveAttribute('aria-describedby');

  // Leaving hides it at once, and a short hover never shows it.
  await page.mouse.move(0, 0);
  await trigger.hover();
  await page.clock.runFor(250);
  await expect(tooltip).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  await trigger.hover();
  await page.clock.runFor(100);
  await page.mouse.move(0, 0);
  await page.clock.runFor(300);
  await expect(tooltip).toHaveCount(0);

  // Keyboard focus shows it at once; Escape and blur hide it.
  await page.locator('[data-corner="bottom-end"] button').focus();
  await page.keyboard.press('Tab');
  await expect(trigger).toBeFocused();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(tooltip).toHaveCount(0);

  // A tap shows it too (no hover on a touch screen).
  if (info.project.name === 'mobile') {
    await trigger.tap();
    await expect(tooltip).toBeVisible();
    await page.clock.runFor(3001);
    await expect(tooltip).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});
