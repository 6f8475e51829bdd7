/**
 * Issue 4 "Done means": a writer creates, saves, leaves, comes back, edits, previews and publishes
 * a post with every node type a writer can insert, in Chromium at 1280 wide. Blocks go in
 * through the editor's Insert list; uploads go through the real endpoint with small real files.
 * The stored document is then read back through the API and the published page is checked for
 * each node's renderer.
 */
import { expect, type Page } from '@playwright/test';
import {
  gifFixture,
  mp3Fixture,
  mp4Fixture,
  pdfFixture,
  pngFixture,
} from '../../src/server/testing/media-fixtures.server';
import { hydrated, seededWriterId, test } from './support';

const editorArea = (page: Page) => page.locator('.rte-content');
const dialog = (page: Page) => page.getByRole('dialog');
const saveStatus = (page: Page) => page.getByTestId('save-status');

/** Puts the caret on an empty last line. */
async function newLine(page: Page) {
  // Focus keeps the editor's selection; the end of the document is then one key away.
  await editorArea(page).focus();
  await page.keyboard.press('ControlOrMeta+End');
  const last = editorArea(page).locator(':scope > *').last();
  const isEmptyParagraph = await last.evaluate(
    (node) => node.tagName === 'P' && (node.textContent ?? '') === '',
  );
  if (!isEmptyParagraph) await page.keyboard.press('Enter');
}

/** Inserts a block through the toolbar's Insert list, searched by its label. */
async function insert(page: Page, label: string) {
  await newLine(page);
  await page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Insert' })
    .click();
  const search = page.getByRole('combobox', { name: 'Insert a block' });
  await search.fill(label);
  await expect(page.locator('.rte-insert-popover').getByRole('option').first()).toContainText(
    label,
  );
  await page.keyboard.press('Enter');
}

/** Inserts a text block and types into it once the list has handed the caret back. */
async function insertText(page: Page, label: string, text: string) {
  await insert(page, label);
  await page.waitForFunction(() => document.activeElement?.closest('.rte-content') != null);
  await page.keyboard.type(text);
}

/** Inserts an upload block and hands the file picker its files. */
async function upload(
  page: Page,
  label: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  await insert(page, label);
  await page.getByTestId('rte-file-input').setInputFiles(files);
  await expect(page.locator('.rte-uploading')).toHaveCount(0, { timeout: 20_000 });
}

/** A dialog was submitted: it closes and hands the caret back to the text (a moment later). */
async function dialogDone(page: Page) {
  await expect(dialog(page)).toHaveCount(0);
  await page.waitForFunction(() => document.activeElement?.closest('.rte-content') != null);
}

/** Opens a block's Edit dialog: choose the block (its corner), then its Edit button. */
async function editBlock(page: Page, type: string, name: string) {
  const block = editorArea(page).locator(`[data-rte-block="${type}"]`).last();
  // Its corner below the sticky bars: an upload left the focus in the block's alt-text prompt,
  // which is scrolled to the middle of the screen, and a tall block's corner may be under them.
  await block.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 240));
  await block.click({ position: { x: 12, y: 12 } });
  await expect(block).toHaveClass(/rte-block--selected/);
  await block.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog(page)).toBeVisible();
}

/** Every node type of the model anywhere in a stored document. */
function typesIn(
  nodes: { type: string; nodes?: unknown[] }[],
  out = new Set<string>(),
): Set<string> {
  for (const node of nodes) {
    out.add(node.type);
    typesIn((node.nodes ?? []) as { type: string; nodes?: unknown[] }[], out);
  }
  return out;
}

const EXPECTED_TYPES = [
  'PARAGRAPH',
  'TEXT',
  'HEADING',
  'BULLETED_LIST',
  'ORDERED_LIST',
  'LIST_ITEM',
  'BLOCKQUOTE',
  'CODE_BLOCK',
  'DIVIDER',
  'IMAGE',
  'GALLERY',
  'VIDEO',
  'AUDIO',
  'FILE',
  'GIF',
  'HTML',
  'LINK_PREVIEW',
  'MAP',
  'TABLE',
  'TABLE_ROW',
  'TABLE_CELL',
  'COLLAPSIBLE_LIST',
  'COLLAPSIBLE_ITEM',
  'COLLAPSIBLE_ITEM_TITLE',
  'COLLAPSIBLE_ITEM_BODY',
  'LAYOUT',
  'LAYOUT_CELL',
  'BUTTON',
  'POLL',
];

