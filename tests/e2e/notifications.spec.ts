/**
 * A member's notifications (issue 5) at 1280 and 375 wide (the two projects), as the seeded writer
 * (the test-only member header): the header's bell says how many are unread, opens the panel of
 * the latest, leads to the notifications page, where one and then all are marked read; and a
 * notification arrives live while her page is open: in a second browser context Kenji Watanabe,
 * whom she follows (seed), publishes a post, and her badge and open panel update without a
 * reload; likes of one post fold into one line ("… and 3 others"), which takes in a like arriving
 * live. Visitors see no bell and get the login-required screen on the page. Screenshots go to
 * screenshots/<project>-notifications-*.png.
 *
 * Every run starts from a known state: her notifications are marked read and three new ones are
 * stored through the test-only route (on the spec's own copy of the demo blog, support.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  actAsSeededWriter,
  HANNAH,
  hydrated,
  KENJI,
  publishPostThroughApi,
  scriptlessPage,
  seededMemberId,
  test,
} from './support';

const MEMBER_HEADER = 'x-inkwell-test-member';
/** The writer she follows (seed). */
const FOLLOWED_WRITER = KENJI;

/**
 * Waits for the bell's own chunk to hydrate it (a member's page loads it after the page's
 * scripts); until then a press follows its link to the notifications page.
 */
const bellReady = (page: Page) => expect(bell(page)).toHaveAttribute('aria-haspopup', 'dialog');

