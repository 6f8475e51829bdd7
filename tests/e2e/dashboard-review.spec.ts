/**
 * The review flow (issue 17, decision 034) at 1280 and 375 wide, on the spec's own blog: a
 * guest-writer (Priya) writes a post and submits it for review; an editor (Daniel) is notified,
 * opens it from the notification and publishes it; the post is live and Priya is told. And an
 * editor sends a submitted post back with a note (the note's field refuses an empty note and
 * keeps what was typed), which the writer reads in her editor.
 *
 * Screenshots go to screenshots/<project>-review-*.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DANIEL, hydrated, logInTo, memberBrowser, PRIYA, test } from './support';

const MEMBER_HEADER = 'x-inkwell-test-member';

const editorArea = (page: Page) => page.locator('.pe-content [contenteditable="true"]');
const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });
const saveStatus = (page: Page) => page.getByTestId('save-status');
const badge = (page: Page) => page.locator('.pe-badge');

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({
    path: `screenshots/${project}-review-${name}.png`,
    animations: 'disabled',
  });
}

/** A seeded member's id, from their profile. */
async function memberId(request: APIRequestContext, slug: string): Promise<string> {
  const response = await request.get(`/api/members/${slug}`);
  expect(response.status()).toBe(200);
  const profile = (await response.json()) as { member: { siteMemberId: string } };
  return profile.member.siteMemberId;
}

/** A guest-writer's post submitted through the API, as the test-only member header. */
async function submittedPost(request: APIRequestContext, writerId: string, title: string) {
  const headers = { [MEMBER_HEADER]: writerId };
  const created = await request.post('/api/editor/posts', { data: { title }, headers });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as { id: string; revision: number };
  const saved = await request.put(`/api/editor/posts/${draft.id}`, {
    headers,
    data: {
      revision: draft.revision,
      content: {
        nodes: [
          {
            type: 'PARAGRAPH',
            id: 'p1',
            nodes: [
              {
                type: 'TEXT',
                id: '',
                nodes: [],
                textData: { text: 'A harbour at dawn, written for review.', decorations: [] },
              },
            ],
            paragraphData: {},
          },
        ],
      },
    },
  });
  expect(saved.status()).toBe(200);
  const submitted = await request.post(`/api/editor/posts/${draft.id}/submit`, {
    headers,
    data: {},
  });
  expect(submitted.status()).toBe(200);
  return draft.id;
}

test('a guest-writer submits, an editor approves from the notification, the writer is told', async ({
  page,
  browser,
  request,
}, info) => {
  const project = info.project.name;
  const title = `Lighthouses of the north coast ${project} ${Date.now()}`;
  await logInTo(page, PRIYA, '/blog/create-post');

  // A guest-writer is offered Submit for review, never Publish or Schedule.
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Schedule' })).toHaveCount(0);
  await titleField(page).fill(title);
  await editorArea(page).click();
  await page.keyboard.type('Seven lights, each with a keeper who wrote letters home.');
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}\/edit$/);
  const postId = /\/blog\/([0-9a-f-]{36})\/edit$/.exec(page.url())![1]!;

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Post submitted for moderation')).toBeVisible();
  await expect(badge(page)).toHaveText('In review');
  await expect(page.getByText(/Submitted for review\. An editor will publish it/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  await shot(page, 'writer-submitted', project);

  // Editing the submitted post keeps it in review.
  await editorArea(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' The last one went dark in 1987.');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Post updated in moderation')).toBeVisible();
  await expect(badge(page)).toHaveText('In review');

  const editor = await memberBrowser(browser, info, DANIEL, '/blog/notifications');
  try {
    const line = editor.page.getByRole('link', {
      name: `Priya Raman submitted “${title}” for review`,
    });
    await expect(line).toBeVisible();
    await shot(editor.page, 'editor-notified', project);
    await line.click();
    await expect(editor.page).toHaveURL(new RegExp(`/blog/${postId}/edit$`));
    await hydrated(editor.page);
    await expect(badge(editor.page)).toHaveText('In review');
    await expect(editor.page.getByText(/waiting for your review/)).toBeVisible();
    await expect(editor.page.getByRole('button', { name: 'Send back' })).toBeVisible();
    await expect(editorArea(editor.page)).toContainText('The last one went dark in 1987.');
    await shot(editor.page, 'editor-reviews', project);

    await editor.page.getByRole('button', { name: 'Publish' }).click();
    await expect(editor.page.getByText('Post published')).toBeVisible();
    await expect(badge(editor.page)).toHaveText('Published');

    // Live for readers.
    const loaded = await request.get(`/api/editor/posts/${postId}`, {
      headers: { [MEMBER_HEADER]: await memberId(request, DANIEL.slug) },
    });
    const slug = ((await loaded.json()) as { slug: string }).slug;
    const visitor = await request.get(`/blog/${slug}`);
    expect(visitor.status()).toBe(200);
    expect(await visitor.text()).toContain(title);

    // The writer is told, and the link leads to the live post.
    await page.goto('/blog/notifications');
    await hydrated(page);
    const told = page.getByRole('link', {
      name: `Daniel Okafor approved and published your post “${title}”`,
    });
    await expect(told).toBeVisible();
    await shot(page, 'writer-notified', project);
    await told.click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  } finally {
    await editor.context.close();
    await request.delete(`/api/editor/posts/${postId}`, {
      headers: { [MEMBER_HEADER]: await memberId(request, DANIEL.slug) },
    });
  }
});

test('an editor sends a post back with a note, by keyboard; the writer reads it', async ({
  page,
  request,
}, info) => {
  const project = info.project.name;
  const priyaId = await memberId(request, PRIYA.slug);
  const danielId = await memberId(request, DANIEL.slug);
  const title = `Harbour at dawn ${project} ${Date.now()}`;
  const postId = await submittedPost(request, priyaId, title);
  try {
    await page.setExtraHTTPHeaders({ [MEMBER_HEADER]: danielId });
    await page.goto(`/blog/${postId}/edit`);
    await hydrated(page);
    await expect(badge(page)).toHaveText('In review');

    // The keyboard only, from the Send back button to the sent note.
    const sendBack = page.getByRole('button', { name: 'Send back' });
    await sendBack.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send back to the writer' });
    await expect(dialog).toBeVisible();
    const note = dialog.getByRole('textbox', { name: 'Note for the writer' });
    await expect(note).toBeFocused();
    // An empty note is refused beside the field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send back' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Write a note for the writer')).toBeVisible();
    await note.focus();
    await page.keyboard.type('Lovely light. Say which harbour it is, and add a photo.');
    await shot(page, 'send-back-dialog', project);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Post sent back to its writer')).toBeVisible();
    await expect(badge(page)).toHaveText('Draft');

    // The writer opens her editor: the note is there, and Submit for review again.
    await page.setExtraHTTPHeaders({ [MEMBER_HEADER]: priyaId });
    await page.goto(`/blog/${postId}/edit`);
    await hydrated(page);
    await expect(page.getByText('Daniel Okafor sent this post back')).toBeVisible();
    await expect(page.getByTestId('review-note')).toHaveText(
      'Lovely light. Say which harbour it is, and add a photo.',
    );
    await expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible();
    await shot(page, 'writer-sent-back', project);
  } finally {
    await request.delete(`/api/editor/posts/${postId}`, { headers: { [MEMBER_HEADER]: danielId } });
  }
});
