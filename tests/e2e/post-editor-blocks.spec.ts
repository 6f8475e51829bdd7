/**
 * The writer's rich-text editor on `/blog/create-post` at 1280 and 375 wide (the two projects),
 * issue 4 "Writing": the toolbar (roles, roving focus, pressed toggles, the link dialog refusing
 * unsafe schemes), the slash menu (filter, keys, Escape), the insert dialogs with their field
 * messages, uploads (an image through the real endpoint, a too-big GIF refused with its message
 * and nothing lost), the block frames with Edit, and that what was inserted survives a save and a
 * reload. Screenshots go to /tmp/shots/.
 */
import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { actAsSeededWriter, test } from './support';

/** A real PNG (a soft gradient), so the server's image pipeline accepts and resizes it. */
function pngOf(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = 40 + Math.round((x / width) * 120);
      rows[row + 2 + x * 3] = 90 + Math.round((y / height) * 100);
      rows[row + 3 + x * 3] = 200;
    }
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `/tmp/shots/${project}-editor-blocks-${name}.png` });
}

const editorArea = (page: Page) => page.locator('.rte-content');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
const slashMenu = (page: Page) => page.locator('.rte-slash').getByRole('listbox');
const dialog = (page: Page) => page.getByRole('dialog');
/** Chooses a block with a click on its corner (phones show its buttons once it is chosen). */
async function selectBlock(block: Locator) {
  await block.click({ position: { x: 12, y: 12 } });
  await expect(block).toHaveClass(/rte-block--selected/);
}
const fileInput = (page: Page) => page.getByTestId('rte-file-input');

/** Opens the editor on a new post and puts the caret at the end of an empty line. */
async function openEditor(page: Page) {
  await page.goto('/blog/create-post');
  await expect(editorArea(page)).toBeVisible({ timeout: 15_000 });
  await editorArea(page).click();
  await page.keyboard.press('ControlOrMeta+End');
}

/** Types `/query` on a new empty line and waits for the menu. */
async function slash(page: Page, query: string) {
  await page.keyboard.press('ControlOrMeta+End');
  const last = editorArea(page).locator(':scope > p').last();
  if (((await last.textContent()) ?? '').length > 0) await page.keyboard.press('Enter');
  await page.keyboard.type(`/${query}`);
  await expect(slashMenu(page)).toBeVisible();
}

