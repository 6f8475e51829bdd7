/**
 * The post editor on a phone and for the keyboard (issue 23), at 1280 and 375 (the projects) and
 * 320 (a narrow phone): the toolbar keeps to one row and puts what does not fit in a More menu
 * (a WAI-ARIA menu button); every dialog of the toolbar and the / menu fits 320 px with its
 * primary button in view; the editor shows text with the published post's fonts; the text area
 * shows where focus is; the page has an h1; an HTML embed's frame uses the blog's sans-serif.
 * Screenshots go to /tmp/shots/.
 */
import { expect, type Page } from '@playwright/test';
import { actAsSeededWriter, expectAccessible, publishPostThroughApi, test } from './support';

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `/tmp/shots/${project}-post-editor-phone-${name}.png` });
}

const editorArea = (page: Page) => page.locator('.rte-content');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
const moreButton = (page: Page) => toolbar(page).getByRole('button', { name: 'More formatting' });
const moreMenu = (page: Page) => page.getByRole('menu', { name: 'More formatting' });

/** Every tool of the row after the block type (toolbar-items.ts), by name. */
const TOOLS = [
  'Bold',
  'Italic',
  'Underline',
  'Spoiler',
  'Link',
  'Text color',
  'Font size',
  'Bulleted list',
  'Numbered list',
  'Quote',
  'Code block',
  'Align left',
  'Align center',
  'Align right',
  'Justify',
  'Undo',
  'Redo',
];

/** What is wrong with the toolbar's row: a control off screen or under another, a sideways page. */
function rowProblems(page: Page): Promise<string[]> {
  return toolbar(page).evaluate((bar) => {
    const found: string[] = [];
    const shown = [...bar.querySelectorAll<HTMLElement>('[data-toolbar-item]')].filter(
      (control) => control.closest('[hidden]') === null,
    );
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
    for (const control of shown) {
      const box = control.getBoundingClientRect();
      const name = control.getAttribute('aria-label') ?? control.textContent;
      if (box.left < 0 || box.right > width) found.push(`${name} is off screen`);
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!top || !control.contains(top)) found.push(`${name} is covered`);
    }
    return found;
  });
}

/** Opens the editor on a new post, `width` wide, with the caret in the text. */
async function openEditor(page: Page, width: number) {
  await page.setViewportSize({ width, height: 740 });
  await page.goto('/blog/create-post');
  await expect(editorArea(page)).toBeVisible({ timeout: 15_000 });
  await editorArea(page).click();
}

/** The text of a minimal document node. */
const text = (value: string) => [
  { type: 'TEXT', id: '', nodes: [], textData: { text: value, decorations: [] } },
];

