/**
 * The dashboard's analytics (issue 18 § Analytics; decision 041) at 1280 and 375 wide, on the
 * spec's own copy of the demo blog (decision 031): a reader views and likes a post; the owner
 * sees the view and the like in the cards, the chart and its table, switches ranges (a reversed
 * custom range is refused beside its field with the typed days kept), opens the post's own page,
 * and exports CSV whose contents are the numbers shown. The charting library is only ever loaded
 * by the analytics pages: the blog's pages load none of it. Screenshots go to screenshots/.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AnalyticsView } from '../../src/domain/analytics';
import { DANIEL, HANNAH, hydrated, logInTo, MAYA, projectContext, test } from './support';

const MEMBER_HEADER = 'x-inkwell-test-member';
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** A string only uPlot's code holds (its overlay's class name). */
const UPLOT_MARKER = 'u-over';

async function shot(page: Page, project: string, name: string) {
  await page.screenshot({
    path: `screenshots/${project}-dashboard-analytics-${name}.png`,
    fullPage: project === 'desktop',
    animations: 'disabled',
  });
}

/** No axe violation inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
}

/** The site's analytics as the API answers the page's own session. */
async function analytics(page: Page, search = 'range=7d&interval=day'): Promise<AnalyticsView> {
  const response = await page.request.get(`/api/dashboard/analytics?${search}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AnalyticsView;
}

/** The scripts a page loaded, with their text. */
function collectScripts(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      bodies.push(response.text().catch(() => ''));
    }
  });
  return bodies;
}

test('an owner reads analytics after a reader views and likes a post, and exports CSV', async ({
  page,
  browser,
  request,
}, info) => {
  // A long journey (two browsers, two pages, a download) on a machine that may be busy.
  test.setTimeout(300_000);
  const project = info.project.name;
  const posts = (
    (await (await request.get('/api/posts?page=1&pageSize=5')).json()) as {
      posts: { id: string; title: string; link: string; isPinned: boolean }[];
    }
  ).posts.filter((p) => !p.isPinned);
  const post = posts[0]!;
  const hannah = (
    (await (await request.get(`/api/members/${HANNAH.slug}`)).json()) as {
      member: { siteMemberId: string };
    }
  ).member.siteMemberId;
  // Hannah starts without a like of the post (the demo blog may have one).
  await request.delete(`/api/posts/${post.id}/like`, { headers: { [MEMBER_HEADER]: hannah } });

  await logInTo(page, MAYA, '/dashboard/analytics');
  const before = await analytics(page);

  // A reader opens the post (a view) and likes it.
  // Headless Chromium's own user agent is a bot's, whose views never count: read as a browser.
  const context = await projectContext(browser, info, {
    userAgent: info.project.use.userAgent ?? BROWSER_AGENT,
  });
  const reader = { context, page: await context.newPage() };
  await logInTo(reader.page, HANNAH, new URL(post.link, 'http://x').pathname);
  const like = reader.page.locator(`[data-action-key="like:post:${post.id}"]`);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  // The button answers at once and the like is sent after it: the aggregate below is the state
  // that says both the like and the view were stored, so the reader's browser stays open until
  // then (a closed page may take its like's request with it).

  // Views are written in batches within seconds: wait for the aggregate, never for time.
  await expect
    .poll(
      async () => {
        const now = await analytics(page);
        return [now.totals.views - before.totals.views, now.totals.likes - before.totals.likes];
      },
      { timeout: 60_000 },
    )
    .toEqual([1, 1]);
  await reader.context.close();
  const after = await analytics(page);

  // The screen shows them: the cards, the chart (uPlot), and the chart's table.
  await page.goto('/dashboard/analytics?range=7d&interval=day');
  await hydrated(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Analytics', exact: true }),
  ).toBeVisible();
  const views = page.getByRole('button', { name: /^Views/ });
  await expect(views).toHaveAttribute('aria-pressed', 'true');
  await expect(views.locator('.analytics-card__value')).toHaveText(
    after.totals.views.toLocaleString('en'),
  );
  await expect(
    page.getByRole('button', { name: /^Likes/ }).locator('.analytics-card__value'),
  ).toHaveText(after.totals.likes.toLocaleString('en'));
  const chart = page.locator('.analytics-chart__canvas');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /^Views: /);
  await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page');
  await shot(page, project, 'overview');
  await expectAccessible(page, '.dash-page');

  await chart.scrollIntoViewIfNeeded();
  await shot(page, project, 'chart');
  await page.getByRole('button', { name: 'Show as table' }).click();
  const table = page.getByRole('table', { name: 'Views by day' });
  await expect(table.getByRole('row')).toHaveCount(8);
  const today = after.series.at(-1)!;
  await expect(table.getByRole('row').last().getByRole('cell').first()).toHaveText(
    today.views.toLocaleString('en'),
  );
  await table.scrollIntoViewIfNeeded();
  await shot(page, project, 'table');
  // Another metric's chart.
  await page.getByRole('button', { name: /^Likes/ }).click();
  await expect(page.getByRole('table', { name: 'Likes by day' })).toBeVisible();
  await page.getByRole('button', { name: 'Show as chart' }).click();
  await expect(chart.locator('canvas')).toBeVisible();

  // Ranges: 30 days by week, then a custom range, refused when reversed.
  await page.getByRole('link', { name: '30 days' }).click();
  await expect(page).toHaveURL(/range=30d/);
  await page.getByLabel('Show by').selectOption('week');
  await expect(page).toHaveURL(/range=30d&interval=week/);
  // The chosen metric stays as the range changes.
  await expect(page.getByRole('heading', { name: 'Likes by week' })).toBeVisible();
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-03-10');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The last day is before the first.')).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-03-10');
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await shot(page, project, 'custom-error');
  await page.getByLabel('To', { exact: true }).fill('2026-03-31');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/range=custom&from=2026-03-10&to=2026-03-31/);
  await expect(page.getByText('Mar 10, 2026 – Mar 31, 2026')).toBeVisible();

  // An address with a range the API refuses shows the last 30 days and says so.
  await page.goto('/dashboard/analytics?range=custom&from=2026-03-10&to=2026-03-01');
  await hydrated(page);
  await expect(
    page.getByRole('alert').filter({ hasText: 'the last 30 days are shown' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');

  // The post's own page, from the top posts.
  await page.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(/range=7d/);
  await page.getByRole('link', { name: `Analytics of “${post.title}”` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Analytics: ${post.title}` }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/analytics/posts/${post.id}\\?range=7d`));
  await expect(
    page.getByRole('button', { name: /^Likes/ }).locator('.analytics-card__value'),
  ).not.toHaveText('0');
  await expect(page.locator('.analytics-chart__canvas canvas')).toBeVisible();
  await shot(page, project, 'post');
  await expectAccessible(page, '.dash-page');

  // CSV of the site's page: a download, announced, with the numbers shown.
  await page.getByRole('link', { name: 'All analytics' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics\?range=7d/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Analytics', exact: true }),
  ).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  await expect(page.getByText('Your download will begin shortly.')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(
    /^analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = (await readFile((await download.path())!)).toString();
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    'period_start,period_end,views,readers,likes,comments,ratings,members,followers',
  );
  const current = lines.find((line) => line.startsWith('current,'))!.split(',');
  expect(current.slice(1, 5)).toEqual([
    after.period.from,
    after.period.to,
    String(after.totals.views),
    String(after.totals.readers),
  ]);
  expect(Number(current[5])).toBe(after.totals.likes);
  expect(lines.some((line) => line.includes(new URL(post.link, 'http://x').pathname))).toBe(true);
});

test('the charting library is loaded by the analytics page only, never by the blog', async ({
  page,
}) => {
  await logInTo(page, MAYA, '/dashboard');
  const blogScripts = collectScripts(page);
  await page.goto('/blog');
  await hydrated(page);
  const first = page.locator('a[href^="/blog/"]').filter({ hasText: /\w/ }).first();
  await page.goto((await first.getAttribute('href'))!);
  await hydrated(page);
  const blog = await Promise.all(blogScripts);
  expect(blog.length).toBeGreaterThan(0);
  expect(blog.filter((text) => text.includes(UPLOT_MARKER))).toEqual([]);

  const analyticsScripts = collectScripts(page);
  await page.goto('/dashboard/analytics');
  await hydrated(page);
  await expect(page.locator('.analytics-chart__canvas canvas')).toBeVisible();
  const loaded = await Promise.all(analyticsScripts);
  expect(loaded.filter((text) => text.includes(UPLOT_MARKER))).toHaveLength(1);
});

test('editors and writers are refused the analytics pages and their API', async ({ request }) => {
  const editor = (
    (await (await request.get(`/api/members/${DANIEL.slug}`)).json()) as {
      member: { siteMemberId: string };
    }
  ).member.siteMemberId;
  for (const url of ['/api/dashboard/analytics', '/api/dashboard/analytics.csv']) {
    const response = await request.get(url, { headers: { [MEMBER_HEADER]: editor } });
    expect(response.status()).toBe(403);
  }
  expect((await request.get('/api/dashboard/analytics')).status()).toBe(401);
});