/** The header's bell (whichever header the viewport shows). */
const bell = (page: Page) => page.getByRole('link', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

async function shot(page: Page, name: string, project: string, fullPage = false) {
  await page.screenshot({
    path: `screenshots/${project}-notifications-${name}.png`,
    fullPage,
    animations: 'disabled',
  });
}

/** Marks all of the writer's notifications read, then stores three new ones: 3 unread. */
async function arrangeThreeUnread(request: APIRequestContext, writerId: string) {
  const asWriter = { [MEMBER_HEADER]: writerId };
  const read = await request.post('/api/notifications/read-all', { headers: asWriter });
  expect(read.ok(), await read.text()).toBe(true);
  const feed = (await (await request.get('/api/posts?pageSize=3')).json()) as {
    posts: { id: string; slug: string; title: string }[];
  };
  const [first, second] = feed.posts;
  const hannah = { id: crypto.randomUUID(), name: HANNAH.name, slug: HANNAH.slug };
  const events = [
    { kind: 'post-like', actor: null, post: first },
    {
      kind: 'comment-like',
      actor: hannah,
      post: second,
      comment: { id: crypto.randomUUID(), excerpt: 'Lovely piece, thank you for writing it.' },
    },
    {
      kind: 'comment-reply',
      actor: hannah,
      post: first,
      comment: {
        id: crypto.randomUUID(),
        excerpt: 'I tried the recipe last night and it worked on the first go. More like this!',
      },
      parentCommentId: crypto.randomUUID(),
    },
  ];
  for (const event of events) {
    const post = { id: event.post!.id, slug: event.post!.slug, title: event.post!.title };
    const stored = await request.post('/api/test/notifications', {
      data: { memberId: writerId, event: { ...event, post } },
    });
    expect(stored.status(), await stored.text()).toBe(201);
  }
}

/** Serious or critical accessibility violations of the page as it is. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id}: ${v.help}`);
}

test.describe('as the seeded writer', () => {
  const writer = actAsSeededWriter();

  test('sees the unread count, opens the panel and the page, marks one and then all read', async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    await arrangeThreeUnread(request, writer.id);

    await page.goto('/blog');
    await hydrated(page);
    // The count is in the server's HTML and in the button's name.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
    await expect(bell(page).locator('.header-notifications__badge')).toHaveText('3');

    await bellReady(page);
    await bell(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
    const items = panel(page).locator('.notification');
    await expect(items).toHaveCount(6);
    await expect(panel(page).locator('.notification[data-unread]')).toHaveCount(3);
    await expect(items.first()).toContainText('Hannah Becker replied to your comment on');
    await expect(items.nth(2)).toContainText('Someone liked your post');
    if (project === 'desktop') await expect(panel(page).getByText('3 unread')).toBeVisible();
    await shot(page, 'panel', project);
    expect(await seriousViolations(page, 'panel')).toEqual([]);

    // Escape closes it and gives focus back to the bell.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();

    await bell(page).click();
    await panel(page).getByRole('link', { name: 'See all notifications' }).click();
    await expect(page).toHaveURL(/\/blog\/notifications$/);
    await expect(panel(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.locator('.notifications-page__summary')).toHaveText('3 unread');
    const rows = page.locator('.notifications-list--page .notification');
    await expect(rows).toHaveCount(20);
    await expect(page.getByRole('link', { name: 'Older' })).toBeVisible();
    await shot(page, 'page', project);
    await shot(page, 'page-full', project, true);
    expect(await seriousViolations(page, 'page')).toEqual([]);

    // Unread only: the three new lines, each marked, the switch saying which view is shown.
    const filter = page.getByRole('navigation', { name: 'Show notifications' });
    await expect(filter.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await filter.getByRole('link', { name: 'Unread' }).click();
    await expect(page).toHaveURL(/\/blog\/notifications\?filter=unread$/);
    await expect(filter.getByRole('link', { name: 'Unread' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(rows).toHaveCount(3);
    await expect(page.locator('.notifications-list--page .notification[data-unread]')).toHaveCount(
      3,
    );
    await expect(page.getByRole('link', { name: 'Older' })).toBeHidden();
    await shot(page, 'page-unread', project);
    expect(await seriousViolations(page, 'unread page')).toEqual([]);
    await filter.getByRole('link', { name: 'All' }).click();
    await expect(page).toHaveURL(/\/blog\/notifications$/);
    await expect(rows).toHaveCount(20);

    // One read: its mark goes, the page and the bell count one less.
    const newest = rows.first();
    await newest.getByRole('button', { name: /^Mark as read: / }).click();
    await expect(newest).not.toHaveAttribute('data-unread');
    await expect(page.locator('.notifications-page__summary')).toHaveText('2 unread');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

    // All read.
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.locator('.notifications-page__summary')).toHaveText('You’re all caught up');
    await expect(page.locator('.notifications-list--page .notification[data-unread]')).toHaveCount(
      0,
    );
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(bell(page).locator('.header-notifications__badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeHidden();

    // And it stays so.
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.notifications-page__summary')).toHaveText('You’re all caught up');
    await expect(bell(page)).toHaveAccessibleName('Notifications');

    // Nothing unread now: the Unread view says so and leads back to all of them.
    await page
      .getByRole('navigation', { name: 'Show notifications' })
      .getByRole('link', { name: 'Unread' })
      .click();
    await expect(page.getByText('Nothing unread')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await shot(page, 'page-unread-empty', project);
    await page.getByRole('link', { name: 'See all notifications' }).click();
    await expect(page).toHaveURL(/\/blog\/notifications$/);
    await expect(rows).toHaveCount(20);

    // The next page, and back.
    await page.getByRole('link', { name: 'Older' }).click();
    await expect(page).toHaveURL(/\/blog\/notifications\?page=2$/);
    await expect(page.locator('.notifications-list--page .notification').first()).toBeVisible();
    await page.getByRole('link', { name: 'Newer' }).click();
    await expect(page).toHaveURL(/\/blog\/notifications$/);
  });

  test('sees likes of one post folded into one line, which takes in a like arriving live', async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    const read = await request.post('/api/notifications/read-all', {
      headers: { [MEMBER_HEADER]: writer.id },
    });
    expect(read.ok(), await read.text()).toBe(true);
    const feed = (await (await request.get('/api/posts?pageSize=3')).json()) as {
      posts: { id: string; slug: string; title: string }[];
    };
    const { id, slug, title } = feed.posts[2]!;
    const fan = (name: string) => ({
      id: crypto.randomUUID(),
      name,
      slug: name.toLowerCase().replace(' ', '-'),
    });
    const like = async (actor: ReturnType<typeof fan> | null) => {
      const stored = await request.post('/api/test/notifications', {
        data: {
          memberId: writer.id,
          event: { kind: 'post-like', actor, post: { id, slug, title } },
        },
      });
      expect(stored.status(), await stored.text()).toBe(201);
    };
    await like(fan('Ana Alves'));
    await like(null);
    await like(fan('Ben Brook'));

    // The page's live stream is open once its response has begun.
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
    await page.goto('/blog/notifications');
    await hydrated(page);
    await streamOpen;
    const rows = page.locator('.notifications-list--page .notification');
    const unreadRows = page.locator('.notifications-list--page .notification[data-unread]');
    await expect(page.locator('.notifications-page__summary')).toHaveText('1 unread');
    await expect(unreadRows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Ben Brook and 2 others liked your post “${title}”`);

    // Another like arrives: the line takes it in, still one unread.
    await like(fan('Cleo Cruz'));
    await expect(rows.first()).toContainText(`Cleo Cruz and 3 others liked your post “${title}”`);
    await expect(unreadRows).toHaveCount(1);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await shot(page, 'folded', project);
    expect(await seriousViolations(page, 'folded')).toEqual([]);

    // Reading the line reads the fold; it stays one line.
    await rows
      .first()
      .getByRole('button', { name: /^Mark as read: Cleo Cruz and 3 others/ })
      .click();
    await expect(page.locator('.notifications-page__summary')).toHaveText('You’re all caught up');
    await page.reload();
    await hydrated(page);
    await expect(rows.first()).toContainText('Cleo Cruz and 3 others liked your post');
    await expect(rows.first()).not.toHaveAttribute('data-unread');
    // None of the fold's likes shows as a line of its own.
    await expect(rows.filter({ hasText: 'Ana Alves liked your post' })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Ben Brook liked your post' })).toHaveCount(0);
  });

  test('sees a notification arrive live when a writer she follows publishes', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const project = testInfo.project.name;
    await arrangeThreeUnread(request, writer.id);
    await page.goto('/blog');
    await hydrated(page);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
    await bellReady(page);
    await bell(page).click();
    await expect(panel(page).locator('.notification')).toHaveCount(6);

    // A second browser context: Kenji publishes a post.
    const kenjiId = await seededMemberId(request, FOLLOWED_WRITER.name);
    const kenji = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { [MEMBER_HEADER]: kenjiId },
    });
    const title = `Night trains to Vienna (${project})`;
    let postId = '';
    try {
      await publishPostThroughApi(kenji.request, {
        title,
        text: 'The sleeper leaves at nine.',
        onCreated: (id) => {
          postId = id;
        },
      });

      // Her page hears of it without a reload: the bell counts it, the open panel shows it first.
      await expect(bell(page)).toHaveAccessibleName('Notifications, 4 unread');
      const first = panel(page).locator('.notification').first();
      await expect(first).toContainText(`${FOLLOWED_WRITER.name} published a new post: “${title}”`);
      await expect(first).toHaveAttribute('data-unread', '');
      await expect(panel(page).locator('.notification')).toHaveCount(6);
      await shot(page, 'live', project);

      // Following it reads it and opens the post.
      await first.getByRole('link').click();
      await expect(page).toHaveURL(/\/blog\/night-trains-to-vienna/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
    } finally {
      // The spec's blog is shared by its other tests: the post goes back to a draft.
      if (postId) {
        const current = (await (await kenji.request.get(`/api/editor/posts/${postId}`)).json()) as {
          revision: number;
        };
        await kenji.request.post(`/api/editor/posts/${postId}/unpublish`, {
          data: { revision: current.revision },
        });
      }
      await kenji.close();
    }
  });
});

test.describe('as a visitor', () => {
  test('sees no bell, and the page asks to log in, then goes on to log in', async ({
    page,
    browser,
  }, testInfo) => {
    await page.goto('/blog');
    await hydrated(page);
    await expect(bell(page)).toHaveCount(0);

    // Without scripts the login-required screen stays (SPEC §2), with a 401.
    const still = await scriptlessPage(browser, testInfo);
    const response = await still.goto('/blog/notifications');
    expect(response?.status()).toBe(401);
    await expect(
      still.getByRole('heading', { level: 1, name: 'Log in to see your notifications' }),
    ).toBeVisible();
    // The screen's button (the header's Log In also comes back to this page).
    await expect(still.locator('#blog-main').getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/blog/login?next=%2Fblog%2Fnotifications',
    );
    await still.context().close();

    // With scripts its button presses itself (SPEC §4), and the page comes back after logging in.
    await page.goto('/blog/notifications');
    await expect(page).toHaveURL(/\/blog\/login\?next=%2Fblog%2Fnotifications$/);
  });
});
