/**
 * The blog settings page (issue 18 § Blog settings), at 1280 and 375 wide, on the spec's own copy
 * of the demo blog (decision 031): the owner's bad values are said beside their fields with the
 * typed text kept; the owner renames the blog and uploads a logo, and the blog shows both at
 * once; a switch changed here is the builder's own value, and one changed in the builder shows
 * here. Screenshots go to screenshots/ (ignored by git).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { hydrated, logInTo, MAYA, test } from './support';

async function shot(page: Page, project: string, name: string) {
  await page.screenshot({
    path: `screenshots/${project}-dashboard-settings-${name}.png`,
    fullPage: project === 'desktop',
  });
}

/** A logo: a wide PNG of a coloured badge. */
function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80">
    <rect width="240" height="80" rx="16" fill="#1f6f5c"/>
    <circle cx="40" cy="40" r="22" fill="#f4d35e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const form = (page: Page) => page.getByTestId('blog-settings');
const saveButton = (page: Page) => form(page).getByRole('button', { name: 'Save settings' });

/** What the builder's published settings hold for a key, on both devices. */
async function publishedBothDevices(page: Page, key: string) {
  const response = await page.request.get('/api/editor/settings/blog');
  const { published } = (await response.json()) as {
    published: Record<'desktop' | 'mobile', Record<string, unknown>>;
  };
  return [published.desktop[key], published.mobile[key]];
}

