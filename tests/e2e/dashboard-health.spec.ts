/**
 * The dashboard's Health (issue 18 § Error monitoring; decision 042), at 1280 and 375 wide, on the
 * spec's own copy of the demo blog (decision 031): a screen throws in the browser (the test-only
 * `?throw-for-test=`, with ENABLE_TEST_ROUTES), its error screen reports the error, and the owner
 * finds it in Health with its stack mapped to the source file that threw; opens it, resolves it,
 * finds it under Resolved. The client's source maps are never served. Screenshots go to
 * screenshots/ (ignored by git).
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible, hydrated, logInTo, MAYA, test } from './support';

async function shot(page: Page, project: string, name: string) {
  await page.screenshot({
    path: `screenshots/${project}-dashboard-health-${name}.png`,
    fullPage: project === 'desktop',
  });
}

test('a thrown client error appears in Health, mapped to its source, and is resolved', async ({
  page,
}, info) => {
  const project = info.project.name;
  const message = `Health check boom ${project} ${info.repeatEachIndex}`;
  await logInTo(page, MAYA, '/dashboard/health');
  await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No open errors' })).toBeVisible();
  await shot(page, project, 'empty');

  // A screen throws once hydrated: the dashboard's error screen shows, and reports it (in a
  // batch a few seconds later, or when the page goes away).
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/api/errors') && request.method() === 'POST',
  );
  await page.goto(`/dashboard/health?${new URLSearchParams({ 'throw-for-test': message })}`);
  await expect(page.getByTestId('dashboard-error')).toBeVisible();
  await shot(page, project, 'error-screen');
  // (A beacon's body is not shown to Playwright: what it carried is checked in Health below.)
  await sent;
  await page.goto('/dashboard/health');

  // The server writes its buffer every few seconds: the group shows once written.
  const card = page.locator('.health-card').filter({ hasText: message });
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await hydrated(page);
  await expect(card.locator('.health-card__location')).toContainText(
    'src/dashboard/components/throw-for-test.tsx',
  );
  await expect(card).toContainText('1 time');
  await expect(card).toContainText('Page');
  await expect(page.getByTestId('health-open-count')).toHaveText('1');
  await expectAccessible(page, '.dash-page');
  await shot(page, project, 'list');

  // Details: the stack mapped to the source, the page it happened on, the browser.
  await card.getByRole('button', { name: `Details of Error: ${message}` }).click();
  const stack = card.getByTestId('health-stack');
  await expect(stack).toContainText('throw-for-test.tsx');
  await expect(card).toContainText('mapped to the source');
  await expect(card).toContainText('throw-for-test=');
  await expectAccessible(page, '.health-card');
  await shot(page, project, 'details');

  // Resolve: it leaves Open, and is under Resolved.
  await card.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Error marked as resolved')).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByTestId('health-open-count')).toHaveText('0');
  await page.getByTestId('health-tab-resolved').click();
  await expect(page).toHaveURL(/status=resolved/);
  await expect(page.locator('.health-card').filter({ hasText: message })).toBeVisible();
  await shot(page, project, 'resolved');
});

test('the client source maps stay on the server, and without a DSN no Sentry loads', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/blog');
  await hydrated(page);
  expect(requested.filter((url) => /sentry/i.test(url))).toEqual([]);
  const html = await (await page.request.get('/blog')).text();
  const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts.slice(0, 3)) {
    expect((await page.request.get(script)).status()).toBe(200);
    expect((await page.request.get(`${script}.map`)).status()).toBe(404);
    const body = await (await page.request.get(script)).text();
    expect(body).not.toContain('sourceMappingURL');
  }
});
