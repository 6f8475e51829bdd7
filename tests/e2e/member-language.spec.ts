/**
 * A member's own UI language (issue 22; decision 064) at 1280 and 375 wide: a writer on an English
 * blog opens Your preferences from the dashboard's top bar, picks Deutsch, and the page comes back
 * in German; the dashboard and the post editor are in German after a reload, every word and
 * `<html lang>`, while the blog's feed stays in English. Axe on each screen. Screenshots go to
 * /tmp/member-language-*.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectAccessible, hydrated, KENJI, logInTo, openProfileMenu, test } from './support';

/** The language picked (one whose locale files exist), its own name, and words to look for. */
const CHOSEN = {
  code: 'de',
  name: 'Deutsch',
  preferences: 'Deine Einstellungen',
  label: 'Sprache für Dashboard und Editor',
  siteDefault: 'Standard der Website (English)',
  welcome: `Willkommen zurück, ${KENJI.name}`,
  posts: 'Beiträge',
  publish: 'Veröffentlichen',
  title: 'Titel',
};

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

/** The page's serious and critical axe violations, named. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

test('a writer picks Deutsch: the dashboard and the editor follow, the blog stays English', async ({
  page,
}, testInfo) => {
  // One journey through five screens, on a machine shared with other work.
  test.slow();
  const project = testInfo.project.name;
  await logInTo(page, KENJI, '/dashboard');
  expect(await htmlLang(page)).toBe('en');

  // Where WordPress users look: their own preferences, from the avatar of the top bar.
  await page.getByRole('link', { name: 'Your preferences' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard/preferences');
  await hydrated(page);
  const select = page.getByLabel('Language for the dashboard and editor');
  await expect(select).toHaveValue('');
  await expect(select.locator('option').first()).toHaveText('Site default (English)');
  await expect(select.locator('option[value="de"]')).toHaveText('Deutsch');
  await expect(select.locator('option[value="ja"]')).toHaveText('日本語');
  await expectAccessible(page, '.dash');
  await page.screenshot({ path: `/tmp/member-language-preferences-en-${project}.png` });

  // Choosing saves and reloads the page, now in German.
  await Promise.all([page.waitForEvent('load'), select.selectOption({ label: CHOSEN.name })]);
  await hydrated(page);
  expect(await htmlLang(page)).toBe(CHOSEN.code);
  await expect(page.getByRole('heading', { level: 1, name: CHOSEN.preferences })).toBeVisible();
  const chosen = page.getByLabel(CHOSEN.label);
  await expect(chosen).toHaveValue(CHOSEN.code);
  await expect(chosen.locator('option').first()).toHaveText(CHOSEN.siteDefault);
  await expectAccessible(page, '.dash');
  await page.screenshot({ path: `/tmp/member-language-preferences-${project}.png` });

  // The dashboard, loaded again: in German from the server's first byte.
  await page.goto('/dashboard');
  await hydrated(page);
  expect(await htmlLang(page)).toBe(CHOSEN.code);
  await expect(page.getByRole('heading', { level: 1, name: CHOSEN.welcome })).toBeVisible();
  await expect(
    page.getByRole('navigation').getByRole('link', { name: new RegExp(`^${CHOSEN.posts}`) }),
  ).toBeVisible();
  await expectAccessible(page, '.dash');
  await page.screenshot({ path: `/tmp/member-language-dashboard-${project}.png`, fullPage: true });

  // The post editor too.
  await page.goto('/blog/create-post');
  await hydrated(page);
  expect(await htmlLang(page)).toBe(CHOSEN.code);
  await expect(page.getByRole('textbox', { name: CHOSEN.title, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: CHOSEN.publish, exact: true })).toBeVisible();
  await expectAccessible(page, '.pe-bar');
  await page.screenshot({ path: `/tmp/member-language-editor-${project}.png` });

  // The blog's feed stays in the site's language, for the member too; their profile menu leads
  // back to their preferences.
  await page.goto('/blog');
  await hydrated(page);
  expect(await htmlLang(page)).toBe('en');
  // As reader.spec.ts checks the feed: no serious violation (the blog's header landmarks are
  // moderate findings of their own, not this page's).
  expect(await seriousViolations(page)).toEqual([]);
  const menu = await openProfileMenu(
    page,
    page.getByRole('button', { name: `Account menu for ${KENJI.name}` }).filter({ visible: true }),
  );
  await expect(menu.getByRole('menuitem', { name: 'Your preferences' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/member-language-feed-${project}.png` });
});
