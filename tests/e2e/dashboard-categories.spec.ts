/**
 * The dashboard's categories and tags (issue 17), at 1280 and 375 wide, on the spec's own copy of
 * the demo blog (decision 031): an editor creates a category (a missing name is said beside the
 * field and nothing typed is lost), adds a subcategory, moves the category to the top with the
 * keyboard alone and sees the blog's header follow, renames it (its old address answers 301),
 * deletes it moving its posts; then merges two tags and sees the survivor's count. Screenshots of
 * every screen go to screenshots/ (ignored by git).
 */
import { expect, type Page } from '@playwright/test';
import { DANIEL, expectAccessible, hydrated, logInTo, test } from './support';

/** Each project and repetition gets names of its own (the blog is the spec's, but be plain). */
function suffix(info: { project: { name: string }; repeatEachIndex: number }) {
  return `${info.project.name === 'mobile' ? 'M' : 'D'}${info.repeatEachIndex}`;
}

async function shot(page: Page, project: string, name: string) {
  // A phone's shot is the screen as it is seen (the shell's bars are sticky).
  await page.screenshot({
    path: `screenshots/${project}-dashboard-${name}.png`,
    fullPage: project === 'desktop',
  });
}

/**
 * The top-level categories of the blog's header as the server renders it for this device: the
 * desktop bar, or the phone's category dropdown (after "All posts" in both).
 */
async function headerCategories(page: Page): Promise<string[]> {
  const html = await (await page.request.get('/blog')).text();
  const isPhone = html.includes('class="blog-header-mobile__categories"');
  const nav = isPhone
    ? html.slice(html.indexOf('class="blog-header-mobile__categories"'))
    : // After the nav's start: the head's inline CSS names `.blog-nav__more` too (decision 052).
      html.slice(
        html.indexOf('class="blog-nav"'),
        html.indexOf('blog-nav__more', html.indexOf('class="blog-nav"')),
      );
  const list = isPhone ? nav.slice(0, nav.indexOf('</nav>')) : nav;
  return [...list.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!.trim()).slice(1);
}

