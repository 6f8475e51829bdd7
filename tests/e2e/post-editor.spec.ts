/**
 * The writer's editor page at 1280 and 375 wide (the two projects), issue 4 "Writing": as the
 * seeded writer (the test-only member header; there are no sessions yet) write a post that
 * autosaves, find it again after a reload, edit it, preview it, fail to publish it without a
 * title (nothing lost), publish it and find it on the feed. A visitor gets the login-required
 * screen, whose button presses itself; a save that fails keeps the text and is retried. Screenshots go to /tmp/shots/.
 */
import { expect, type Page } from '@playwright/test';
import { actAsSeededWriter, scriptlessPage, test } from './support';

async function shot(page: Page, name: string, project: string, fullPage = false) {
  await page.screenshot({ path: `/tmp/shots/${project}-post-editor-${name}.png`, fullPage });
}

const editorArea = (page: Page) => page.locator('.pe-content [contenteditable="true"]');
const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });
const saveStatus = (page: Page) => page.getByTestId('save-status');

/** Types into the editor; it loads lazily after hydration. */
async function typeText(page: Page, text: string) {
  const area = editorArea(page);
  await expect(area).toBeVisible();
  await area.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test.describe('as the seeded writer', () => {
  actAsSeededWriter();

  test('writes, autosaves, reloads, edits, previews, is told what is missing, publishes', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    const title = `Autumn field notes ${project} ${Date.now()}`;
    await page.goto('/blog/create-post');
    await expect(titleField(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
    await shot(page, 'new', project);

    await titleField(page).fill(title);
    await typeText(page, 'The maples turned first, then the birches.');
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 10_000 });
    // The first save created the draft and moved the address to its edit page.
    await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}\/edit$/);
    const editUrl = page.url();

    await page.reload();
    await expect(titleField(page)).toHaveValue(title);
    await expect(editorArea(page)).toContainText('The maples turned first, then the birches.');

    await typeText(page, ' The oaks hold on until December.');
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 10_000 });
    await shot(page, 'draft-saved', project);

    // The side panel: beside the text on a desktop, a sheet opened from the bar on a phone.
    const panel = page.locator('#pe-panel');
    if (project === 'mobile') {
      await expect(panel).toBeHidden();
      await page.getByRole('button', { name: 'Post settings' }).click();
    }
    await expect(panel).toBeVisible();
    const firstCategory = panel.getByRole('checkbox').nth(1);
    await firstCategory.check();
    await expect(panel.getByText('1 of 10 chosen')).toBeVisible();
    await shot(page, 'settings', project);
    if (project === 'mobile') {
      // Escape closes the sheet, as does its close button.
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await page.getByRole('button', { name: 'Post settings' }).click();
      await panel.getByRole('button', { name: 'Close settings' }).click();
      await expect(panel).toBeHidden();
    }
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 10_000 });

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page).toHaveURL(/\/preview\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('article.post')).toContainText('The oaks hold on until December.');
    await expect(page.getByText('Preview', { exact: true })).toBeVisible();
    await shot(page, 'preview', project);
    await page.getByRole('link', { name: 'Back to editing' }).click();
    await expect(page).toHaveURL(editUrl);
    await expect(titleField(page)).toHaveValue(title);

    // SPEC §5: no title, no publishing; the error shows beside the field and as an alert.
    await titleField(page).fill('');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('The title is required')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Post title is required' }),
    ).toBeVisible();
    await expect(titleField(page)).toBeFocused();
    await expect(editorArea(page)).toContainText('The oaks hold on until December.');
    await shot(page, 'title-required', project);

    await titleField(page).fill(title);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Post published')).toBeVisible();
    await expect(page.locator('.pe-badge')).toHaveText('Published');
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    await shot(page, 'published', project);

    await page.goto('/blog');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  });

  test('a save that fails keeps the text and is retried', async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    let isFailing = true;
    let failedPuts = 0;
    await page.route('**/api/editor/posts/*', async (route) => {
      if (route.request().method() === 'PUT' && isFailing) {
        failedPuts += 1;
        return route.abort('failed');
      }
      return route.continue();
    });
    const title = `Offline draft ${project} ${Date.now()}`;
    await page.goto('/blog/create-post');
    await titleField(page).fill(title);
    await typeText(page, 'Written on a train without signal.');
    await expect(saveStatus(page)).toHaveText('Offline — will retry', { timeout: 10_000 });
    await expect(titleField(page)).toHaveValue(title);
    await expect(editorArea(page)).toContainText('Written on a train without signal.');
    await shot(page, 'offline', project);
    // It keeps trying while the network is down.
    await expect.poll(() => failedPuts, { timeout: 10_000 }).toBeGreaterThan(1);

    isFailing = false;
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 20_000 });
    await page.reload();
    await expect(titleField(page)).toHaveValue(title);
    await expect(editorArea(page)).toContainText('Written on a train without signal.');
  });
});

