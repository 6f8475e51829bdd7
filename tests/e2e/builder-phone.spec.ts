/**
 * The builder's editor on phones and its accessibility (issue 23; decision 068). At 375 and 320
 * wide the owner gets a top bar that fits (device switch, Publish, a More menu), the canvas on the
 * whole width and the settings panel as a bottom sheet: opened by its bar, toggled between half
 * and full by its handle, closed by Escape or its close button, focus moving in and back. Nothing
 * is wider than the window and no control lies under another. axe (WCAG 2.2 AA and best practice)
 * finds nothing in the builder's own UI at 1280 and 375 with the panel open; what it finds in the
 * canvas (the site) is reported, not failed. Screenshots go to screenshots/builder-phone-*.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { hydrated, logInTo, MAYA, projectContext, resetSettings, test } from './support';

const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** The tags of the audit (WCAG 2.2 AA and best practice). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const CANVAS = 'iframe[name="inkwell-canvas"]';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/builder-phone-${name}.png`, animations: 'disabled' });
}

/** The owner in the editor, in a window `width` wide (a phone below 746). */
async function ownerEditor(browser: Browser, info: TestInfo, width: number) {
  const isPhone = width < 746;
  const context = await projectContext(browser, info, {
    viewport: { width, height: isPhone ? 700 : 800 },
    ...(isPhone ? { userAgent: PHONE_AGENT, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await logInTo(page, MAYA, '/editor');
  await hydrated(page.frame({ name: 'inkwell-canvas' })!);
  return { context, page };
}

/**
 * Nothing of the builder's own UI sticks out of the window, and every control shown is the
 * element found at its centre (none lies under another). Controls scrolled out of their scroll
 * container are left out.
 */
async function expectFitsAndUncovered(page: Page) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
    const root = document.querySelector('.bx-editor')!;
    for (const element of root.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < -1 || box.right > width + 1) {
        found.push(`${name(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
      }
    }
    const controls = root.querySelectorAll<HTMLElement>(
      'button, a[href], select, input:not(.bx-radio), textarea, [role="tab"], label:has(.bx-radio)',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Out of the window (the skip link until it takes the focus): nothing can lie over it.
      if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) {
        continue;
      }
      let scroller = control.parentElement;
      while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowY)) {
        scroller = scroller.parentElement;
      }
      if (scroller) {
        const view = scroller.getBoundingClientRect();
        if (box.top < view.top || box.bottom > view.bottom) continue;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !(control.contains(hit) || hit.contains(control))) {
        found.push(`${name(control)} lies under ${hit ? name(hit) : 'nothing'}`);
      }
    }
    return found;
  });
  expect(problems, `layout of ${page.url()}`).toEqual([]);
}

/** No axe violation in the builder's own UI; the canvas's (the site's) are reported only. */
async function expectBuilderAccessible(page: Page, info: TestInfo, where: string) {
  const own = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude(CANVAS).analyze();
  expect(
    own.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    `axe on the builder at ${where}`,
  ).toEqual([]);
  const canvas = await new AxeBuilder({ page }).withTags(AXE_TAGS).include(CANVAS).analyze();
  for (const violation of canvas.violations) {
    info.annotations.push({
      type: 'canvas-axe',
      description: `${where}: ${violation.id} (${violation.nodes.length})`,
    });
  }
}

test.describe('the builder editor on phones', () => {
  test.skip(({ isMobile }) => isMobile, 'Each test opens the widths it checks');

  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await resetSettings(request, ['display.authorName', 'display.mobileCustomised']);
    await request.dispose();
  });

  for (const width of [375, 320]) {
    test(`at ${width} the top bar fits and the panel is a bottom sheet`, async ({
      browser,
    }, info) => {
      test.setTimeout(120_000);
      const { context, page } = await ownerEditor(browser, info, width);
      const publish = page.getByRole('button', { name: 'Publish' });
      await expect(publish).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Mobile' })).toBeAttached();
      const bar = page.getByRole('button', { name: 'Blog settings' });
      await expect(bar).toHaveAttribute('aria-expanded', 'false');
      // The canvas takes the whole width.
      const canvasBox = await page.locator(CANVAS).boundingBox();
      expect(Math.round(canvasBox!.width)).toBe(width);
      await expectFitsAndUncovered(page);
      await shot(page, `${width}-closed`);

      // Opened by its bar: focus moves to the selected tab; Escape closes it and focus comes back.
      await bar.click();
      const sheet = page.getByRole('complementary', { name: 'Blog settings' });
      await expect(page.getByRole('tab', { name: 'Layout' })).toBeFocused();
      await expect(sheet.getByRole('button', { name: 'Close settings' })).toBeVisible();
      await expectFitsAndUncovered(page);
      await shot(page, `${width}-half`);
      await page.keyboard.press('Escape');
      await expect(bar).toBeFocused();
      await expect(page.getByRole('tab', { name: 'Layout' })).toBeHidden();

      // By keyboard: open, grow to full, shrink to half, close with its button.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('tab', { name: 'Layout' })).toBeFocused();
      const handle = sheet.getByRole('button', { name: 'Expand settings' });
      await handle.focus();
      await page.keyboard.press('Enter');
      await expect(sheet.getByRole('button', { name: 'Shrink settings' })).toBeFocused();
      const fullBox = await sheet.boundingBox();
      expect(Math.round(fullBox!.y)).toBe(56);
      await expectFitsAndUncovered(page);
      await shot(page, `${width}-full`);
      await page.keyboard.press('Enter');
      await expect(sheet.getByRole('button', { name: 'Expand settings' })).toBeVisible();
      await sheet.getByRole('button', { name: 'Close settings' }).click();
      await expect(bar).toBeFocused();

      // The More menu: the page, Preview and Exit; Escape closes it and focus comes back.
      const more = page.getByRole('button', { name: 'More' });
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Exit editor' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Page' })).toBeVisible();
      await expectFitsAndUncovered(page);
      await shot(page, `${width}-more`);
      await page.getByRole('combobox', { name: 'Page' }).focus();
      await page.keyboard.press('Escape');
      await expect(more).toBeFocused();
      await expect(page.getByRole('button', { name: 'Preview' })).toBeHidden();
      await context.close();
    });
  }

  test('on a phone the owner changes a setting in the sheet and publishes', async ({
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const { context, page } = await ownerEditor(browser, info, 375);
    // The mobile view: the phone canvas takes the whole width (no phone frame around it).
    await page.getByTitle('Mobile').click();
    await expect(page.getByRole('radio', { name: 'Mobile' })).toBeChecked();
    await expect(page.locator('.bx-frame--mobile')).toBeVisible();
    await expect(page.frameLocator(CANVAS).locator('.post-list').first()).toHaveClass(
      /post-list--mobile/,
    );
    expect(Math.round((await page.locator(CANVAS).boundingBox())!.width)).toBe(375);
    await expectFitsAndUncovered(page);
    await shot(page, '375-mobile-view');
    await page.getByRole('button', { name: 'Blog settings' }).click();
    await expect(page.getByText('Editing mobile settings')).toBeVisible();
    await page.getByRole('tab', { name: 'Display' }).click();
    const author = page.getByRole('switch', { name: 'Author name' });
    await author.click();
    await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
    await expect(page.frameLocator(CANVAS).locator('.post-list .post-meta__author')).toHaveCount(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published. Visitors now see your changes.')).toBeVisible();

    // Dragged up by its handle the sheet fills the workspace; dragged down it closes.
    const drag = async (name: string, toY: number) => {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, toY, { steps: 8 });
      await page.mouse.up();
    };
    await drag('Expand settings', 70);
    await expect(page.getByRole('button', { name: 'Shrink settings' })).toBeVisible();
    await drag('Shrink settings', 690);
    await expect(page.getByRole('button', { name: 'Blog settings' })).toBeFocused();
    await context.close();
  });

  test('axe finds nothing in the builder at 1280 and 375 with the panel open', async ({
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const desktop = await ownerEditor(browser, info, 1280);
    await expect(desktop.page.getByRole('tab', { name: 'Layout' })).toBeVisible();
    await expectBuilderAccessible(desktop.page, info, '1280, Layout tab');
    await desktop.page.getByRole('tab', { name: 'Design' }).click();
    await desktop.page.getByRole('button', { name: 'Choose a color for Titles' }).click();
    await expect(desktop.page.getByLabel('Hex color')).toBeVisible();
    await expectBuilderAccessible(desktop.page, info, '1280, Design tab, colour open');
    // Escape closes the popover and focus goes back to its button.
    await desktop.page.getByLabel('Hex color').focus();
    await desktop.page.keyboard.press('Escape');
    await expect(
      desktop.page.getByRole('button', { name: 'Choose a color for Titles' }),
    ).toBeFocused();
    await shot(desktop.page, '1280');
    await desktop.context.close();

    const phone = await ownerEditor(browser, info, 375);
    await phone.page.getByRole('button', { name: 'Blog settings' }).click();
    await expect(phone.page.getByRole('tab', { name: 'Layout' })).toBeFocused();
    await expectBuilderAccessible(phone.page, info, '375, sheet open');
    await phone.page.getByRole('button', { name: 'More' }).click();
    await expectBuilderAccessible(phone.page, info, '375, More open');
    await phone.context.close();
  });
});
