/**
 * The post's management actions in its ⋯ menu (SPEC §6 post actions: pin, duplicate,
 * revert-to-draft, delete) at 1280 and 375 wide: the seeded writer duplicates her post (the copy
 * opens in the editor), reverts it to a draft and deletes it, each asked first in a modal; an
 * editor pins a post to the top of the blog and unpins it; a visitor is offered none of them.
 *
 * The spec's own copy of the demo blog (support.ts) is shared by its tests: each writes its own
 * post through the API and removes what it made, whatever happens. Screenshots go to screenshots/<project>-post-actions-*.
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import {
  actAsSeededWriter,
  DANIEL,
  hydrated,
  logInTo,
  publishPostThroughApi,
  test,
} from './support';

const MEMBER_HEADER = 'x-inkwell-test-member';

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({
    path: `screenshots/${project}-post-actions-${name}.png`,
    animations: 'disabled',
  });
}

const actionsButton = (page: Page) =>
  page.getByRole('button', { name: 'More actions for this post' });

/** Opens the post's ⋯ menu and gives its entries. */
async function openActions(page: Page): Promise<Locator> {
  await actionsButton(page).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  return items;
}

/** A published post of the seeded writer's, made through the API; `made` collects its id. */
function publishPost(request: APIRequestContext, writerId: string, title: string, made: string[]) {
  return publishPostThroughApi(request, {
    title,
    text: 'A post to try the post menu on.',
    headers: { [MEMBER_HEADER]: writerId },
    onCreated: (id) => made.push(id),
  });
}

/** Deletes what a test made, whatever state it was left in (the spec's blog is shared by its tests). */
async function removePosts(request: APIRequestContext, writerId: string, made: string[]) {
  for (const id of made) {
    await request.delete(`/api/editor/posts/${id}`, { headers: { [MEMBER_HEADER]: writerId } });
  }
}