test.describe('as the seeded writer, when things go sideways', () => {
  const writer = actAsSeededWriter();

  /** A new draft with a title and some text, saved; returns its id. */
  async function writeDraft(page: Page, title: string, text: string): Promise<string> {
    await page.goto('/blog/create-post');
    await titleField(page).fill(title);
    await typeText(page, text);
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 10_000 });
    const id = /\/blog\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1];
    expect(id).toBeTruthy();
    return id!;
  }

  test('unsaved text survives a reload on this device and can be restored', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    const id = await writeDraft(page, `Kept locally ${project} ${Date.now()}`, 'First line.');
    await page.route('**/api/editor/posts/*', (route) =>
      route.request().method() === 'PUT' ? route.abort('failed') : route.continue(),
    );
    await typeText(page, ' Second line, never saved.');
    await expect(saveStatus(page)).toHaveText('Offline — will retry', { timeout: 10_000 });
    await page.reload();
    await expect(page.getByText('You have unsaved changes from')).toBeVisible();
    await expect(editorArea(page)).not.toContainText('Second line');
    await shot(page, 'restore', project);
    await page.unroute('**/api/editor/posts/*');
    await page.getByRole('button', { name: 'Restore unsaved changes' }).click();
    await expect(editorArea(page)).toContainText('First line. Second line, never saved.');
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 10_000 });
    await page.reload();
    await expect(page.getByText('You have unsaved changes from')).toHaveCount(0);
    await expect(editorArea(page)).toContainText('Second line, never saved.');
    expect(page.url()).toContain(id);
  });

  test('a second writer’s newer save is a conflict, not a silent overwrite', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    const mine = `Mine ${project} ${Date.now()}`;
    const id = await writeDraft(page, mine, 'My text.');
    // Someone else saves the same post meanwhile.
    const headers = { 'x-inkwell-test-member': writer.id };
    const current = await (await page.request.get(`/api/editor/posts/${id}`, { headers })).json();
    const theirs = await page.request.put(`/api/editor/posts/${id}`, {
      headers,
      data: { revision: current.revision, title: 'Theirs' },
    });
    expect(theirs.ok()).toBe(true);

    await typeText(page, ' More of mine.');
    await expect(saveStatus(page)).toHaveText('Not saved — newer version exists', {
      timeout: 10_000,
    });
    await expect(page.getByText('Someone else saved a newer version')).toBeVisible();
    await shot(page, 'conflict', project);
    await page.getByRole('button', { name: 'Keep mine and overwrite' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Overwrite' }).click();
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 10_000 });
    const after = await (await page.request.get(`/api/editor/posts/${id}`, { headers })).json();
    expect(after.title).toBe(mine);
  });

  test('schedules for a future moment only, then reverts to draft', async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    await writeDraft(page, `Scheduled ${project} ${Date.now()}`, 'Coming soon.');
    await page.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Publish on').fill('2020-01-01T09:00');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog.getByText('Choose a moment in the future')).toBeVisible();
    await shot(page, 'schedule', project);
    await dialog.getByLabel('Publish on').fill('2099-06-01T09:00');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByText('Post scheduled')).toBeVisible();
    await expect(page.locator('.pe-badge')).toContainText('Scheduled for');
    await page.getByRole('button', { name: 'Revert to draft' }).click();
    await expect(page.getByText('Post reverted to draft')).toBeVisible();
    await expect(page.locator('.pe-badge')).toHaveText('Draft');
  });
});

test.describe('as a visitor', () => {
  test('gets the login-required screen instead of the editor', async ({
    page,
    browser,
  }, testInfo) => {
    // Without scripts the screen stays (SPEC §2: title, description, login button).
    const still = await scriptlessPage(browser, testInfo);
    const response = await still.goto('/blog/create-post');
    expect(response?.status()).toBe(401);
    await expect(still.getByRole('heading', { name: 'Log in to write a post' })).toBeVisible();
    // The screen's own button (the header has a "Log in" link too).
    const logIn = still.getByRole('main').getByRole('link', { name: 'Log in', exact: true });
    await expect(logIn).toHaveAttribute('href', '/blog/login?next=%2Fblog%2Fcreate-post');
    await expect(titleField(still)).toHaveCount(0);
    await shot(still, 'login-required', testInfo.project.name);
    await still.context().close();
    // SPEC §4: with scripts its login button presses itself after 100 ms.
    await page.goto('/blog/create-post');
    await expect(page).toHaveURL(/\/blog\/login\?next=%2Fblog%2Fcreate-post$/);
  });
});
