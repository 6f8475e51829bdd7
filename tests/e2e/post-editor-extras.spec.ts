/**
 * The writer's editor, the rest of issue 4, at 1280 and 375 wide (the two projects), as the
 * seeded writer: the table bar changes a table (rows, columns, header row and column) and the
 * preview and the published post draw it so; a tag created from the tag field appears on the
 * published post; a draft opens by its slug; a link preview card is filled in from the page it
 * links to (a post of this blog: the e2e server lets the preview read 127.0.0.1). Screenshots go
 * to /tmp/shots/ and, for the new parts, /tmp/editor-*.png.
 */
import { expect, type Page } from '@playwright/test';
import { actAsSeededWriter, demoBlogOrigin, test } from './support';

const editorArea = (page: Page) => page.locator('.pe-content [contenteditable="true"]');
const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });
const saveStatus = (page: Page) => page.getByTestId('save-status');
const tableBar = (page: Page) => page.getByRole('toolbar', { name: 'Table' });
const dialog = (page: Page) => page.getByRole('dialog');

async function shot(page: Page, name: string, project: string) {
  const width = project === 'mobile' ? 375 : 1280;
  await page.screenshot({ path: `/tmp/editor-${name}-${width}.png` });
  await page.screenshot({ path: `/tmp/shots/${project}-editor-extras-${name}.png` });
}

