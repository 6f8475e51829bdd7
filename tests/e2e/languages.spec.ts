/**
 * The product in other languages (issue 22 "Done means"), at 1280 and 375 wide (the two projects):
 * for each of ar and he (right to left) and de, ja and fi (long words, no spaces, long compounds),
 * a blog of its own whose owner switches it to that language in Dashboard → Settings, then the
 * walk feed → post → comment (a member) → editor (the owner writes) → dashboard (overview, posts).
 * On each screen: `<html lang dir>`, words of the page read from the language's locale files, no
 * console error about locales, axe clean, and no text sticking out of its box
 * (`expectNoOverflow`). A language whose `locales/<lang>.json` has not landed yet is skipped,
 * saying so.
 *
 * Then the same screens in the pseudo-locale en-XA (`npm run i18n:pseudo`: English 40% longer,
 * written before the run by the e2e global set-up), on a blog the test route makes in it (owners
 * cannot choose it): text that fits in English but not 40% longer shows here before a real
 * language finds it. Pages in en-XA hydrate too: a test route serves its files.
 *
 * Screenshots of every screen go to test-results/languages/ (not committed).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';
import {
  DEMO_PASSWORD,
  type DemoMember,
  demoBlogOrigin,
  ensureOwnSite,
  expectAccessible,
  expectNoOverflow,
  HANNAH,
  hydrated,
  MAYA,
  ownSiteOrigin,
  projectContext,
  test,
} from './support';

/** Right to left: Arabic and Hebrew. Long words, no spaces, long compounds: German, Japanese, Finnish. */
const LANGUAGES = ['ar', 'he', 'de', 'ja', 'fi'] as const;
const RTL = new Set(['ar', 'he']);
const PSEUDO = 'en-XA';

const root = path.resolve(import.meta.dirname, '../..');
const SHOTS = path.join(root, 'test-results/languages');

