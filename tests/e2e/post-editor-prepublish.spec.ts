/**
 * Issue 23 (decision 067): images ask for their description when they go in; Publish and
 * Schedule run the pre-publish checks (images without alt text, empty links, skipped heading
 * levels) and open their panel, whose findings lead to the fix in one click; after publishing
 * the writer is offered "View post", after scheduling when and a preview. Galleries get no
 * caption unless the writer writes one. The cover's description is asked for where the cover is
 * chosen, and is a finding too. At 1280 and 375 (the projects); screenshots go to
 * screenshots/prepublish/ (ignored by git).
 */
import { expect, type Page } from '@playwright/test';
import { pngFixture } from '../../src/server/testing/media-fixtures.server';
import { actAsSeededWriter, test } from './support';

const editorArea = (page: Page) => page.locator('.rte-content');
const dialog = (page: Page) => page.getByRole('dialog');
const saveStatus = (page: Page) => page.getByTestId('save-status');
const fileInput = (page: Page) => page.getByTestId('rte-file-input');
const ALT_LABEL = 'Describe the image for people who cannot see it';

async function shot(page: Page, name: string, project: string, fullPage = false) {
  // A sheet or dialog sliding in is shot where it stops.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.screenshot({ path: `screenshots/prepublish/${name}-${project}.png`, fullPage });
}