test('the owner changes the blog’s settings; bad values are said beside their fields', async ({
  page,
}, info) => {
  const project = info.project.name;
  const name = `Night Garden ${project === 'mobile' ? 'M' : 'D'}${info.repeatEachIndex}`;
  await logInTo(page, MAYA, '/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const result = await new AxeBuilder({ page }).include('.bs-form').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
  await shot(page, project, 'page');

  // Out of bounds: said beside the field, the typed value kept, nothing saved.
  const postsPerPage = form(page).getByLabel('Posts per page');
  const prefix = form(page).getByLabel('Category address prefix');
  await postsPerPage.fill('80');
  await prefix.fill('tags');
  await form(page).getByLabel('Blog name').fill(name);
  await saveButton(page).click();
  await expect(form(page).getByText('Enter a whole number from 1 to 50.')).toBeVisible();
  await expect(form(page).getByText(/not a word another blog address uses/)).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Some settings need a fix' }),
  ).toBeVisible();
  await expect(postsPerPage).toHaveValue('80');
  await expect(postsPerPage).toHaveAttribute('aria-invalid', 'true');
  await expect(prefix).toHaveValue('tags');
  await expect(form(page).getByLabel('Blog name')).toHaveValue(name);
  await postsPerPage.scrollIntoViewIfNeeded();
  await shot(page, project, 'errors');
  expect((await (await page.request.get('/blog')).text()).includes(name)).toBe(false);

  // Fixed: saved, the blog follows.
  await postsPerPage.fill('6');
  await prefix.fill('topics');
  await saveButton(page).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(postsPerPage).not.toHaveAttribute('aria-invalid', 'true');
  await expect(saveButton(page)).toBeDisabled();
  // The dashboard's own top bar names the blog anew.
  await expect(page.locator('.dash-topbar')).toContainText(name);

  // The logo is saved as soon as it is uploaded (SPEC §8 "logo saved").
  await form(page)
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
  await expect(page.getByText('Logo saved')).toBeVisible();
  await expect(form(page).getByTestId('logo-preview')).toBeVisible();
  await shot(page, project, 'saved');

  // The blog shows the name and the logo at once, in its header and its title.
  await page.goto('/blog');
  await hydrated(page);
  const logo = page.locator('.site-logo');
  await expect(logo).toContainText(name);
  await expect(logo.locator('img.site-logo__image')).toBeVisible();
  expect(
    await logo.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(page).toHaveTitle(new RegExp(name));
  await shot(page, project, 'blog');
  // The category prefix's second route answers (SPEC §2), the category route still does.
  expect((await page.request.get('/blog/topics/travel')).status()).toBe(200);
  expect((await page.request.get('/blog/category/travel')).status()).toBe(200);
});

test('the builder and this page edit the same values', async ({ page }, info) => {
  const isDesktop = info.project.name === 'desktop';
  await logInTo(page, MAYA, '/dashboard/settings');
  const comments = form(page).getByRole('switch', { name: 'Comments', exact: true });
  await expect(comments).toBeChecked();
  await comments.click();
  await saveButton(page).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  expect(await publishedBothDevices(page, 'comments.enabled')).toEqual([false, false]);

  if (isDesktop) {
    // The builder's Settings tab shows it; a switch turned there and published shows here.
    await page.goto('/editor');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('switch', { name: 'Comments', exact: true })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.getByRole('switch', { name: 'Ratings', exact: true }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByTestId('save-status')).toHaveText('All changes are live');
  } else {
    // The builder is a desktop tool: its draft and Publish through the same API it calls.
    const draft = await page.request.patch('/api/editor/settings/blog/desktop', {
      data: { 'comments.ratingsEnabled': true },
      headers: { 'x-csrf-token': await csrfOf(page) },
    });
    expect(draft.status()).toBe(200);
    const published = await page.request.post('/api/editor/settings/publish', {
      data: { widget: 'blog' },
      headers: { 'x-csrf-token': await csrfOf(page) },
    });
    expect(published.status()).toBe(200);
  }
  await page.goto('/dashboard/settings');
  await hydrated(page);
  await expect(form(page).getByRole('switch', { name: 'Ratings', exact: true })).toBeChecked();
  await expect(form(page).getByRole('switch', { name: 'Comments', exact: true })).not.toBeChecked();
  if (!isDesktop) {
    // Phones keep the builder's own value for ratings: the page says so.
    await expect(form(page).getByText(/On phones: Off \(set in the builder\)/)).toBeVisible();
  }

  // Demo mode: the blog refuses changes, so the other settings lock until it goes off again.
  const demo = form(page).getByRole('switch', { name: 'Demo mode' });
  await demo.click();
  await saveButton(page).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(form(page).getByLabel('Blog name')).toBeDisabled();
  await expect(form(page).getByText(/Demo mode is on/)).toBeVisible();
  await shot(page, info.project.name, 'demo');
  const refused = await page.request.patch('/api/dashboard/settings', {
    data: { name: 'Not while demo' },
    headers: { 'x-csrf-token': await csrfOf(page) },
  });
  expect(refused.status()).toBe(403);
  await demo.click();
  await expect(form(page).getByLabel('Blog name')).toBeEnabled();
  await saveButton(page).click();
  await expect(saveButton(page)).toBeDisabled();
  const after = await page.request.get('/api/dashboard/settings');
  expect(((await after.json()) as { values: { demoMode: boolean } }).values.demoMode).toBe(false);
});

test('post addresses move to the dated shape; old ones answer 301, the feed links the new', async ({
  page,
}, info) => {
  const project = info.project.name;
  await page.goto('/blog');
  const firstCard = page.locator('a.post-card__link').first();
  const slugAddress = (await firstCard.getAttribute('href')) ?? '';
  expect(slugAddress).toMatch(/^\/blog\/[^/]+$/);
  const slug = slugAddress.slice('/blog/'.length);

  await logInTo(page, MAYA, '/dashboard/settings');
  const section = form(page).getByRole('region', { name: 'Addresses and feeds' });
  const dated = section.getByRole('radio', { name: /The date it was first published/ });
  // Each option shows the address it makes, from the same function the blog links with.
  await expect(section.getByText(/\/blog\/my-first-post$/)).toBeVisible();
  await expect(section.getByText(/\/blog\/2026\/05\/\d{2}\/my-first-post$/)).toBeVisible();
  await expect(section.getByRole('radio', { name: /The post’s name only/ })).toBeChecked();

  // A bad feed size is said beside the field, kept as typed; nothing is saved.
  const items = section.getByLabel('Posts in each feed');
  await dated.check();
  await items.fill('0');
  await saveButton(page).click();
  await expect(section.getByText('Enter a whole number from 1 to 100.')).toBeVisible();
  await expect(items).toHaveValue('0');
  await expect(items).toHaveAttribute('aria-invalid', 'true');
  await expect(dated).toBeChecked();
  expect((await page.request.get(slugAddress, { maxRedirects: 0 })).status()).toBe(200);
  await section.scrollIntoViewIfNeeded();
  await shot(page, project, 'addresses-error');

  await items.fill('15');
  await section.getByRole('radio', { name: 'The excerpt' }).check();
  await saveButton(page).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  const result = await new AxeBuilder({ page }).include('.bs-choice').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await shot(page, project, 'addresses-saved');

  // The old address answers a permanent redirect to the dated one, which is the page.
  const old = await page.request.get(`${slugAddress}?utm_source=test`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  const location = old.headers().location ?? '';
  expect(location).toMatch(new RegExp(`^/blog/\\d{4}/\\d{2}/\\d{2}/${slug}$`));
  expect((await page.request.get(location, { maxRedirects: 0 })).status()).toBe(200);

  // The feed's cards link the dated address, and following one lands on the post.
  await page.goto('/blog');
  await hydrated(page);
  await expect(page.locator(`a.post-card__link[href="${location}"]`).first()).toBeVisible();
  await expect(page.locator(`a.post-card__link[href="${slugAddress}"]`)).toHaveCount(0);
  await page.locator(`a.post-card__link[href="${location}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${location}$`));
  await shot(page, project, 'addresses-post');

  // Back to the slug shape for the file's other runs.
  const back = await page.request.patch('/api/dashboard/settings', {
    data: { postUrlShape: 'slug', feedItemCount: 20, feedContent: 'full' },
    headers: { 'x-csrf-token': await csrfOf(page) },
  });
  expect(back.status()).toBe(200);
});

/** The anti-forgery token the page's API calls send (decision 017). */
async function csrfOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'inkwell_csrf')?.value ?? '';
}