test.describe('the rich-text editor, as the seeded writer', () => {
  actAsSeededWriter();

  test('toolbar: roles, roving focus, pressed toggles and a link dialog that refuses javascript:', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await openEditor(page);
    await page.keyboard.type('Leaves fall slowly');
    await page.keyboard.press('Shift+Home');

    const bold = toolbar(page).getByRole('button', { name: 'Bold' });
    await expect(bold).toHaveAttribute('aria-pressed', 'false');
    await bold.click();
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    await expect(editorArea(page).locator('strong')).toHaveText('Leaves fall slowly');

    // One tab stop; arrow keys move along the toolbar.
    const select = toolbar(page).getByRole('combobox', { name: 'Text style' });
    await select.focus();
    await page.keyboard.press('ArrowRight');
    await expect(bold).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar(page).getByRole('button', { name: 'Italic' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(bold).toBeFocused();
    await expect(bold).toHaveAttribute('tabindex', '0');
    await expect(select).toHaveAttribute('tabindex', '-1');

    // Heading from the select.
    await editorArea(page).click();
    await select.selectOption({ label: 'Heading 2' });
    await expect(editorArea(page).locator('h2')).toHaveText('Leaves fall slowly');

    // The link dialog: javascript: is refused with a message, a web address is taken.
    await editorArea(page).locator('h2').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    // Link stays in the row at 375 too (after Bold and Italic, issue 23).
    await toolbar(page).getByRole('button', { name: 'Link' }).click();
    await expect(dialog(page)).toBeVisible();
    const url = dialog(page).getByLabel('URL');
    await expect(url).toBeFocused();
    await url.fill('javascript:alert(1)');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(dialog(page).getByRole('alert')).toContainText('not allowed');
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'link-dialog', project);
    await url.fill('example.com/autumn');
    await dialog(page).getByLabel('Open in a new tab').check();
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(editorArea(page).locator('a[href="https://example.com/autumn"]')).toHaveText('ly');
    await expect(editorArea(page)).toBeFocused();
  });

  test('slash menu: filters, moves with the keys, closes with Escape, inserts', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await openEditor(page);
    await page.keyboard.type('/');
    await expect(slashMenu(page)).toBeVisible();
    // Every insertable block is offered.
    await expect(slashMenu(page).getByRole('option')).toHaveCount(23);
    await expect(slashMenu(page).getByRole('option').first()).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const active = await editorArea(page).getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await shot(page, 'slash-menu', project);

    await page.keyboard.type('ta');
    await expect(slashMenu(page).getByRole('option').first()).toContainText('Table');
    await page.keyboard.press('Escape');
    await expect(slashMenu(page)).toBeHidden();
    await expect(editorArea(page)).toContainText('/ta');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');

    await page.keyboard.type('/quo');
    await expect(slashMenu(page).getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await page.keyboard.type('A quiet line');
    await expect(editorArea(page).locator('blockquote')).toHaveText('A quiet line');

    // A divider chosen with the mouse.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await slash(page, 'divi');
    await slashMenu(page)
      .getByRole('option', { name: /Divider/ })
      .click();
    await expect(editorArea(page).locator('[data-rte-block="DIVIDER"]')).toHaveCount(1);

    // Nothing matches: the menu says so.
    await page.keyboard.type('/zzzz');
    await expect(page.locator('.rte-slash')).toContainText('No block matches');
  });

  test('dialogs validate every field, Escape closes, blocks are inserted, saved and reloaded', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await openEditor(page);
    await page
      .getByRole('textbox', { name: 'Title', exact: true })
      .fill(`Blocks ${project} ${Date.now()}`);
    await editorArea(page).click();
    await page.keyboard.type('Where we met:');

    // Map: ranges are checked.
    await slash(page, 'map');
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(dialog(page).getByText('Fill in this field.')).toHaveCount(3);
    await dialog(page).getByLabel('Address').fill('Harbour Street 1, Sydney');
    await dialog(page).getByLabel('Latitude').fill('123');
    await dialog(page).getByLabel('Longitude').fill('151.2093');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(dialog(page).getByText('Enter a value from -90 to 90.')).toBeVisible();
    await shot(page, 'map-dialog', project);
    await dialog(page).getByLabel('Latitude').fill('-33.8688');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(editorArea(page).locator('[data-rte-block="MAP"]')).toContainText(
      'Harbour Street 1',
    );

    // Escape closes a dialog without inserting, and focus goes back to the text.
    await slash(page, 'button');
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(editorArea(page)).toBeFocused();
    await expect(editorArea(page).locator('[data-rte-block="BUTTON"]')).toHaveCount(0);

    // Button.
    await slash(page, 'button');
    await page.keyboard.press('Enter');
    await dialog(page).getByLabel('Button text').fill('Join the walk');
    await dialog(page).getByLabel('Link').fill('javascript:void(0)');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(dialog(page).getByRole('alert')).toContainText('not allowed');
    await dialog(page).getByLabel('Link').fill('/blog');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(editorArea(page).locator('[data-rte-block="BUTTON"]')).toContainText(
      'Join the walk',
    );

    // Poll: two answers at least, none repeated.
    await slash(page, 'poll');
    await page.keyboard.press('Enter');
    await dialog(page).getByLabel('Question').fill('Which trail next?');
    await dialog(page).getByRole('textbox', { name: 'Answer 1' }).fill('Ridge');
    await dialog(page).getByRole('textbox', { name: 'Answer 2' }).fill('ridge');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(dialog(page).getByText('This answer is already in the poll.')).toBeVisible();
    await dialog(page).getByRole('textbox', { name: 'Answer 2' }).fill('Valley');
    await dialog(page).getByRole('button', { name: 'Add an answer' }).click();
    await dialog(page).getByRole('textbox', { name: 'Answer 3' }).fill('Coast');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    const poll = editorArea(page).locator('[data-rte-block="POLL"]');
    await expect(poll).toContainText('Which trail next?');
    await expect(poll).toContainText('Coast');

    // Edit the poll from its frame: the dialog opens with its answers.
    await selectBlock(poll);
    await poll.getByRole('button', { name: 'Edit Poll' }).click();
    await expect(dialog(page).getByRole('textbox', { name: 'Answer 3' })).toHaveValue('Coast');
    await dialog(page).getByRole('textbox', { name: 'Answer 3' }).fill('Coastline');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(poll).toContainText('Coastline');

    // Table and collapsible list.
    await page.keyboard.press('ControlOrMeta+End');
    await slash(page, 'table');
    await page.keyboard.press('Enter');
    await dialog(page).getByLabel('Rows').fill('0');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(dialog(page).getByText('Enter a value from 1 to 50.')).toBeVisible();
    await dialog(page).getByLabel('Rows').fill('2');
    await dialog(page).getByLabel('Columns').fill('3');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(editorArea(page).locator('table tr')).toHaveCount(2);
    await expect(editorArea(page).locator('table tr').first().locator('td')).toHaveCount(3);
    await page.keyboard.type('Trail');

    await page.keyboard.press('ControlOrMeta+End');
    await slash(page, 'collap');
    await page.keyboard.press('Enter');
    await expect(editorArea(page).locator('[data-rc-node="COLLAPSIBLE_ITEM"]')).toHaveCount(2);

    // Video by link and HTML embed.
    await page.keyboard.press('ControlOrMeta+End');
    await slash(page, 'youtube');
    await page.keyboard.press('Enter');
    await dialog(page).getByLabel('Video URL').fill('https://example.com/not-a-video');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(dialog(page).getByRole('alert')).toContainText('YouTube or Vimeo');
    await dialog(page).getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(editorArea(page).locator('[data-rte-block="VIDEO"]')).toHaveCount(1);

    await page.keyboard.press('ControlOrMeta+End');
    await slash(page, 'html');
    await page.keyboard.press('Enter');
    await dialog(page).getByLabel('HTML code').fill('<p>Hello from the sandbox</p>');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(editorArea(page).locator('[data-rte-block="HTML"] iframe')).toHaveAttribute(
      'sandbox',
      /allow-scripts/,
    );

    await shot(page, 'blocks', project);
    await page.screenshot({
      path: `/tmp/shots/${project}-editor-blocks-blocks-full.png`,
      fullPage: true,
    });

    // Saved and reloaded: every block comes back from the stored document.
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });
    await page.reload();
    await expect(editorArea(page)).toBeVisible({ timeout: 15_000 });
    for (const type of ['MAP', 'BUTTON', 'POLL', 'VIDEO', 'HTML']) {
      await expect(editorArea(page).locator(`[data-rte-block="${type}"]`), type).toHaveCount(1);
    }
    await expect(editorArea(page).locator('[data-rte-block="POLL"]')).toContainText('Coastline');
    await expect(editorArea(page).locator('table')).toContainText('Trail');
  });

  test('uploads: an image through the endpoint with alt text; a too-big GIF is refused, nothing lost', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await openEditor(page);
    await page.keyboard.type('Before the picture.');

    await slash(page, 'image');
    await page.keyboard.press('Enter');
    // Choosing the item opens the file picker; the test hands the picker's input its file.
    await expect(fileInput(page)).toHaveAttribute('accept', /image\/png/);
    await fileInput(page).setInputFiles({
      name: 'valley.png',
      mimeType: 'image/png',
      buffer: pngOf(640, 360),
    });
    const image = editorArea(page).locator('[data-rte-block="IMAGE"]');
    await expect(image.locator('img')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.rte-uploading')).toHaveCount(0);
    // The caption is text in the document.
    await image.locator('figcaption').click();
    await page.keyboard.type('The valley at noon');
    await expect(image.locator('figcaption')).toHaveText('The valley at noon');
    // Alt text through Edit.
    await selectBlock(image);
    await image.getByRole('button', { name: 'Edit Image' }).click();
    await dialog(page).getByLabel('Alternative text').fill('A green valley under a blue sky');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(image.locator('img')).toHaveAttribute('alt', 'A green valley under a blue sky');
    await shot(page, 'image', project);

    // A GIF over its size limit: refused before sending, with the file-too-big message.
    await page.keyboard.press('ControlOrMeta+End');
    await slash(page, 'gif');
    await page.keyboard.press('Enter');
    await expect(fileInput(page)).toHaveAttribute('accept', /image\/gif/);
    await fileInput(page).setInputFiles({
      name: 'huge.gif',
      mimeType: 'image/gif',
      buffer: Buffer.alloc(16 * 1024 * 1024, 1),
    });
    await expect(page.locator('.rte-notice[role="alert"]')).toHaveText(
      /This file is too big to upload\./,
    );
    await expect(page.locator('.rte-uploading')).toHaveCount(0);
    await expect(editorArea(page)).toContainText('Before the picture.');
    await expect(image).toHaveCount(1);
    await shot(page, 'upload-error', project);

    // Removing a block from its frame.
    await selectBlock(image);
    await image.getByRole('button', { name: 'Remove Image' }).click();
    await expect(editorArea(page).locator('[data-rte-block="IMAGE"]')).toHaveCount(0);
  });

  test('the Insert button opens the same list, searchable, and inserts at the caret', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await openEditor(page);
    await page.keyboard.type('Columns below.');
    await toolbar(page).getByRole('button', { name: 'Insert' }).click();
    const search = page.getByRole('combobox', { name: 'Insert a block' });
    await expect(search).toBeFocused();
    await expect(page.locator('.rte-insert-popover').getByRole('option')).toHaveCount(23);
    await shot(page, 'insert-menu', project);
    await search.fill('colu');
    await page.keyboard.press('Enter');
    await expect(editorArea(page).locator('[data-rc-node="LAYOUT_CELL"]')).toHaveCount(2);
    await page.keyboard.type('Left column');
    await expect(editorArea(page).locator('[data-rc-node="LAYOUT_CELL"]').first()).toHaveText(
      'Left column',
    );
  });
});