/** A new post with a title and a first line, the caret at the end of the text. */
async function startPost(page: Page, title: string, text: string) {
  await page.goto('/blog/create-post');
  await titleField(page).fill(title);
  const area = editorArea(page);
  await expect(area).toBeVisible({ timeout: 15_000 });
  await area.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

/** Inserts a block from the slash menu on a new line. */
async function slash(page: Page, query: string) {
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(`/${query}`);
  await expect(page.locator('.rte-slash').getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Enter');
}

/** Opens the settings panel (a sheet on phones). */
async function openPanel(page: Page, project: string) {
  const panel = page.locator('#pe-panel');
  if (project === 'mobile') await page.getByRole('button', { name: 'Post settings' }).click();
  await expect(panel).toBeVisible();
  return panel;
}

async function publish(page: Page) {
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Post published')).toBeVisible({ timeout: 10_000 });
}

/** The post's address (its slug, from the editor API). */
async function postUrl(page: Page, writerId: string): Promise<string> {
  const id = /\/blog\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  const response = await page.request.get(`/api/editor/posts/${id}`, {
    headers: { 'x-inkwell-test-member': writerId },
  });
  const post = (await response.json()) as { slug: string };
  return `/blog/${post.slug}`;
}

test.describe('the editor’s tables, tags, drafts and link previews, as the seeded writer', () => {
  const writer = actAsSeededWriter();

  test('the table bar adds and deletes rows and columns and sets headers; the post shows it', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await startPost(page, `Timetable ${project} ${Date.now()}`, 'The night train stops here.');
    // Outside a table there is no table bar.
    await expect(tableBar(page)).toHaveCount(0);
    await slash(page, 'table');
    await dialog(page).getByLabel('Rows').fill('2');
    await dialog(page).getByLabel('Columns').fill('2');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    const table = editorArea(page).locator('table');
    await expect(table.locator('tr')).toHaveCount(2);
    await page.keyboard.type('Station');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Time');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Vienna');
    await page.keyboard.press('Tab');
    await page.keyboard.type('22:10');

    // The bar appears in the table, with names that say what each button does.
    await expect(tableBar(page)).toBeVisible();
    const bar = tableBar(page);
    await expect(bar.getByRole('button', { name: 'Header row' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(bar.getByRole('button', { name: 'Header column' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const cell = (row: number, column: number) =>
      table.locator('tr').nth(row).locator('td').nth(column);
    const columns = () => table.locator('tr').first().locator('td');
    // A row below the caret's row, filled in.
    await bar.getByRole('button', { name: 'Insert row below' }).click();
    await expect(table.locator('tr')).toHaveCount(3);
    await cell(2, 0).click();
    await page.keyboard.type('Munich');
    await page.keyboard.press('Tab');
    await page.keyboard.type('06:30');
    // A column after the first, filled in.
    await cell(0, 0).click();
    await bar.getByRole('button', { name: 'Insert column after' }).click();
    await expect(columns()).toHaveCount(3);
    for (const [row, text] of [
      [0, 'Platform'],
      [1, '4'],
      [2, '11'],
    ] as const) {
      await cell(row, 1).click();
      await page.keyboard.type(text);
    }
    // A column before it, then deleted again.
    await bar.getByRole('button', { name: 'Insert column before' }).click();
    await expect(columns()).toHaveCount(4);
    await cell(0, 1).click();
    await bar.getByRole('button', { name: 'Delete column' }).click();
    await expect(columns()).toHaveCount(3);
    // A row above Vienna, then deleted again.
    await cell(1, 0).click();
    await bar.getByRole('button', { name: 'Insert row above' }).click();
    await expect(table.locator('tr')).toHaveCount(4);
    await cell(1, 0).click();
    await bar.getByRole('button', { name: 'Delete row' }).click();
    await expect(table.locator('tr')).toHaveCount(3);
    await expect(table.locator('tr').nth(1)).toHaveText('Vienna422:10');
    await expect(table.locator('tr').nth(2)).toHaveText('Munich1106:30');

    // Keyboard: arrows move along the bar, Enter presses.
    await bar.getByRole('button', { name: 'Header column' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(bar.getByRole('button', { name: 'Delete table' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(bar.getByRole('button', { name: 'Header column' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('button', { name: 'Header column' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(table).toHaveAttribute('data-column-header', '');
    await expect(table).toHaveAttribute('data-row-header', '');
    await editorArea(page).locator('td').filter({ hasText: 'Munich' }).click();
    await shot(page, 'table-bar', project);

    // The preview draws the headers as <th> and the new column and row.
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page).toHaveURL(/\/preview\/\d+$/);
    const previewTable = page.locator('article.post table');
    await expect(previewTable.locator('thead th[scope="col"]')).toHaveCount(3);
    await expect(previewTable.locator('tbody tr')).toHaveCount(2);
    await expect(previewTable.locator('tbody th[scope="row"]')).toHaveCount(2);
    await expect(previewTable.locator('tbody th[scope="row"]').first()).toHaveText('Vienna');
    await expect(previewTable.locator('thead th').nth(1)).toHaveText('Platform');
    await expect(previewTable.locator('col')).toHaveCount(3);
    await page.getByRole('link', { name: 'Back to editing' }).click();
    await expect(titleField(page)).toBeVisible();

    // Header row off, then published: the post shows a plain first row and a header column.
    await editorArea(page).locator('td').filter({ hasText: 'Munich' }).click();
    await tableBar(page).getByRole('button', { name: 'Header row' }).click();
    await expect(editorArea(page).locator('table')).not.toHaveAttribute('data-row-header', '');
    await publish(page);
    await page.goto(await postUrl(page, writer.id));
    const postTable = page.locator('article.post table');
    await expect(postTable.locator('thead')).toHaveCount(0);
    await expect(postTable.locator('tr')).toHaveCount(3);
    await expect(postTable.locator('th[scope="row"]')).toHaveCount(3);
    await expect(postTable.locator('th[scope="row"]').first()).toHaveText('Station');
    await expect(postTable).toContainText('22:10');
    await postTable.scrollIntoViewIfNeeded();
    await shot(page, 'table-published', project);

    // Deleting the table from the bar leaves the text around it; the bar goes with it.
    await page.goBack();
    await expect(editorArea(page)).toBeVisible({ timeout: 15_000 });
    await editorArea(page).locator('td').filter({ hasText: 'Munich' }).click();
    await tableBar(page).getByRole('button', { name: 'Delete table' }).click();
    await expect(editorArea(page).locator('table')).toHaveCount(0);
    await expect(tableBar(page)).toHaveCount(0);
    await expect(editorArea(page)).toContainText('The night train stops here.');
  });

  test('a tag created in the tag field is on the published post', async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    const stamp = Date.now();
    const newTag = `Night ferries ${project} ${stamp % 100000}`;
    await startPost(page, `Ferries ${project} ${stamp}`, 'Crossing the Baltic at night.');
    const panel = await openPanel(page, project);
    const field = panel.getByRole('combobox', { name: 'Tags' });

    // Suggestions as you type: arrows and Enter choose an existing tag.
    await field.fill('coff');
    const list = panel.getByRole('listbox', { name: 'Tag suggestions' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('option', { name: 'Coffee' })).toBeVisible();
    await field.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'Coffee' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await field.press('Enter');
    await expect(panel.locator('.pe-chip').filter({ hasText: 'Coffee' })).toBeVisible();
    await expect(field).toHaveValue('');

    // A new label: the list offers to create it.
    await field.fill(newTag);
    const create = list.getByRole('option', { name: `Create tag “${newTag}”` });
    await expect(create).toBeVisible();
    await list.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
    await shot(page, 'tag-create', project);
    await create.click();
    await expect(panel.locator('.pe-chip').filter({ hasText: newTag })).toBeVisible();
    await expect(panel.getByText('2 of 30')).toBeVisible();
    // Escape closes the suggestions, not the sheet.
    await field.fill('w');
    await expect(list).toBeVisible();
    await field.press('Escape');
    await expect(list).toBeHidden();
    await expect(panel).toBeVisible();
    await field.fill('');
    if (project === 'mobile') await panel.getByRole('button', { name: 'Close settings' }).click();

    await publish(page);
    await page.goto(await postUrl(page, writer.id));
    const tags = page.getByRole('list', { name: 'Tags' });
    await expect(tags.getByRole('link', { name: newTag })).toBeVisible();
    await expect(tags.getByRole('link', { name: 'Coffee' })).toBeVisible();
    // The new tag has its own feed.
    await tags.getByRole('link', { name: newTag }).click();
    await expect(page).toHaveURL(/\/blog\/tags\/night-ferries-/);
    await expect(page.getByText(`Ferries ${project} ${stamp}`).first()).toBeVisible();
  });

  test('a draft opens by its slug', async ({ page, browser, baseURL }, testInfo) => {
    const project = testInfo.project.name;
    const title = `Slug draft ${project} ${Date.now()}`;
    await startPost(page, title, 'Only a draft so far.');
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 });
    const editUrl = await postUrl(page, writer.id);
    expect(editUrl).toMatch(/^\/blog\/slug-draft-/);

    const response = await page.goto(`${editUrl}/edit`);
    expect(response?.status()).toBe(200);
    await expect(titleField(page)).toHaveValue(title);
    await expect(editorArea(page)).toContainText('Only a draft so far.');
    await expect(page.locator('.pe-badge')).toHaveText('Draft');
    await shot(page, 'draft-by-slug', project);

    // A visitor is asked to log in, and learns nothing of the draft.
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    const refused = await visitor.goto(`${editUrl}/edit`);
    expect(refused?.status()).toBe(401);
    await expect(visitor.getByText(title)).toHaveCount(0);
    await context.close();
  });

  test('a link preview is filled in from the page it links to', async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    // A published post of the demo blog the server seeded, an address the server can fetch (it
    // resolves no `*.localhost` host): its page has Open Graph tags.
    const demoBlog = demoBlogOrigin(testInfo);
    const feed = (await (await page.request.get(`${demoBlog}/api/posts?pageSize=1`)).json()) as {
      posts: { slug: string; title: string }[];
    };
    const target = feed.posts[0]!;
    await startPost(page, `Further reading ${project} ${Date.now()}`, 'See also:');
    await slash(page, 'preview');
    await dialog(page).getByLabel('Page URL').fill(`${demoBlog}/blog/${target.slug}`);
    await dialog(page).getByRole('button', { name: 'Get details' }).click();
    await expect(dialog(page).getByText('Filled in from the page')).toBeVisible({
      timeout: 10_000,
    });
    await expect(dialog(page).getByLabel('Title')).toHaveValue(target.title);
    await shot(page, 'link-preview', project);
    // The writer may change what the page said.
    await dialog(page).getByLabel('Description').fill('A post worth reading next.');
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    const card = editorArea(page).locator('[data-rte-block="LINK_PREVIEW"]');
    await expect(card).toContainText(target.title);
    await expect(card).toContainText('A post worth reading next.');

    // A private address is refused, and the dialog says so; the card would show the host.
    await slash(page, 'preview');
    await dialog(page).getByLabel('Page URL').fill('http://10.1.2.3/admin');
    await dialog(page).getByRole('button', { name: 'Get details' }).click();
    await expect(dialog(page).getByRole('alert')).toContainText('private network');
    await expect(dialog(page).getByRole('alert')).toContainText('The card will show 10.1.2.3');
    await shot(page, 'link-preview-refused', project);
    await dialog(page).getByRole('button', { name: 'Insert' }).click();
    await expect(editorArea(page).locator('[data-rte-block="LINK_PREVIEW"]')).toHaveCount(2);
    await expect(editorArea(page).locator('[data-rte-block="LINK_PREVIEW"]').nth(1)).toContainText(
      '10.1.2.3',
    );
  });
});
