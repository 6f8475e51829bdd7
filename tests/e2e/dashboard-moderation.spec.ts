/**
 * Moderation in the dashboard (issue 17 "Comments and reports"), at 1280 and 375 wide (the two
 * projects), on the spec's own copy of the demo blog (decision 031):
 *
 * - an editor handles reports: Hannah (a member) wrote two comments, members reported them;
 *   Daniel (an editor) logs in, sees the Reports badge, deletes one comment (confirmed) and
 *   dismisses the other's reports with the keyboard; the badge and the tabs follow;
 * - an owner holds first comments: Maya (the owner) turns the switch on in Comments; a newcomer
 *   signs up and comments, sees "Awaiting approval" while visitors do not see it; Maya approves
 *   it from the Pending tab and visitors see it.
 *
 * Screenshots go to screenshots/<project>-dashboard-moderation-*.png.
 */
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import {
  DANIEL,
  HANNAH,
  hydrated,
  KENJI,
  logInTo,
  MAYA,
  PRIYA,
  projectContext,
  test,
} from './support';

const MEMBER_HEADER = 'x-inkwell-test-member';

/** A seeded member's id, from their public profile. */
async function memberId(request: APIRequestContext, slug: string): Promise<string> {
  const response = await request.get(`/api/members/${slug}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { member: { siteMemberId: string } }).member.siteMemberId;
}

/** The newest published post with comments on. */
async function openPost(request: APIRequestContext) {
  const response = await request.get('/api/posts?pageSize=20');
  const { posts } = (await response.json()) as {
    posts: { id: string; slug: string; title: string; link: string; isCommentsDisabled: boolean }[];
  };
  const post = posts.find((p) => !p.isCommentsDisabled);
  if (!post) throw new Error('No post open to comments');
  return post;
}

/** A comment of one paragraph by `member` (the test-only header), its id. */
async function commentAs(request: APIRequestContext, member: string, postId: string, text: string) {
  const response = await request.post(`/api/posts/${postId}/comments`, {
    headers: { [MEMBER_HEADER]: member },
    data: {
      content: {
        nodes: [
          {
            type: 'PARAGRAPH',
            id: 'p1',
            nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
            paragraphData: {},
          },
        ],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { comment: { id: string } }).comment.id;
}

async function reportAs(request: APIRequestContext, member: string, id: string, reason: string) {
  const response = await request.post('/api/reports', {
    headers: { [MEMBER_HEADER]: member },
    data: { targetType: 'comment', targetId: id, reason },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function shot(page: Page, name: string, info: TestInfo) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `screenshots/${info.project.name}-dashboard-moderation-${name}.png`,
    animations: 'disabled',
    fullPage: true,
  });
}

/** The navigation's link to an area (the side bar, or the strip on phones). */
function navLink(page: Page, name: string): Locator {
  return page.locator('.dash-nav').getByRole('link', { name: new RegExp(`^${name}`) });
}

test('an editor handles reports: deletes a reported comment, dismisses another', async ({
  page,
  request,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const post = await openPost(request);
  const hannah = await memberId(request, HANNAH.slug);
  const kenji = await memberId(request, KENJI.slug);
  const priya = await memberId(request, PRIYA.slug);
  const spam = await commentAs(request, hannah, post.id, `Cheap watches ${stamp}`);
  const harmless = await commentAs(request, hannah, post.id, `A fair question ${stamp}`);
  await reportAs(request, kenji, spam, 'spam');
  await reportAs(request, priya, spam, 'harassment');
  await reportAs(request, kenji, harmless, 'other');

  await logInTo(page, DANIEL, '/dashboard');
  const reportsLink = navLink(page, 'Reports');
  const badge = reportsLink.locator('.dash-nav__badge [aria-hidden="true"]');
  const before = Number(await badge.textContent());
  expect(before).toBeGreaterThanOrEqual(2);
  await reportsLink.click();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await hydrated(page);

  const spamRow = page.locator(`[data-testid="report-row"][data-target-id="${spam}"]`);
  const harmlessRow = page.locator(`[data-testid="report-row"][data-target-id="${harmless}"]`);
  await expect(spamRow).toContainText(`Cheap watches ${stamp}`);
  await expect(spamRow).toContainText('Spam');
  await expect(spamRow).toContainText('Harassment');
  await expect(spamRow.getByTestId('report-count')).toHaveText('2 members');
  await expect(spamRow).toContainText('by Hannah Becker');
  // Editors do not block members (owners only).
  await expect(spamRow.getByRole('button', { name: 'Block author' })).toHaveCount(0);
  await shot(page, 'reports', info);

  // Delete the spam, confirmed in a modal.
  await spamRow.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete this comment?');
  await dialog.getByRole('button', { name: 'Delete comment' }).click();
  await expect(page.getByText('Comment deleted')).toBeVisible();
  await expect(spamRow).toHaveCount(0);
  await expect(badge).toHaveText(String(before - 1));

  // Dismiss the other with the keyboard only.
  const dismiss = harmlessRow.getByRole('button', { name: 'Dismiss' });
  await dismiss.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Reports dismissed')).toBeVisible();
  await expect(harmlessRow).toHaveCount(0);
  await expect(page.getByTestId('open-count')).toHaveText(String(before - 2));
  if (before === 2) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(before - 2));

  await page.getByTestId('reports-tab-dismissed').click();
  await expect(page).toHaveURL(/status=dismissed/);
  await expect(harmlessRow).toBeVisible();
  await expect(harmlessRow.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);

  // The deleted comment is gone from the post; the dismissed one stays.
  const thread = await request.get(`/api/posts/${post.id}/comments`);
  const ids = ((await thread.json()) as { comments: { id: string }[] }).comments.map((c) => c.id);
  expect(ids).not.toContain(spam);
  expect(ids).toContain(harmless);
  await shot(page, 'reports-dismissed', info);
});

test('an owner holds first comments and approves a newcomer’s', async ({
  page,
  request,
  browser,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const post = await openPost(request);
  const maya = await memberId(request, MAYA.slug);
  try {
    await logInTo(page, MAYA, '/dashboard/comments');
    await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
    const hold = page.getByTestId('hold-switch');
    await expect(hold).toHaveAttribute('aria-checked', 'false');
    await hold.click();
    await expect(hold).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Settings saved')).toBeVisible();

    // A newcomer signs up and comments: held, shown to them only.
    const newcomer = await projectContext(browser, info);
    try {
      const them = await newcomer.newPage();
      await them.goto('/blog/login?mode=signup');
      await hydrated(them);
      await them.getByLabel('Name').fill(`Nina Newcomer ${stamp}`);
      await them.getByLabel('Email').fill(`nina-${stamp}@example.test`);
      await them.getByLabel('Password').fill('a long enough secret');
      await them.getByRole('button', { name: 'Create account' }).click();
      await expect(them).toHaveURL(/\/blog$/);
      await them.goto(post.link);
      await hydrated(them);
      const section = them.locator('#comments');
      await section.getByRole('button', { name: 'Write a comment…' }).click();
      const box = section.getByRole('textbox', { name: 'Write a comment' });
      await expect(box).toBeFocused();
      await box.fill(`Hello from a first-timer ${stamp}`);
      await section.getByRole('button', { name: 'Post', exact: true }).click();
      const mine = section.locator('.comment', { hasText: `Hello from a first-timer ${stamp}` });
      await expect(mine.getByTestId('comment-pending')).toHaveText('Awaiting approval');
      await them.reload();
      await expect(mine.getByTestId('comment-pending')).toBeVisible();
    } finally {
      await newcomer.close();
    }
    const visitors = async () =>
      (
        (await (await request.get(`/api/posts/${post.id}/comments`)).json()) as {
          comments: { content: unknown }[];
        }
      ).comments.some((c) => JSON.stringify(c.content).includes(stamp));
    expect(await visitors()).toBe(false);

    // The owner approves it from the Pending tab.
    await page.reload();
    await hydrated(page);
    const pendingTab = page.getByTestId('comments-tab-pending');
    await expect(page.getByTestId('pending-count')).toHaveText('1');
    await expect(
      navLink(page, 'Comments').locator('.dash-nav__badge [aria-hidden="true"]'),
    ).toHaveText('1');
    await pendingTab.click();
    await expect(page).toHaveURL(/status=pending/);
    const row = page.locator('[data-testid="comment-row"]', {
      hasText: `Hello from a first-timer ${stamp}`,
    });
    await expect(row).toHaveAttribute('data-status', 'pending');
    await expect(row).toContainText(`Nina Newcomer ${stamp}`);
    await expect(row).toContainText(post.title);
    await shot(page, 'comments-pending', info);
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Comment approved and published')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('pending-count')).toHaveText('0');
    await expect(
      navLink(page, 'Comments').locator('.dash-nav__badge [aria-hidden="true"]'),
    ).toHaveCount(0);
    expect(await visitors()).toBe(true);

    await page.getByTestId('comments-tab-all').click();
    await expect(page).toHaveURL(/\/dashboard\/comments$/);
    await expect(page.getByTestId('comments-table')).toContainText(
      `Hello from a first-timer ${stamp}`,
    );
    await shot(page, 'comments-all', info);
  } finally {
    await request.put('/api/dashboard/comments/settings', {
      headers: { [MEMBER_HEADER]: maya },
      data: { holdFirstComments: false },
    });
  }
});