/** A language's messages of a namespace ('' is the root one), from locales/ (en-XA: .i18n-pseudo/). */
function messagesOf(language: string, namespace: string): Record<string, unknown> {
  const folder = path.join(root, language === PSEUDO ? '.i18n-pseudo' : 'locales');
  const file = path.join(folder, ...(namespace === '' ? [] : [namespace]), `${language}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The text of `key` (dotted) in `language`'s file of `namespace`. */
function word(language: string, namespace: string, key: string): string {
  let value: unknown = messagesOf(language, namespace);
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`${language} ${namespace}:${key} is not a string`);
  return value;
}

/** Console errors about locales the pages of a context printed (SPEC §8 "can't load locale"). */
function watchLocaleErrors(context: BrowserContext): string[] {
  const errors: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && /locale/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

interface Screen {
  language: string;
  /** Words of the page, each `[namespace, key]`, that its visible text must hold. */
  words: [string, string][];
  name: string;
  localeErrors: string[];
}

/** Every check of a screen; a screenshot of it to test-results/languages/. */
async function checkScreen(page: Page, info: TestInfo, screen: Screen): Promise<void> {
  const { language } = screen;
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', RTL.has(language) ? 'rtl' : 'ltr');
  await hydrated(page);
  for (const [namespace, key] of screen.words) {
    const text = word(language, namespace, key);
    await expect
      .configure({ soft: true })
      // Lower case: a style may show a word in capitals (text-transform), as innerText reads it.
      .poll(() => page.evaluate(() => document.body.innerText.toLocaleLowerCase()), {
        message: `${screen.name}: the page says ${namespace}:${key} "${text}"`,
      })
      .toContain(text.toLocaleLowerCase());
  }
  expect.soft(screen.localeErrors, `${screen.name}: console errors about locales`).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  // What the screen shows where it stands (the comment screen: scrolled to the new comment).
  await page.screenshot({
    path: path.join(SHOTS, `${language}-${info.project.name}-${screen.name}.png`),
  });
  // Soft: the walk goes on, so one run names every screen's problems.
  await expectAccessible(page, 'body', { soft: true });
  await expectNoOverflow(page, { soft: true });
}

/**
 * A context like the project's on the blog at `origin`, with `member` logged in through the login
 * page, which speaks `language`, and left on `next`.
 */
async function memberContext(
  browser: Browser,
  info: TestInfo,
  { origin, language }: { origin: string; language: string },
  member: DemoMember,
  next: string,
) {
  const context = await projectContext(browser, info, { baseURL: origin });
  const localeErrors = watchLocaleErrors(context);
  const page = await context.newPage();
  await page.goto(`/blog/login?${new URLSearchParams({ next })}`);
  await hydrated(page);
  await page.getByLabel(word(language, 'auth', 'auth.field.email')).fill(member.email);
  await page.getByLabel(word(language, 'auth', 'auth.field.password')).fill(DEMO_PASSWORD);
  await page
    .getByRole('button', { name: word(language, 'auth', 'auth.submit.login'), exact: true })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === next);
  await hydrated(page);
  return { context, page, localeErrors };
}

/** The language's own blog (made once per project and repetition), in `language` when given. */
async function languageBlog(info: TestInfo, suffix: string, language?: string) {
  const origin = ownSiteOrigin(info, suffix);
  await ensureOwnSite(demoBlogOrigin(info), origin, language);
  return origin;
}

/**
 * The walk of one language on the blog at `origin`: the member reads the feed, opens a post and
 * comments; the owner writes in the editor and opens the dashboard.
 */
async function walk(
  info: TestInfo,
  language: string,
  member: { page: Page; localeErrors: string[] },
  owner: { page: Page; localeErrors: string[] },
) {
  const screen = (name: string, words: [string, string][], errors: string[]): Screen => ({
    language,
    name,
    words,
    localeErrors: errors,
  });
  const reader = member.page;

  // The feed.
  await reader.goto('/blog');
  await checkScreen(
    reader,
    info,
    screen(
      'feed',
      [
        ['', 'feed.allPostsTitle'],
        ['', 'post.pinned'],
      ],
      member.localeErrors,
    ),
  );

  // A post, opened from the feed.
  const card = reader.locator('a.post-card__link').first();
  const href = await card.getAttribute('href');
  await card.click();
  await expect(reader).toHaveURL((url) => url.pathname === href);
  await checkScreen(
    reader,
    info,
    screen('post', [['comments', 'comments.title']], member.localeErrors),
  );

  // A comment, written by the member.
  const comments = reader.locator('#comments');
  await comments
    .getByRole('button', { name: word(language, 'comments', 'comments.writePlaceholder') })
    .click();
  const box = comments.getByRole('textbox', {
    name: word(language, 'comments', 'comments.writeLabel'),
  });
  await expect(box).toBeFocused();
  const text = `${language} ${info.project.name} ${Date.now().toString(36)}`;
  await box.fill(text);
  await comments
    .getByRole('button', { name: word(language, 'comments', 'comments.post'), exact: true })
    .click();
  const posted = comments.locator('.comment__body', { hasText: text });
  await expect(posted).toBeVisible();
  await posted.scrollIntoViewIfNeeded();
  await checkScreen(
    reader,
    info,
    screen('comment', [['comments', 'comments.reply']], member.localeErrors),
  );

  // The editor: the owner writes a post.
  const writer = owner.page;
  await writer.goto('/blog/create-post');
  await hydrated(writer);
  const title = writer.getByRole('textbox', {
    name: word(language, 'post-editor-page', 'postEditorPage.title.label'),
    exact: true,
  });
  await expect(title).toBeEditable();
  await title.fill(`${language}: ${word(language, '', 'feed.allPostsTitle')}`);
  const area = writer.locator('.pe-content [contenteditable="true"]');
  await area.click();
  await writer.keyboard.type(word(language, '', 'feed.empty.text'));
  await checkScreen(
    writer,
    info,
    screen('editor', [['post-editor-page', 'postEditorPage.bar.publish']], owner.localeErrors),
  );

  // The dashboard: overview, then the posts list.
  await writer.goto('/dashboard');
  await checkScreen(
    writer,
    info,
    screen('dashboard', [['dashboard', 'dashboard.overview.areasTitle']], owner.localeErrors),
  );
  await writer.goto('/dashboard/posts');
  await checkScreen(
    writer,
    info,
    screen('dashboard-posts', [['dashboard-posts', 'dashboardPosts.title']], owner.localeErrors),
  );
}

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.skip(
      !existsSync(path.join(root, 'locales', `${language}.json`)),
      `locales/${language}.json has not landed yet`,
    );

    test('the owner switches the blog to it; feed → post → comment → editor → dashboard', async ({
      browser,
    }, info) => {
      test.slow();
      const blog = { origin: await languageBlog(info, language), language: 'en' };
      // Both log in while the blog is still English, as its owner and a member would have.
      const owner = await memberContext(browser, info, blog, MAYA, '/dashboard/settings');
      const member = await memberContext(browser, info, blog, HANNAH, '/blog');
      try {
        // The owner switches the blog's language in Dashboard → Settings.
        const form = owner.page.getByTestId('blog-settings');
        await form.locator('select[name="language"]').selectOption(language);
        const saved = owner.page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/dashboard/settings') &&
            response.request().method() === 'PATCH',
        );
        // Saving a new language reloads the dashboard in it.
        const reloaded = owner.page.waitForEvent('load');
        await form.getByRole('button', { name: 'Save settings' }).click();
        expect((await saved).ok()).toBe(true);
        await reloaded;
        await expect(owner.page.locator('html')).toHaveAttribute('lang', language);
        mkdirSync(SHOTS, { recursive: true });
        await owner.page.screenshot({
          path: path.join(SHOTS, `${language}-${info.project.name}-settings-saved.png`),
        });
        await walk(info, language, member, owner);
      } finally {
        await owner.context.close();
        await member.context.close();
      }
    });
  });
}

test.describe('in the pseudo-locale (40% longer)', () => {
  test.skip(
    !existsSync(path.join(root, '.i18n-pseudo', `${PSEUDO}.json`)),
    'no .i18n-pseudo/ (npm run i18n:pseudo; the e2e global set-up writes it)',
  );

  test('feed → post → comment → editor → dashboard fit their boxes', async ({ browser }, info) => {
    test.slow();
    const blog = { origin: await languageBlog(info, 'pseudo', PSEUDO), language: PSEUDO };
    const owner = await memberContext(browser, info, blog, MAYA, '/dashboard');
    const member = await memberContext(browser, info, blog, HANNAH, '/blog');
    try {
      await walk(info, PSEUDO, member, owner);
    } finally {
      await owner.context.close();
      await member.context.close();
    }
  });
});