test.describe('the post editor on a phone, as the seeded writer (issue 23)', () => {
  const writer = actAsSeededWriter();

  test('the toolbar keeps to one row at 320 and 375; More is a menu button with the rest', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    for (const width of [320, 375]) {
      await openEditor(page, width);
      await expect(moreButton(page)).toBeVisible();
      await shot(page, `toolbar-${width}`, project);

      expect(await rowProblems(page)).toEqual([]);

      // Every tool is either in the row or in the menu, never in both, never lost.
      const more = moreButton(page);
      await expect(more).toHaveAttribute('aria-haspopup', 'menu');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      const inRow = await toolbar(page)
        .locator('[data-tool]:not([hidden]) [data-toolbar-item]')
        .evaluateAll((controls) => controls.map((c) => c.getAttribute('aria-label') ?? ''));
      await more.click();
      await expect(moreMenu(page)).toBeVisible();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      // axe on the editor with its menu open (roles, names, a reachable scrolling menu).
      await expectAccessible(page, '.rte');
      const inMenu = await moreMenu(page)
        .locator('[role^="menuitem"]')
        .evaluateAll((items) =>
          items.map((item) => item.textContent?.replace(/Ctrl.*$/, '') ?? ''),
        );
      expect([...inRow, ...inMenu].sort()).toEqual([...TOOLS].sort());
      expect(inRow).toContain('Bold');
      await shot(page, `more-menu-${width}`, project);
      await page.keyboard.press('Escape');
      await expect(moreMenu(page)).toBeHidden();

      // The keyboard: Enter opens it on its first item, arrows move and wrap, Escape returns.
      await more.focus();
      await page.keyboard.press('Enter');
      const items = moreMenu(page).locator('[role^="menuitem"]');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(items.nth(1)).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(items.last()).toBeFocused();
      await page.keyboard.press('Home');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(moreMenu(page)).toBeHidden();
      await expect(more).toBeFocused();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('ArrowDown');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(more).toBeFocused();

      // A tool from the menu acts on the text, and the menu shows its state.
      await editorArea(page).click();
      await page.keyboard.type(`A line at ${width}`);
      await more.click();
      await moreMenu(page).getByRole('menuitemcheckbox', { name: 'Numbered list' }).click();
      await expect(moreMenu(page)).toBeHidden();
      await expect(editorArea(page).locator('ol')).toContainText(`A line at ${width}`);
      await more.click();
      await expect(
        moreMenu(page).getByRole('menuitemcheckbox', { name: 'Numbered list' }),
      ).toHaveAttribute('aria-checked', 'true');
      // The text colour panel opens from the menu too, under More, and goes back to it.
      await moreMenu(page).getByRole('menuitem', { name: 'Text color' }).click();
      const colors = page.getByRole('group', { name: 'Text color' });
      await expect(colors).toBeVisible();
      await expect(colors.getByRole('button').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(colors).toBeHidden();
      await expect(more).toBeFocused();
    }
  });

  test('at 1280 and 1024 the row keeps the tools a desktop writer uses often', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    // The mobile project has a finger's 44 px tools; its phone widths are checked above.
    test.skip(project === 'mobile', 'desktop widths with a mouse');
    for (const width of [1280, 1024]) {
      await openEditor(page, width);
      await expect(toolbar(page).getByRole('combobox', { name: 'Text style' })).toBeVisible();
      // Issue 23: alignment, undo and redo were in More at 1280 (the 680 px text column).
      const often = ['Undo', 'Redo', 'Bold', 'Italic', 'Link', 'Bulleted list', 'Numbered list'];
      often.push('Quote');
      if (width === 1280) often.push('Align left', 'Align center', 'Align right', 'Justify');
      for (const name of often) {
        await expect(toolbar(page).getByRole('button', { name, exact: true })).toBeVisible();
      }
      expect(await rowProblems(page)).toEqual([]);
      await shot(page, `toolbar-${width}`, project);
    }
  });

  test('every dialog of the toolbar and the / menu fits 320 px with its buttons in view', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await openEditor(page, 320);
    await page.keyboard.type('Words to link');
    await page.keyboard.press('Shift+Home');
    const dialog = page.getByRole('dialog');
    const openers: [string, () => Promise<void>][] = [
      [
        'link',
        async () => {
          // In the row when a mouse's 32 px tools leave room for it (the desktop project), else
          // in More (a finger's 44 px tools).
          const link = toolbar(page).getByRole('button', { name: 'Link', exact: true });
          if (await link.isVisible()) return link.click();
          await moreButton(page).click();
          await moreMenu(page).getByRole('menuitem', { name: 'Link' }).click();
        },
      ],
      ...['Video link', 'Link preview', 'HTML embed', 'Map', 'Table', 'Button', 'Poll'].map(
        (label): [string, () => Promise<void>] => [
          label,
          async () => {
            await editorArea(page).click();
            await page.keyboard.press('ControlOrMeta+End');
            await page.keyboard.press('Enter');
            // The first word filters the menu (a space would end the command).
            await page.keyboard.type(`/${label.split(' ')[0]!.toLowerCase()}`);
            const option = page.locator('.rte-slash').getByRole('option', { name: label });
            await option.first().click();
          },
        ],
      ),
    ];
    for (const [name, open] of openers) {
      await open();
      await expect(dialog).toBeVisible();
      const wide = await dialog.evaluate((box) => {
        const width = document.documentElement.clientWidth;
        const found: string[] = [];
        for (const element of [box, ...box.querySelectorAll('*')]) {
          const rect = element.getBoundingClientRect();
          if (rect.width > 0 && (rect.left < -0.5 || rect.right > width + 0.5)) {
            found.push(`<${element.tagName.toLowerCase()} class="${element.className}">`);
          }
        }
        if (box.scrollWidth > box.clientWidth) found.push('the dialog scrolls sideways');
        return found;
      });
      expect(wide, `${name}: wider than the screen`).toEqual([]);
      const primary = dialog.locator('.rte-button--primary');
      await expect(primary).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
      if (name === 'Poll' || name === 'HTML embed') {
        await shot(page, `dialog-${name.replace(/ /g, '-').toLowerCase()}-320`, project);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    // A tall dialog on a short screen scrolls inside; its buttons stay in view.
    await page.setViewportSize({ width: 320, height: 480 });
    await openers.at(-1)![1]();
    await expect(dialog).toBeVisible();
    const body = dialog.locator('.rte-dialog__body');
    const scrolls = await body.evaluate((element) => element.scrollHeight > element.clientHeight);
    expect(scrolls).toBe(true);
    await expect(dialog.locator('.rte-button--primary')).toBeInViewport({ ratio: 1 });
    await expect(dialog).toBeInViewport({ ratio: 1 });
    await shot(page, 'dialog-poll-320x480', project);
    await page.keyboard.press('Escape');
  });

  test('the editor shows text as the post page does; its text area shows focus; an h1', async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    const headers = { 'x-inkwell-test-member': writer.id };
    const { id: draftId, slug } = await publishPostThroughApi(request, {
      title: `Field notes ${project} ${Date.now()}`,
      headers,
      nodes: [
        {
          type: 'PARAGRAPH',
          id: 'p1',
          nodes: text('The maples turned first.'),
          paragraphData: {},
        },
        {
          type: 'HEADING',
          id: 'h1',
          nodes: text('What the oaks know'),
          headingData: { level: 2 },
        },
        { type: 'PARAGRAPH', id: 'p2', nodes: text('They hold on.'), paragraphData: {} },
        {
          type: 'HTML',
          id: 'e1',
          nodes: [],
          htmlData: { html: '<p>Inside the frame.</p>', source: 'HTML', autoHeight: true },
        },
      ],
    });

    const looks = (page: Page, paragraph: string, heading: string) =>
      page.evaluate(
        ([p, h]) =>
          [p, h].map((selector) => {
            const style = getComputedStyle(document.querySelector(selector!)!);
            return {
              fontFamily: style.fontFamily,
              fontSize: style.fontSize,
              fontWeight: style.fontWeight,
              fontStyle: style.fontStyle,
              lineHeight: style.lineHeight,
            };
          }),
        [paragraph, heading],
      );

    await page.goto(`/blog/${draftId}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeAttached();
    await expect(editorArea(page).locator('h2')).toHaveText('What the oaks know');
    const inEditor = await looks(page, '.rte-content p', '.rte-content h2');
    await shot(page, 'wysiwyg-editor', project);

    // The text area shows where focus is: a ring of at least 2 px, 3:1 against the page.
    const editor = page.locator('.rte');
    await expect(editor).toHaveCSS('outline-style', 'none');
    await editorArea(page).locator('p').first().click();
    await expect(editorArea(page)).toBeFocused();
    await expect(editor).toHaveCSS('outline-style', 'solid');
    const ring = await editor.evaluate((element) => {
      const luminance = (color: string) => {
        const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
          const c = Number(v) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      let around = element.parentElement;
      while (around && getComputedStyle(around).backgroundColor === 'rgba(0, 0, 0, 0)') {
        around = around.parentElement;
      }
      const style = getComputedStyle(element);
      const a = luminance(style.outlineColor);
      const b = luminance(around ? getComputedStyle(around).backgroundColor : 'rgb(255,255,255)');
      return {
        width: Number.parseFloat(style.outlineWidth),
        contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
      };
    });
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.contrast).toBeGreaterThanOrEqual(3);
    await shot(page, 'focus-ring', project);

    await page.goto(`/blog/${slug}`);
    await expect(page.locator('.rich-content h2')).toHaveText('What the oaks know');
    const onPage = await looks(page, '.rich-content p.rc-paragraph', '.rich-content h2');
    expect(inEditor).toEqual(onPage);
    // The serif/sans mix-up of issue 23 cannot hide behind equal values: body text is sans.
    expect(onPage[0]!.fontFamily).not.toMatch(/^"?Iowan|Times/);

    // The HTML embed's frame writes in the blog's sans-serif, not the browser's Times.
    const frame = page.frameLocator('.rich-content iframe').first();
    await expect(frame.locator('p')).toHaveText('Inside the frame.');
    await expect(frame.locator('body')).toHaveCSS('font-family', /system-ui/);

    await page.goto('/blog/create-post');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New post');
    await expect(editorArea(page)).toBeVisible();
    await expectAccessible(page, '.pe');
  });
});