test('an editor manages categories: create, subcategory, keyboard reorder, rename, delete', async ({
  page,
}, info) => {
  const project = info.project.name;
  const name = `Slow Rail ${suffix(info)}`;
  await logInTo(page, DANIEL, '/dashboard/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await shot(page, project, 'categories');
  await expectAccessible(page, '.tx-screen');

  // Create: a missing name is refused beside the field, and what was typed stays.
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Description', { exact: true }).fill('Trains, slowly.');
  await dialog.getByRole('button', { name: 'Create category' }).click();
  await expect(dialog.getByText('Give the category a name.')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Category title required' }),
  ).toBeVisible();
  await expect(dialog.getByLabel('Description', { exact: true })).toHaveValue('Trains, slowly.');
  await expectAccessible(page, '.tx-dialog');
  await shot(page, project, 'category-form-error');
  // A reserved word as the address is refused with the word named.
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Address').fill('Search');
  await dialog.getByRole('button', { name: 'Create category' }).click();
  await expect(dialog.getByText('“search” is a reserved word')).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  await dialog.getByLabel('Address').fill('');
  await dialog.getByRole('button', { name: 'Create category' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Category created')).toBeVisible();
  const row = page.locator('.tx-tree__list > li').filter({ hasText: name }).first();
  await expect(row).toBeVisible();

  // A subcategory under it.
  await page.getByRole('button', { name: `Add a subcategory to ${name}` }).click();
  const subDialog = page.getByRole('dialog', { name: `New subcategory of ${name}` });
  await subDialog.getByLabel('Name', { exact: true }).fill(`Night Trains ${suffix(info)}`);
  await subDialog.getByRole('button', { name: 'Create category' }).click();
  await expect(subDialog).toBeHidden();
  await expect(row.locator('.tx-tree__children')).toContainText(`Night Trains ${suffix(info)}`);

  // Reorder with the keyboard only: lift, move to the top, drop.
  const before = await headerCategories(page);
  expect(before.at(-1)).toBe(name);
  const handle = page.getByRole('button', { name: `Reorder ${name}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  for (let i = 0; i < before.length - 1; i++) await page.keyboard.press('ArrowUp');
  await expect(page.locator('[aria-live="assertive"]')).toContainText(
    `moved to position 1 of ${before.length}`,
  );
  await page.keyboard.press('Space');
  await expect(page.getByText('Order saved')).toBeVisible();
  await expect(page.locator('.tx-tree__list > li').first()).toContainText(name);
  await shot(page, project, 'categories-reordered');
  // The header follows at once.
  await expect.poll(() => headerCategories(page)).toEqual([name, ...before.slice(0, -1)]);
  await page.goto('/blog');
  await hydrated(page);
  if (project === 'desktop') {
    await expect(page.locator('.blog-nav a').nth(1)).toHaveText(name);
  } else {
    await page.locator('.blog-header-mobile__categories summary').click();
    await expect(page.locator('.blog-header-mobile__categories nav a').nth(1)).toHaveText(name);
  }

  // Back to second place: by dragging its handle at a desk, by its Move down button on a phone.
  await page.goto('/dashboard/categories');
  await hydrated(page);
  const second = before[0]!;
  if (project === 'desktop') {
    await page
      .getByRole('button', { name: `Reorder ${name}` })
      .dragTo(page.locator('.tx-tree__list > li > .tx-row').nth(1));
  } else {
    await page.getByRole('button', { name: `Move ${name} down` }).click();
  }
  await expect(page.getByText('Order saved').last()).toBeVisible();
  await expect.poll(() => headerCategories(page)).toEqual([second, name, ...before.slice(1, -1)]);

  // Rename the address: the old one answers 301 to the new one.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit category' });
  const oldSlug = await edit.getByLabel('Address').inputValue();
  await edit.getByLabel('Address').fill(`${oldSlug}-renamed`);
  await expect(edit.getByText(`The old address ${oldSlug} will keep working`)).toBeVisible();
  await shot(page, project, 'category-form');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const redirect = await page.request.get(`/blog/category/${oldSlug}`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe(`/blog/category/${oldSlug}-renamed`);
});

test('an editor deletes a category moving its posts, merges two tags, renames and deletes one', async ({
  page,
}, info) => {
  const project = info.project.name;
  await logInTo(page, DANIEL, '/dashboard/categories');
  // The seeded "Europe" (a subcategory of Travel Notes) has posts: move them to "Asia".
  const categories = (await (await page.request.get('/api/categories')).json()) as {
    categories: { id: string; label: string; postCount: number }[];
  };
  const europe = categories.categories.find((c) => c.label === 'Europe')!;
  const asia = categories.categories.find((c) => c.label === 'Asia')!;
  expect(europe.postCount).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Delete Europe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Europe”?' });
  await expect(dialog).toContainText(`${europe.postCount} published post`);
  await dialog.getByLabel('Move them to another category').check();
  await dialog
    .getByLabel('Category to move them to')
    .selectOption({ label: 'Travel Notes › Asia' });
  await shot(page, project, 'category-delete');
  await dialog.getByRole('button', { name: 'Delete category' }).click();
  await expect(page.getByText('Category deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Europe' })).toHaveCount(0);
  const after = (await (await page.request.get('/api/categories')).json()) as typeof categories;
  const asiaAfter = after.categories.find((c) => c.id === asia.id)!;
  expect(asiaAfter.postCount).toBeGreaterThanOrEqual(europe.postCount);
  expect(asiaAfter.postCount).toBeLessThanOrEqual(europe.postCount + asia.postCount);

  // Tags: merge "Walking" into "Weekend trips".
  await page.goto('/dashboard/tags');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await shot(page, project, 'tags');
  await expectAccessible(page, '.tx-screen');
  const tagList = async () =>
    (await (await page.request.get('/api/tags')).json()) as {
      tags: { id: string; slug: string; label: string; postCount: number }[];
    };
  const tagsBefore = await tagList();
  const walking = tagsBefore.tags.find((t) => t.slug === 'walking')!;
  const weekend = tagsBefore.tags.find((t) => t.slug === 'weekend-trips')!;
  await page.getByLabel('Search tags').fill('walk');
  await expect(page.locator('[data-tag-row]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Merge Walking into another tag' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge “Walking”' });
  await merge.getByLabel('Find a tag').fill('weekend');
  await merge.getByLabel(/Weekend trips/).check();
  await shot(page, project, 'tags-merge');
  await merge.getByRole('button', { name: 'Merge tags' }).click();
  await expect(page.getByText('Tags merged')).toBeVisible();
  const tagsAfter = await tagList();
  expect(tagsAfter.tags.some((t) => t.id === walking.id)).toBe(false);
  const survivor = tagsAfter.tags.find((t) => t.id === weekend.id)!;
  // Posts with both tags count once.
  expect(survivor.postCount).toBeGreaterThanOrEqual(Math.max(walking.postCount, weekend.postCount));
  expect(survivor.postCount).toBeLessThanOrEqual(walking.postCount + weekend.postCount);
  const feed = (await (
    await page.request.get('/api/tags/weekend-trips/posts?page=1&pageSize=50')
  ).json()) as {
    entityCount: number;
  };
  expect(feed.entityCount).toBe(survivor.postCount);
  const old = await page.request.get('/blog/tags/walking', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe('/blog/tags/weekend-trips');
  await page.getByLabel('Search tags').fill('');
  await expect(page.locator('[data-tag-row]').first()).toBeVisible();
  await shot(page, project, 'tags-after-merge');

  // Rename "Coffee": a taken address is said beside the field, the typed name stays.
  await page.getByRole('button', { name: 'Rename Coffee' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename tag' });
  await rename.getByLabel('Name').fill('Coffee & tea');
  await rename.getByLabel('Address').fill('baking');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByText('Another tag already has this address.')).toBeVisible();
  await expect(rename.getByLabel('Name')).toHaveValue('Coffee & tea');
  await shot(page, project, 'tags-rename-error');
  await rename.getByLabel('Address').fill('coffee-and-tea');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByText('Tag renamed')).toBeVisible();
  await expect(page.locator('[data-tag-row]').filter({ hasText: 'Coffee & tea' })).toContainText(
    '/tags/coffee-and-tea',
  );
  const renamed = await page.request.get('/blog/tags/coffee', { maxRedirects: 0 });
  expect(renamed.status()).toBe(301);
  expect(renamed.headers().location).toBe('/blog/tags/coffee-and-tea');

  // Delete "Street", confirmed first.
  await page.getByRole('button', { name: 'Delete Street' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete tag' }).click();
  await expect(page.getByText('Tag deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Street' })).toHaveCount(0);
  expect((await tagList()).tags.some((t) => t.slug === 'street')).toBe(false);
});