/** A new post with a title and a first line, the caret at its end. */
async function startPost(page: Page, title: string) {
  await page.goto('/blog/create-post');
  await expect(editorArea(page)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await editorArea(page).click();
  await page.keyboard.type('A walk along the water.');
}

/** Chooses an insert item through the slash menu on a new line. */
async function slash(page: Page, query: string) {
  await editorArea(page).focus();
  await page.keyboard.press('ControlOrMeta+End');
  const last = editorArea(page).locator(':scope > p').last();
  if (((await last.textContent()) ?? '').length > 0) await page.keyboard.press('Enter');
  await page.keyboard.type(`/${query}`);
  await expect(page.locator('.rte-slash').getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Enter');
}

/** Uploads pictures through an upload item ('image' or 'gallery'). */
async function uploadPictures(page: Page, item: string, names: string[]) {
  await slash(page, item);
  const png = await pngFixture();
  await fileInput(page).setInputFiles(
    names.map((name) => ({ name, mimeType: 'image/png', buffer: png })),
  );
  await expect(page.locator('.rte-uploading')).toHaveCount(0, { timeout: 20_000 });
}

test.describe('pre-publish checks and alt text, as the seeded writer', () => {
  const writer = actAsSeededWriter();

  test('an uploaded image asks for its description; Publish lists it, one click fixes it, View post shows it', async ({
    page,
  }, info) => {
    const project = info.project.name;
    const title = `Harbour walk ${project} ${Date.now()}`;
    await startPost(page, title);
    await uploadPictures(page, 'image', ['harbour.png']);

    // The prompt is there, under the image, and has the focus.
    const image = editorArea(page).locator('[data-rte-block="IMAGE"]');
    const altField = image.getByRole('textbox', { name: ALT_LABEL });
    await expect(altField).toBeFocused();
    await expect(image.getByRole('checkbox', { name: /decorative/ })).not.toBeChecked();
    await shot(page, 'alt-prompt', project);

    // Left empty: Publish opens the checks instead of publishing.
    await editorArea(page).getByText('A walk along the water.').click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const panel = dialog(page);
    await expect(panel.getByRole('heading', { name: 'Before you publish' })).toBeVisible();
    const finding = panel.getByRole('button', { name: 'Image 1 has no description (alt text)' });
    await expect(finding).toBeVisible();
    await expect(finding).toBeFocused();
    await expect(panel.getByRole('button', { name: 'Publish anyway' })).toBeVisible();
    await shot(page, 'panel', project);

    // One click: the panel closes and the image's field has the focus.
    await finding.click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(altField).toBeFocused();
    await page.keyboard.type('Fishing boats moored at dawn');
    await expect(image.locator('img').first()).toHaveAttribute(
      'alt',
      'Fishing boats moored at dawn',
    );

    // Nothing left to check: Publish publishes, the writer stays, offered the way to the post.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Post published')).toBeVisible();
    await expect(page.locator('.pe-badge')).toHaveText('Published');
    const viewPost = page.getByRole('link', { name: 'View post' });
    await expect(viewPost).toBeVisible();
    await expect(page.getByText('Your post is live.')).toBeVisible();
    // The banner stays after the toast has gone (a link must not go on a timer).
    await expect(page.locator('.toast')).toHaveCount(0);
    await expect(viewPost).toBeVisible();
    await shot(page, 'view-post', project);

    await viewPost.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('article.post .rc-image img')).toHaveAttribute(
      'alt',
      'Fishing boats moored at dawn',
    );
  });

  test('the cover asks for its description; Publish lists it, one click leads to its field, the post page has it', async ({
    page,
  }, info) => {
    const project = info.project.name;
    const title = `Cover ${project} ${Date.now()}`;
    await startPost(page, title);
    const settings = page.locator('#pe-panel');
    const openSettings = async () => {
      if (project === 'mobile') await page.getByRole('button', { name: 'Post settings' }).click();
    };
    const closeSettings = async () => {
      if (project === 'mobile')
        await settings.getByRole('button', { name: 'Close settings' }).click();
    };
    await openSettings();
    await page.getByTestId('pe-cover-input').setInputFiles({
      name: 'harbour-cover.png',
      mimeType: 'image/png',
      buffer: await pngFixture(),
    });

    // The picture is in, and its description field has the focus, with the decorative choice.
    const coverAlt = settings.getByRole('textbox', { name: ALT_LABEL });
    await expect(settings.getByRole('button', { name: 'Replace' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(coverAlt).toBeFocused();
    await expect(coverAlt).toHaveValue('');
    await expect(settings.getByRole('checkbox', { name: /decorative/ })).not.toBeChecked();
    await settings.locator('.pe-cover').scrollIntoViewIfNeeded();
    await shot(page, 'cover-alt', project);

    // Left empty: Publish lists the cover first, and one click leads back to its field.
    await closeSettings();
    await editorArea(page).getByText('A walk along the water.').click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const finding = dialog(page).getByRole('button', {
      name: 'The cover image has no description (alt text)',
    });
    await expect(finding).toBeFocused();
    await shot(page, 'cover-panel', project);
    await finding.click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(coverAlt).toBeFocused();
    await page.keyboard.type('Fishing boats moored at dawn');
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 20_000 });
    await shot(page, 'cover-alt-typed', project);

    await closeSettings();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Post published')).toBeVisible();
    await page.getByRole('link', { name: 'View post' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('article.post .post__cover img')).toHaveAttribute(
      'alt',
      'Fishing boats moored at dawn',
    );
  });

  test('a gallery has no captions unless written; each picture is described or decorative', async ({
    page,
    request,
  }, info) => {
    const project = info.project.name;
    const title = `Gallery captions ${project} ${Date.now()}`;
    await startPost(page, title);
    await uploadPictures(page, 'gallery', ['audit-img1.png', 'audit-img2.png']);

    const gallery = editorArea(page).locator('[data-rte-block="GALLERY"]');
    const first = gallery.getByRole('group', { name: 'Gallery image 1' });
    const second = gallery.getByRole('group', { name: 'Gallery image 2' });
    // No caption from the file names; the first picture's description has the focus.
    await expect(first.getByRole('textbox', { name: 'Caption (optional)' })).toHaveValue('');
    await expect(second.getByRole('textbox', { name: 'Caption (optional)' })).toHaveValue('');
    await expect(first.getByRole('textbox', { name: ALT_LABEL })).toBeFocused();
    await shot(page, 'gallery-prompt', project);

    // What the old upload did by itself (the file names as captions), typed by hand: the
    // gallery as it looked before, and a way to clear it from content that has it.
    await first.getByRole('textbox', { name: 'Caption (optional)' }).fill('audit-img1');
    await second.getByRole('textbox', { name: 'Caption (optional)' }).fill('audit-img2');
    await first.getByRole('checkbox', { name: /decorative/ }).check();
    await expect(first.getByRole('textbox', { name: ALT_LABEL })).toBeDisabled();
    await second.getByRole('textbox', { name: ALT_LABEL }).fill('A heron on the pier');
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 20_000 });

    // Every picture is described or decorative: nothing to check, Publish publishes.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Post published')).toBeVisible();
    const editUrl = page.url();
    await page.getByRole('link', { name: 'View post' }).click();
    const article = page.locator('article.post');
    await expect(article.locator('.rc-gallery__title')).toHaveText(['audit-img1', 'audit-img2']);
    await article.locator('.rc-gallery').scrollIntoViewIfNeeded();
    await shot(page, 'gallery-before', project);

    // The writer clears the captions: the published gallery has none.
    await page.goto(editUrl);
    await expect(gallery).toBeVisible({ timeout: 15_000 });
    await first.getByRole('textbox', { name: 'Caption (optional)' }).fill('');
    await second.getByRole('textbox', { name: 'Caption (optional)' }).fill('');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByText('Post updated')).toBeVisible();
    const postId = /\/blog\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1];
    const stored = await request.get(`/api/editor/posts/${postId}`, {
      headers: { 'x-inkwell-test-member': writer.id },
    });
    const body = (await stored.json()) as StoredGallery;
    const items = body.content.nodes.find((node) => node.type === 'GALLERY')?.galleryData?.items;
    expect(items?.map((item) => item.title)).toEqual([undefined, undefined]);
    expect(items?.map((item) => item.decorative)).toEqual([true, undefined]);

    await page.goto(`/blog/${body.slug}`);
    await expect(article.locator('.rc-gallery')).toBeVisible();
    await expect(article.locator('.rc-gallery__title')).toHaveCount(0);
    await expect(article.locator('.rc-gallery__img')).toHaveCount(2);
    const alts = await article
      .locator('.rc-gallery__img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    expect(alts).toEqual(['', 'A heron on the pier']);
    await article.locator('.rc-gallery').scrollIntoViewIfNeeded();
    await shot(page, 'gallery-after', project);
  });

  test('a skipped heading level is listed, leads to the heading, and Schedule says when with a preview', async ({
    page,
  }, info) => {
    const project = info.project.name;
    await startPost(page, `Headings ${project} ${Date.now()}`);
    // The title is the page's h1: a first heading of level 3 skips h2.
    await slash(page, 'heading3');
    await page.keyboard.type('Tide tables');
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 20_000 });

    // Reachable before publishing: the settings panel's Checks (in the sheet on phones).
    if (project === 'mobile') {
      await page.getByRole('button', { name: 'Post settings' }).click();
    }
    await page.locator('#pe-panel').getByRole('button', { name: 'Checks' }).click();
    const panel = dialog(page);
    const finding = panel.getByRole('button', {
      name: 'The heading “Tide tables” skips a level (H1 to H3)',
    });
    await expect(finding).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Publish anyway' })).toHaveCount(0);
    await finding.click();
    await expect(dialog(page)).toHaveCount(0);
    // The heading's words are selected in the editor, ready for the toolbar.
    await expect(editorArea(page)).toBeFocused();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('Tide tables');

    // Schedule runs the checks first; going on anyway asks when, then says it with a preview.
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(finding).toBeVisible();
    await panel.getByRole('button', { name: 'Schedule anyway' }).click();
    await dialog(page).getByLabel('Publish on').fill('2099-06-01T09:00');
    await dialog(page).getByRole('button', { name: 'Schedule' }).click();
    await expect(page.locator('.pe-badge')).toContainText('Scheduled for');
    await expect(page.getByText(/^Your post goes live on .*2099/)).toBeVisible();
    const preview = page.getByRole('link', { name: 'Preview it' });
    await expect(preview).toHaveAttribute('href', /\/blog\/[0-9a-f-]{36}\/preview\/\d+$/);
    await shot(page, 'scheduled', project);
    await preview.click();
    await expect(page).toHaveURL(/\/preview\/\d+$/);
    await expect(page.locator('article.post')).toContainText('Tide tables');
  });
});

type StoredGallery = {
  slug: string;
  content: {
    nodes: {
      type: string;
      galleryData?: { items: { title?: string; decorative?: boolean }[] };
    }[];
  };
};
