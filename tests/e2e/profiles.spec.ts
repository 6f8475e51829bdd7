/**
 * Member profiles (issue 5) at 1280 and 375 wide (the two projects): from an author's name on a
 * feed card to their profile without a page load, from the kitchen-sink post's mention to the
 * profile it names, a private profile as a visitor sees it, and a member editing their own name:
 * the empty-name error beside the field (what was typed stays), the picture still uploading, then
 * a saved name on the profile with the "profile updated" toast. Members act through the test-only
 * header (ENABLE_TEST_ROUTES). Screenshots go to screenshots/profiles-*.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  allImagesLoaded,
  ELENA,
  HANNAH,
  hydrated,
  submitLogIn,
  test,
  WRITER_NAME,
} from './support';

/** The seeded reader who edits her profile (seed content: a public user). */
const EDITOR = HANNAH;
const ABOUT = 'Reader, walker, amateur baker.';
/** The seeded member whose profile is private. */
const PRIVATE = ELENA;

/** A 1×1 PNG, for the picture upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A full-page screenshot once the lazy images below the fold have loaded. */
async function shot(page: Page, name: string, project: string) {
  await allImagesLoaded(page);
  await page.screenshot({ path: `screenshots/profiles-${name}-${project}.png`, fullPage: true });
}

/** Serious or critical accessibility violations of the page as it is. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id}: ${v.help}`);
}

/** A public member's id, from their profile. */
async function memberId(request: APIRequestContext, slug: string): Promise<string> {
  const response = await request.get(`/api/members/${slug}`);
  if (!response.ok()) throw new Error(`/api/members/${slug} answered ${response.status()}`);
  return ((await response.json()) as { member: { siteMemberId: string } }).member.siteMemberId;
}

test('an author’s name on a feed card leads to their profile', async ({ page }, testInfo) => {
  await page.goto('/blog');
  await hydrated(page);
  const author = page.locator('.post-card .post-meta__author', { hasText: WRITER_NAME }).first();
  await expect(author).toHaveAttribute('href', '/blog/profiles/sofia-marchetti');
  // The feed is a page of islands (decision 053): the profile is a document load.
  await author.click();
  await expect(page).toHaveURL(/\/blog\/profiles\/sofia-marchetti$/);
  await expect(page.getByRole('heading', { level: 1, name: WRITER_NAME })).toBeVisible();

  // What the profile shows: the badge, when she joined, her counters, posts and comments.
  const header = page.locator('.profile-header');
  await expect(header.getByText('Writer', { exact: true })).toBeVisible();
  await expect(header.getByText(/^Member since \w+ \d{4}$/)).toBeVisible();
  await expect(header.getByText('Believes most problems can be solved with soup.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Posts' })).toBeVisible();
  await expect(page.locator('.profile .post-card').first()).toBeVisible();
  // Her own cards don't repeat her name.
  await expect(page.locator('.profile .post-card .post-meta__author')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Recent comments' })).toBeVisible();
  // A visitor may not edit it.
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  expect(await seriousViolations(page, 'profile')).toEqual([]);
  await shot(page, 'public', testInfo.project.name);

  // A comment leads to the post it is on.
  const comment = page.locator('.profile-comment').first();
  if (await comment.isVisible()) {
    const postTitle = (await comment.locator('.profile-comment__post').textContent()) ?? '';
    await comment.locator('.profile-comment__post').click();
    await expect(page.getByRole('heading', { level: 1, name: postTitle })).toBeVisible();
  }
});

test('the post page’s author and the kitchen-sink post’s mention lead to the profile', async ({
  page,
}) => {
  // Not waiting for `load`: the post's embeds fetch from outside, which a test machine may lack.
  await page.goto('/blog/every-kind-of-block-a-post-can-hold', { waitUntil: 'domcontentloaded' });
  const mention = page.locator('.rich-content a.rc-mention', { hasText: `@${WRITER_NAME}` });
  await expect(mention).toHaveAttribute('href', '/blog/profiles/sofia-marchetti');
  await mention.scrollIntoViewIfNeeded();
  await mention.click();
  await expect(page).toHaveURL(/\/blog\/profiles\/sofia-marchetti$/);
  await expect(page.getByRole('heading', { level: 1, name: WRITER_NAME })).toBeVisible();

  // From one of her posts, her name under the title leads back here.
  const firstPost = page.locator('.profile .post-card__link').first();
  const title = (await firstPost.textContent()) ?? '';
  await firstPost.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.locator('.post__header .post-meta__author').click();
  await expect(page).toHaveURL(/\/blog\/profiles\/sofia-marchetti$/);
});

