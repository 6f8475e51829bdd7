/**
 * Per-post SEO in the editor (issue 19), at 1280 and 375 wide: as the seeded writer, fill the
 * SEO section (title, description, slug, social image), watch the search result and social card
 * previews follow, publish, and check that the post's page says what the social card showed:
 * `<title>`, meta description, og:title, og:description, og:image. Screenshots go to /tmp/shots/.
 */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { actAsSeededWriter, expectAccessible, test } from './support';

async function shot(page: Page, name: string, project: string, fullPage = false) {
  await page.screenshot({ path: `/tmp/shots/${project}-post-editor-seo-${name}.png`, fullPage });
}

const editorArea = (page: Page) => page.locator('.pe-content [contenteditable="true"]');
const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });
const saveStatus = (page: Page) => page.getByTestId('save-status');

/** A 1600×900 picture for the social image. */
function cardPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <rect width="1600" height="900" fill="#24577a"/>
    <circle cx="800" cy="450" r="260" fill="#f4d35e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function metaContent(page: Page, selector: string): Promise<string | null> {
  const tag = page.locator(`head ${selector}`);
  return (await tag.count()) > 0 ? tag.first().getAttribute('content') : null;
}

test.describe('as the seeded writer', () => {
  actAsSeededWriter();

  test('fills the SEO section, sees the previews follow, and the page says the same', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    const stamp = Date.now();
    const title = `Reading the tides ${project} ${stamp}`;
    const slug = `tides-${project}-${stamp}`;
    await page.goto('/blog/create-post');
    await titleField(page).fill(title);
    await editorArea(page).click();
    await page.keyboard.type('The sea comes in twice a day, a little later each time.');
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 });
    await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}\/edit$/);

    const panel = page.locator('#pe-panel');
    if (project === 'mobile') await page.getByRole('button', { name: 'Post settings' }).click();
    await expect(panel).toBeVisible();
    const seo = panel.locator('.pe-seo');
    const searchTitle = seo.getByTestId('seo-search-title');
    const socialTitle = seo.getByTestId('seo-social-title');
    const socialDescription = seo.getByTestId('seo-social-description');

    // Empty fields: the previews show the title and the excerpt, the placeholders say so.
    const seoTitle = seo.getByRole('textbox', { name: 'SEO title' });
    await expect(seoTitle).toHaveAttribute('placeholder', title);
    await expect(socialTitle).toHaveText(title);
    await expect(socialDescription).toContainText('The sea comes in twice a day');

    // A long SEO title: the counter warns, the search result cuts it with an ellipsis.
    const longTitle = `How to read a tide table without getting your feet wet ${stamp}`;
    await seoTitle.fill(longTitle);
    await expect(seo.locator('.pe-hint.is-warning')).toHaveCount(1);
    await expect(seo.getByText(/Longer than the 60 characters/)).toBeVisible();
    await expect(searchTitle).toHaveText(/…$/);
    expect(Array.from((await searchTitle.textContent()) ?? '').length).toBeLessThanOrEqual(60);
    await expect(socialTitle).toHaveText(longTitle);

    const description = 'High water, low water, and the hours between: a field guide.';
    await seo.getByRole('textbox', { name: 'SEO description' }).fill(description);
    await expect(seo.getByTestId('seo-search-description')).toHaveText(description);
    await expect(socialDescription).toHaveText(description);

    // A reserved word is refused beside the field; a good slug shows in the address.
    const slugField = seo.getByRole('textbox', { name: 'Address (slug)' });
    await slugField.fill('search');
    await expect(seo.getByText('This word is reserved by the blog.')).toBeVisible();
    await slugField.fill(slug);
    await expect(seo.getByTestId('seo-search-url')).toHaveText(new RegExp(`/blog/${slug}$`));
    await seo
      .getByRole('heading', { name: 'Search engines and social cards' })
      .scrollIntoViewIfNeeded();
    await shot(page, 'fields', project);

    await seo
      .getByTestId('seo-social-image-input')
      .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: await cardPng() });
    const cardImage = seo.getByTestId('seo-social-image');
    await expect(cardImage).toHaveAttribute('data-image', /\/media\/[0-9a-f-]{36}\/social\.jpg$/);
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 });
    await seo.scrollIntoViewIfNeeded();
    await seo.getByTestId('seo-social-preview').scrollIntoViewIfNeeded();
    await shot(page, 'previews', project);
    await expectAccessible(page, '.pe-seo');

    const shown = {
      title: (await socialTitle.textContent()) ?? '',
      description: (await socialDescription.textContent()) ?? '',
      image: await cardImage.getAttribute('data-image'),
    };
    expect(shown.title).toBe(longTitle);

    if (project === 'mobile') await panel.getByRole('button', { name: 'Close settings' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Post published')).toBeVisible();

    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(shown.title)}`));
    expect(await metaContent(page, 'meta[name="description"]')).toBe(shown.description);
    expect(await metaContent(page, 'meta[property="og:title"]')).toBe(shown.title);
    expect(await metaContent(page, 'meta[property="og:description"]')).toBe(shown.description);
    await shot(page, 'post', project);
    // og:image arrives with the page heads' part of issue 19 (the `heads` branch).
    expect(await metaContent(page, 'meta[property="og:image"]')).toBe(shown.image);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
