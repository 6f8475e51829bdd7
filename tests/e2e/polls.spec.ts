/**
 * Voting in a poll (issue 4 "polls that members can vote in"), on the kitchen-sink post's poll:
 * members only may vote, everyone sees the results. A visitor is asked to log in; a member picks
 * an option, votes, sees the shares and counts, reloads and finds their vote, and changes it.
 * Each device votes as a different member (on its own copy of the demo blog, support.ts).
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { test } from './support';

const POST_URL = '/blog/every-kind-of-block-a-post-can-hold';

/** Two distinct authors of seeded posts: the desktop run votes as one, the phone as the other. */
async function seededMemberIds(request: APIRequestContext): Promise<string[]> {
  const ids = new Set<string>();
  for (let page = 1; page <= 5 && ids.size < 2; page++) {
    const response = await request.get(`/api/posts?page=${page}&pageSize=50`);
    expect(response.ok()).toBe(true);
    const feed = (await response.json()) as { posts: { owner: { siteMemberId: string } | null }[] };
    for (const post of feed.posts) if (post.owner) ids.add(post.owner.siteMemberId);
  }
  expect(ids.size).toBeGreaterThanOrEqual(2);
  return [...ids];
}

test('a visitor sees the poll but is asked to log in to vote', async ({ page }) => {
  await page.goto(POST_URL);
  const poll = page.locator('.rc-poll');
  // The poll is an island that comes alive near the viewport, as a reader scrolls to it (053).
  await poll.scrollIntoViewIfNeeded();
  await expect(poll.locator('.rc-poll__note')).toHaveText('Log in to vote');
  await expect(poll.locator('.rc-poll__vote')).toHaveCount(0);
  await expect(poll.locator('input').first()).toBeDisabled();
});

test('a member votes, sees the results, finds the vote after a reload and changes it', async ({
  page,
  request,
}, info) => {
  const [desktopMember, phoneMember] = await seededMemberIds(request);
  const memberId = info.project.name === 'mobile' ? phoneMember! : desktopMember!;
  await page.setExtraHTTPHeaders({ 'x-inkwell-test-member': memberId });
  await page.goto(POST_URL);
  const poll = page.locator('.rc-poll');
  // The poll is an island that comes alive near the viewport, as a reader scrolls to it (053).
  await poll.scrollIntoViewIfNeeded();
  const vote = poll.locator('.rc-poll__vote');
  await expect(vote).toBeEnabled();

  // This member has not voted yet: voting with nothing chosen says what to do.
  await expect(vote).toHaveText('Vote');
  await vote.click();
  await expect(poll.getByRole('alert')).toHaveText('Choose an option first');

  await poll.getByLabel('A day in Sintra').check();
  await vote.click();
  await expect(poll.locator('.rc-poll__note')).toHaveText('Thanks, your vote is counted');
  await expect(vote).toHaveText('Change vote');
  const sintra = poll.locator('.rc-poll__option', { hasText: 'A day in Sintra' });
  await expect(sintra).toHaveAttribute('data-chosen', 'true');
  await expect(sintra.locator('.rc-poll__share')).toHaveText(/^\d+% · \d+ votes?$/);
  await expect(poll.locator('.rc-poll__total')).toHaveText(/^\d+ voters?$/);
  await page.screenshot({ path: `screenshots/poll-${info.project.name}.png`, fullPage: false });

  await page.reload();
  await poll.scrollIntoViewIfNeeded();
  await expect(poll.getByLabel('A day in Sintra')).toBeChecked();
  await expect(vote).toHaveText('Change vote');

  await poll.getByLabel('The coast by train').check();
  await vote.click();
  await expect(poll.locator('.rc-poll__option', { hasText: 'The coast by train' })).toHaveAttribute(
    'data-chosen',
    'true',
  );
  await expect(sintra).not.toHaveAttribute('data-chosen', 'true');
});

test('a failed vote keeps the choice and says so', async ({ page, request }, info) => {
  const [desktopMember, phoneMember] = await seededMemberIds(request);
  const memberId = info.project.name === 'mobile' ? phoneMember! : desktopMember!;
  await page.setExtraHTTPHeaders({ 'x-inkwell-test-member': memberId });
  await page.route('**/vote', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto(POST_URL);
  const poll = page.locator('.rc-poll');
  // The poll is an island that comes alive near the viewport, as a reader scrolls to it (053).
  await poll.scrollIntoViewIfNeeded();
  await expect(poll.locator('.rc-poll__vote')).toBeEnabled();
  await poll.getByLabel('A weekend in Porto').check();
  await poll.locator('.rc-poll__vote').click();
  await expect(poll.getByRole('alert')).toHaveText('Your vote couldn’t be saved. Try again.');
  await expect(poll.getByLabel('A weekend in Porto')).toBeChecked();
});