test('a private profile shows a visitor that it is private, and nothing of it', async ({
  page,
}, testInfo) => {
  const response = await page.goto(`/blog/profiles/${PRIVATE.slug}`);
  expect(response?.status()).toBe(403);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This profile is private' }),
  ).toBeVisible();
  await expect(page.getByText(PRIVATE.name)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the blog' })).toHaveAttribute(
    'href',
    '/blog',
  );
  expect(await seriousViolations(page, 'private')).toEqual([]);
  await shot(page, 'private', testInfo.project.name);
});

test('an unknown member is the blog’s 404', async ({ page }) => {
  const response = await page.goto('/blog/profiles/nobody-by-this-name');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});

test.describe('a member editing their own profile', () => {
  const member = { id: '' };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    member.id = await memberId(request, EDITOR.slug);
    await request.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-inkwell-test-member': member.id });
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    // Every spec reads the same demo site: her name goes back as it was.
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-inkwell-test-member': member.id },
    });
    await request.patch('/api/members/me', {
      data: { name: EDITOR.name, about: ABOUT, privacyStatus: 'PUBLIC' },
    });
    await request.dispose();
  });

  test('the empty name is refused beside the field, then a new name is saved', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await page.goto(`/blog/profiles/${EDITOR.slug}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/profiles/${EDITOR.slug}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Name' });
    const about = page.getByRole('textbox', { name: 'About you' });
    await expect(name).toHaveValue(EDITOR.name);

    // SPEC §5: name required, said beside the field and as an alert; the bio typed stays.
    await name.fill('   ');
    await about.fill('Reader, walker, amateur baker. Now with rye.');
    await page.getByRole('button', { name: 'Save' }).click();
    const error = page.locator('.profile-form__error', { hasText: 'Enter your name.' });
    await expect(error).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter your name.' })).toBeVisible();
    await expect(about).toHaveValue('Reader, walker, amateur baker. Now with rye.');
    await expect(page).toHaveURL(/\/edit$/);
    expect(await seriousViolations(page, 'form with an error')).toEqual([]);
    await shot(page, 'edit-error', project);

    // SPEC §5: the picture still uploading.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/editor/media?purpose=profile', async (route) => {
      await released;
      // The page cancels the upload first; then the route is already done with.
      await route.abort().catch(() => {});
    });
    await name.fill('Hannah B. Becker');
    await page.locator('input[type="file"][data-field="image"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(page.getByRole('status').filter({ hasText: /^Uploading…/ })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.locator('.profile-form__error', { hasText: 'Your picture is still uploading' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/edit$/);
    // Cancelled: her picture stays as it was.
    await page.getByRole('button', { name: 'Cancel upload Profile picture' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Uploading…/ })).toHaveCount(0);
    release();
    await page.unroute('**/api/editor/media?purpose=profile');

    // Saved: her profile with the new name, and the "profile updated" toast.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/profiles/${EDITOR.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Hannah B. Becker' })).toBeVisible();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByText('Reader, walker, amateur baker. Now with rye.')).toBeVisible();
    await expect(page.locator('.profile-header__avatar img')).toBeVisible();
    await shot(page, 'own', project);
  });

  test('a private profile: its owner sees it, a visitor does not', async ({ page, browser }) => {
    await page.goto(`/blog/profiles/${EDITOR.slug}/edit`);
    await hydrated(page);
    await page.getByRole('radio', { name: /^Private/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/profiles/${EDITOR.slug}$`));
    await expect(
      page.getByText('Your profile is private: only you can see this page.'),
    ).toBeVisible();

    const visitor = await browser.newPage();
    const response = await visitor.goto(`/blog/profiles/${EDITOR.slug}`);
    expect(response?.status()).toBe(403);
    await expect(visitor.getByRole('heading', { name: 'This profile is private' })).toBeVisible();
    await visitor.close();

    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.getByRole('radio', { name: /^Public/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/profiles/${EDITOR.slug}$`));
    await expect(page.getByText('Your profile is private')).toHaveCount(0);
  });
});

test('a visitor at a profile’s form logs in, comes back to it and saves with a session', async ({
  page,
}) => {
  const response = await page.goto(`/blog/profiles/${EDITOR.slug}/edit`);
  expect(response?.status()).toBe(401);
  // SPEC §4: the login-required screen's button presses itself after 100 ms.
  await expect(page).toHaveURL(
    `/blog/login?next=${encodeURIComponent(`/blog/profiles/${EDITOR.slug}/edit`)}`,
  );
  await submitLogIn(page, EDITOR);
  await expect(page).toHaveURL(new RegExp(`/blog/profiles/${EDITOR.slug}/edit$`));
  await hydrated(page);

  // Saved with the session cookie and its anti-forgery token, not the test header.
  const about = page.getByRole('textbox', { name: 'About you' });
  await about.fill(`${ABOUT} Logged in for real.`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/profiles/${EDITOR.slug}$`));
  await expect(page.getByText(`${ABOUT} Logged in for real.`)).toBeVisible();
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await page.getByRole('textbox', { name: 'About you' }).fill(ABOUT);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
});