/** The renderer's element for each inserted block on the published page. */
const RENDERED = [
  'h2',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'hr',
  '.rc-image',
  '.rc-gallery',
  '.rc-video',
  '.rc-audio',
  '.rc-file',
  '.rc-gif',
  '.rc-html',
  '.rc-map',
  'table',
  '.rc-poll',
];

test('a writer builds a post of every block, leaves, comes back, edits, previews and publishes it', async ({
  page,
  request,
}, info) => {
  // One long path through the data, at 1280 wide; the editor's phone layout (toolbar, sheet,
  // block buttons under the block) has its own specs at 375 (post-editor*.spec.ts).
  test.skip(info.project.name === 'mobile', 'the journey runs once, at 1280');
  test.setTimeout(240_000);
  const writerId = await seededWriterId(request);
  await page.setExtraHTTPHeaders({ 'x-inkwell-test-member': writerId });
  page.on('dialog', (d) => void d.accept());
  const title = `Every block, ${info.project.name} ${Date.now()}`;

  await page.goto('/blog/create-post');
  await expect(editorArea(page)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await editorArea(page).click();
  await page.keyboard.type('A post that holds one of everything.');

  // Text blocks: each starts on a new line and ends where the next can begin.
  await insertText(page, 'Heading 2', 'Lists and words');
  await insertText(page, 'Bulleted list', 'Bread');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Cheese');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await insertText(page, 'Numbered list', 'Knead');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await insert(page, 'Divider');

  // Uploads, each through the real endpoint.
  const png = await pngFixture();
  await upload(page, 'Image', [{ name: 'harbour.png', mimeType: 'image/png', buffer: png }]);
  await upload(page, 'Gallery', [
    { name: 'one.png', mimeType: 'image/png', buffer: png },
    { name: 'two.png', mimeType: 'image/png', buffer: png },
  ]);
  // The writer picks the gallery's layout through its Edit dialog.
  await editBlock(page, 'GALLERY', 'Gallery');
  await dialog(page).getByLabel('Layout').selectOption('GRID');
  await dialog(page).getByLabel('Columns').fill('0');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByRole('alert')).toBeVisible();
  await dialog(page).getByLabel('Columns').fill('2');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await dialogDone(page);
  await upload(page, 'Video upload', [
    { name: 'walk.mp4', mimeType: 'video/mp4', buffer: mp4Fixture() },
  ]);
  await upload(page, 'Audio', [
    { name: 'birds.mp3', mimeType: 'audio/mpeg', buffer: mp3Fixture() },
  ]);
  await editBlock(page, 'AUDIO', 'Audio');
  await dialog(page).getByLabel('Track name').fill('Dawn chorus');
  await dialog(page).getByLabel('Artist or author').fill('Field Recordings');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await dialogDone(page);
  await upload(page, 'File', [
    { name: 'route.pdf', mimeType: 'application/pdf', buffer: pdfFixture() },
  ]);
  await editBlock(page, 'FILE', 'File');
  await dialog(page).getByLabel('Show the PDF').selectOption('FULL');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await dialogDone(page);
  await upload(page, 'GIF', [
    { name: 'wave.gif', mimeType: 'image/gif', buffer: await gifFixture() },
  ]);

  // Embeds and interactive blocks, through their dialogs.
  await insert(page, 'HTML embed');
  await dialog(page).getByLabel('HTML code').fill('<p>Hello from the sandbox</p>');
  await dialog(page).getByRole('button', { name: 'Insert' }).click();
  await dialogDone(page);
  await insert(page, 'Link preview');
  await dialog(page).getByRole('textbox').first().fill('https://example.com/story');
  await dialog(page).getByRole('button', { name: 'Insert' }).click();
  // The page is read first; with no internet here it cannot be, and the dialog says so and
  // stays. Insert again takes the card as it is: the page's host.
  await expect(dialog(page).getByRole('alert')).toContainText('The card will show example.com', {
    timeout: 10_000,
  });
  await dialog(page).getByRole('button', { name: 'Insert' }).click();
  await dialogDone(page);
  await insert(page, 'Map');
  await dialog(page).getByLabel('Address').fill('Harbour Street 1, Sydney');
  await dialog(page).getByLabel('Latitude').fill('-33.8688');
  await dialog(page).getByLabel('Longitude').fill('151.2093');
  await dialog(page).getByRole('button', { name: 'Insert' }).click();
  await dialogDone(page);
  await insert(page, 'Table');
  await dialog(page).getByLabel('Rows').fill('2');
  await dialog(page).getByLabel('Columns').fill('2');
  await dialog(page).getByRole('button', { name: 'Insert' }).click();
  await dialogDone(page);
  await insert(page, 'Collapsible list');
  await insert(page, 'Columns');
  await insert(page, 'Button');
  await dialog(page).getByLabel('Button text').fill('Read the guides');
  await dialog(page).getByLabel('Link').fill('/blog');
  await dialog(page).getByRole('button', { name: 'Insert' }).click();
  await dialogDone(page);
  await insert(page, 'Poll');
  await dialog(page).getByLabel('Question').fill('Which trail next?');
  await dialog(page).getByRole('textbox', { name: 'Answer 1' }).fill('Ridge');
  await dialog(page).getByRole('textbox', { name: 'Answer 2' }).fill('Valley');
  await dialog(page).getByLabel('Who sees the results').selectOption('EVERYONE');
  await dialog(page).getByRole('button', { name: 'Insert' }).click();
  await dialogDone(page);

  // Quote and code last: neither needs leaving.
  await insertText(page, 'Quote', 'Walk slowly.');
  await insertText(page, 'Code', 'const miles = 12;');

  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 20_000 });
  await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}\/edit$/);
  const editUrl = page.url();
  const postId = /\/blog\/([0-9a-f-]{36})\/edit$/.exec(editUrl)![1]!;

  // The stored document holds every node type.
  const stored = await request.get(`/api/editor/posts/${postId}`, {
    headers: { 'x-inkwell-test-member': writerId },
  });
  expect(stored.ok()).toBe(true);
  const { content } = (await stored.json()) as { content: { nodes: { type: string }[] } };
  const types = typesIn(content.nodes);
  for (const type of EXPECTED_TYPES) expect(types, type).toContain(type);

  // Leave, come back, edit.
  await page.goto('/blog');
  await page.goto(editUrl);
  await expect(editorArea(page)).toContainText('const miles = 12;', { timeout: 15_000 });
  await expect(page.locator('[data-rte-block="POLL"]')).toContainText('Which trail next?');
  await editorArea(page).getByText('A post that holds one of everything.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Edited after coming back.');
  // Saved for sure: the stored document has the whole sentence.
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/editor/posts/${postId}`, {
          headers: { 'x-inkwell-test-member': writerId },
        });
        return JSON.stringify(await response.json());
      },
      { timeout: 20_000 },
    )
    .toContain('Edited after coming back.');
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 20_000 });

  // Preview: the reader's renderers draw every block.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page).toHaveURL(/\/preview\/\d+$/);
  const previewed = page.locator('article.post');
  await expect(previewed).toContainText('Edited after coming back.');
  await expect(previewed.locator('.rc-poll__note')).toHaveText(
    'Voting opens when the post is published',
  );
  for (const selector of RENDERED) {
    await expect(previewed.locator(selector).first(), selector).toBeAttached();
  }
  // Back to the editor once the preview is interactive; the editor's loader and chunks may take
  // longer than the default bound on a busy machine (a CI run stayed on the preview past 10 s).
  await hydrated(page);
  await page.getByRole('link', { name: 'Back to editing' }).click();
  await expect(page).toHaveURL(editUrl, { timeout: 30_000 });

  // Publish, then read it as the site shows it.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  // Issue 23: its pictures were never described; the pre-publish checks list the image and the
  // gallery's two, and the writer goes on anyway.
  const checks = dialog(page);
  await expect(checks.getByRole('button', { name: /has no description/ })).toHaveCount(3);
  await checks.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(page.getByText('Post published')).toBeVisible();
  await page.goto('/blog');
  await page.getByRole('link', { name: title }).first().click();
  const article = page.locator('article.post');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  for (const selector of RENDERED) {
    await expect(article.locator(selector).first(), selector).toBeAttached();
  }
  await expect(article.locator('.rc-html iframe')).toHaveAttribute('sandbox', /allow-scripts/);
  // The edits made through the dialogs: a named track, a grid gallery, a previewed PDF.
  await expect(article.locator('.rc-audio')).toContainText('Dawn chorus');
  await expect(article.locator('.rc-audio')).toContainText('Field Recordings');
  await expect(article.locator('.rc-gallery')).toHaveAttribute('data-layout', 'GRID');
  await expect(article.locator('.rc-file iframe.rc-file__preview')).toHaveAttribute(
    'src',
    /^\/media\/[0-9a-f-]{36}\/original\.pdf$/,
  );
  // The poll is live on the published post: the writer may vote in it (its island comes alive
  // near the viewport, decision 055).
  await article.locator('.rc-poll').scrollIntoViewIfNeeded();
  await expect(article.locator('.rc-poll__vote')).toBeEnabled();
  await page.screenshot({ path: `screenshots/journey-${info.project.name}.png`, fullPage: true });
});
