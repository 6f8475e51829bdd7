/**
 * The dashboard's shell (issue 17) at 1280 and 375 wide: a visitor sent to /dashboard is asked to
 * log in and comes back to it; the owner finds Dashboard and Customize blog in the profile menu
 * and the site's navigation, sees every area with what waits, and moves through the navigation
 * by keyboard from the skip link; a writer sees Posts only; a reader is refused (403).
 * Screenshots go to /tmp/dashboard-shell-*.png.
 */
import { expect, type Page } from '@playwright/test';
import {
  HANNAH,
  hydrated,
  KENJI,
  logInTo,
  MAYA,
  memberBrowser,
  openProfileMenu,
  siteNavigation,
  submitLogIn,
  test,
} from './support';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test('a visitor logs in from the dashboard and comes back to it', async ({ page }) => {
  const refused = await page.goto('/dashboard');
  expect(refused?.status()).toBe(401);
  // The login-required screen presses its button by itself (SPEC §4): the login page, then back.
  await expect(page).toHaveURL(/\/blog\/login\?next=%2Fdashboard/);
  await hydrated(page);
  await submitLogIn(page, MAYA);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome back, ${MAYA.name}` }),
  ).toBeVisible();
});

test('the owner reaches it from the site, sees every area and moves by keyboard', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  await logInTo(page, MAYA, '/about');
  const siteNav = await siteNavigation(page);
  await expect(siteNav.getByRole('link', { name: 'Customize blog' })).toHaveAttribute(
    'href',
    '/editor',
  );
  await siteNav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await hydrated(page);

  for (const area of ['Overview', 'Posts', 'Categories', 'Tags', 'Comments', 'Reports']) {
    await expect(nav(page).getByRole('link', { name: new RegExp(`^${area}`) })).toBeVisible();
  }
  await expect(page.getByTestId('stat-myDrafts')).toBeVisible();
  await expect(page.getByTestId('stat-inReview')).toBeVisible();
  await page.screenshot({ path: `/tmp/dashboard-shell-owner-${project}.png`, fullPage: true });

  // Keyboard only: the skip link first, then into the navigation, Enter follows a link.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const categories = nav(page).getByRole('link', { name: /^Categories/ });
  await categories.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard/categories');
  await expect(categories).toHaveAttribute('aria-current', 'page');

  // The last area, opened directly: on a phone the navigation strip brings its link into view.
  await page.goto('/dashboard/reports');
  await hydrated(page);
  await expect(nav(page).getByRole('link', { name: /^Reports/ })).toBeInViewport({ ratio: 1 });

  // The profile menu of the blog offers both as well.
  await page.goto('/blog');
  await hydrated(page);
  const menu = await openProfileMenu(
    page,
    page.getByRole('button', { name: `Account menu for ${MAYA.name}` }).filter({ visible: true }),
  );
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Customize blog' })).toBeVisible();
});

test('a writer sees their posts only; a reader is refused', async ({ browser }, testInfo) => {
  const writer = await memberBrowser(browser, testInfo, KENJI, '/dashboard');
  await expect(nav(writer.page).getByRole('link', { name: /^Posts/ })).toBeVisible();
  await expect(nav(writer.page).getByRole('link', { name: /^Categories/ })).toHaveCount(0);
  await expect(nav(writer.page).getByRole('link', { name: /^Reports/ })).toHaveCount(0);
  await expect(writer.page.getByTestId('stat-inReview')).toHaveCount(0);
  await expect(
    writer.page
      .getByRole('navigation', { name: 'Site' })
      .getByRole('link', { name: 'Customize blog' }),
  ).toHaveCount(0);
  // An area the writer does not see answers 403, as the API does.
  const refused = await writer.page.goto('/dashboard/reports');
  expect(refused?.status()).toBe(403);
  await writer.context.close();

  const reader = await memberBrowser(browser, testInfo, HANNAH, '/blog');
  const response = await reader.page.goto('/dashboard');
  expect(response?.status()).toBe(403);
  await expect(
    reader.page.getByRole('heading', { name: 'This page is not for your account' }),
  ).toBeVisible();
  await reader.page.screenshot({
    path: `/tmp/dashboard-shell-refused-${testInfo.project.name}.png`,
  });
  await reader.context.close();
});