test.describe('as the seeded writer', () => {
  const writer = actAsSeededWriter();

  test('duplicates her post, reverts it to a draft and deletes it, asked first', async ({
    page,
    request,
  }, info) => {
    const project = info.project.name;
    const made: string[] = [];
    try {
      const post = await publishPost(
        request,
        writer.id,
        `Menu trial (${project} ${Date.now()})`,
        made,
      );
      await page.goto(`/blog/${post.slug}`);
      await hydrated(page);

      // A writer's own post: duplicate, revert and delete; pinning is an editor's.
      const items = await openActions(page);
      await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Revert to draft' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Delete post' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Pin to top' })).toHaveCount(0);
      expect(await items.count()).toBeGreaterThanOrEqual(4);
      await shot(page, 'menu', project);

      // Duplicate: a new draft of hers, open in the editor with the same title.
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}\/edit$/);
      const copyId = /\/blog\/([0-9a-f-]{36})\/edit$/.exec(page.url())![1]!;
      made.push(copyId);
      expect(copyId).not.toBe(post.id);
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
        /Menu trial/,
      );

      // Revert to draft: asked first; Cancel leaves the post as it was.
      await page.goto(`/blog/${post.slug}`);
      await hydrated(page);
      await openActions(page);
      await page.getByRole('menuitem', { name: 'Revert to draft' }).click();
      const ask = page.getByRole('dialog', { name: 'Revert this post to a draft?' });
      await expect(ask).toBeVisible();
      await shot(page, 'confirm-revert', project);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
      await openActions(page);
      await page.getByRole('menuitem', { name: 'Revert to draft' }).click();
      await ask.getByRole('button', { name: 'Revert to draft' }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/${post.id}/edit$`));
      // Readers no longer find it.
      expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404);

      // Published again, then deleted from its page: back to the blog, the page gone.
      const again = await request.post(`/api/editor/posts/${post.id}/publish`, {
        headers: { [MEMBER_HEADER]: writer.id },
        data: {},
      });
      expect(again.status(), await again.text()).toBe(200);
      await page.goto(`/blog/${post.slug}`);
      await hydrated(page);
      await openActions(page);
      await page.getByRole('menuitem', { name: 'Delete post' }).click();
      const confirmDelete = page.getByRole('dialog', { name: 'Delete this post?' });
      await expect(confirmDelete).toContainText('This cannot be undone.');
      await shot(page, 'confirm-delete', project);
      await confirmDelete.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/blog$/);
      expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404);
      expect(
        (
          await request.get(`/api/editor/posts/${post.id}`, {
            headers: { [MEMBER_HEADER]: writer.id },
          })
        ).status(),
      ).toBe(404);
    } finally {
      await removePosts(request, writer.id, made);
    }
  });
});

test.describe('on My posts, as the seeded writer', () => {
  const writer = actAsSeededWriter();

  test('reverts a published post to a draft and deletes the draft from its row', async ({
    page,
    request,
  }, info) => {
    const project = info.project.name;
    const title = `Row menu trial (${project} ${Date.now()})`;
    const made: string[] = [];
    try {
      await publishPost(request, writer.id, title, made);
      await page.goto('/my-posts');
      await hydrated(page);
      const row = page.locator('.my-post', { hasText: title });
      await expect(row).toBeVisible();
      const drafts = page.getByRole('link', { name: /^Drafts/ });
      const draftsBefore = Number(/\d+/.exec((await drafts.textContent()) ?? '')?.[0] ?? 0);

      await row.getByRole('button', { name: `More actions for “${title}”` }).click();
      await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
      await shot(page, 'row-menu', project);
      await page.getByRole('menuitem', { name: 'Revert to draft' }).click();
      await page
        .getByRole('dialog', { name: 'Revert this post to a draft?' })
        .getByRole('button', { name: 'Revert to draft' })
        .click();
      await expect(page.locator('.toast')).toHaveText(`“${title}” is a draft again`);
      // The list reloads: the post leaves Published and Drafts counts one more.
      await expect(row).toHaveCount(0);
      await expect(drafts).toContainText(String(draftsBefore + 1));

      await drafts.click();
      await expect(page).toHaveURL(/\/my-posts\?status=drafts$/);
      const draftRow = page.locator('.my-post', { hasText: title });
      await draftRow.getByRole('button', { name: `More actions for “${title}”` }).click();
      // A draft is not reverted again.
      await expect(page.getByRole('menuitem', { name: 'Revert to draft' })).toHaveCount(0);
      await page.getByRole('menuitem', { name: 'Delete post' }).click();
      await page
        .getByRole('dialog', { name: 'Delete this post?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      // The revert's toast may still be showing: each says its own.
      await expect(page.locator('.toast').filter({ hasText: 'was deleted' })).toHaveText(
        `“${title}” was deleted`,
      );
      await expect(draftRow).toHaveCount(0);
      await expect(drafts).toContainText(String(draftsBefore));
      await shot(page, 'row-deleted', project);
    } finally {
      await removePosts(request, writer.id, made);
    }
  });
});

test('an editor pins a post to the top of the blog and unpins it', async ({ page }, info) => {
  const project = info.project.name;
  // A published post that is not pinned, from the feed's second page.
  const feed = (await (await page.request.get('/api/posts?page=2')).json()) as {
    posts: { id: string; link: string; title: string; isPinned: boolean }[];
  };
  const post = feed.posts.find((p) => !p.isPinned)!;
  expect(post).toBeTruthy();
  const isPinnedNow = async () => {
    const first = (await (await page.request.get('/api/posts?page=1')).json()) as {
      posts: { id: string; isPinned: boolean }[];
    };
    return first.posts.find((p) => p.id === post.id)?.isPinned ?? false;
  };
  await logInTo(page, DANIEL, post.link);
  try {
    await openActions(page);
    await page.getByRole('menuitem', { name: 'Pin to top' }).click();
    await expect(page.locator('.toast')).toHaveText('Post pinned to the top of the blog');
    await shot(page, 'pinned', project);
    expect(await isPinnedNow()).toBe(true);

    // The blog lists it among the pinned posts at the top.
    await page.goto('/blog');
    await hydrated(page);
    await expect(page.locator('.post-card').first()).toBeVisible();
    const titles = await page.locator('.post-card__title').allTextContents();
    expect(titles.slice(0, 4).map((t) => t.trim())).toContain(post.title);

    await page.goto(post.link);
    await hydrated(page);
    await openActions(page);
    await page.getByRole('menuitem', { name: 'Unpin' }).click();
    await expect(page.locator('.toast')).toHaveText('Post unpinned');
    expect(await isPinnedNow()).toBe(false);
  } finally {
    // Whatever happened, the spec's blog keeps its seeded pins.
    if (await isPinnedNow()) {
      const token = (await page.context().cookies()).find((c) => c.name === 'inkwell_csrf')?.value;
      await page.request.delete(`/api/editor/posts/${post.id}/pin`, {
        headers: { 'x-csrf-token': token ?? '' },
      });
    }
  }
});

test('a visitor is offered none of the management actions', async ({ page }) => {
  const feed = (await (await page.request.get('/api/posts?page=1')).json()) as {
    posts: { link: string }[];
  };
  await page.goto(feed.posts[0]!.link);
  await hydrated(page);
  await openActions(page);
  await expect(page.getByRole('menuitem', { name: 'Print' })).toBeVisible();
  for (const name of ['Pin to top', 'Duplicate', 'Revert to draft', 'Delete post']) {
    await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
  }
});
