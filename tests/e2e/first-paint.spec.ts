/**
 * The first paint (issue 20, decision 052): no render-blocking stylesheet (the critical CSS inline,
 * the one stylesheet loaded without blocking and then applied, critical-css.spec.ts), the hydration
 * scripts preloaded at low priority, the post's cover (the feed's first card) fetched first and
 * preloaded from the head, client navigations that keep the page styled, and text that shows
 * before the web fonts arrive. Screenshots of the feed and a post at 1280 and 375 wide go to
 * screenshots/.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { deviceOf, hydrated, resetSettings, setSettings, test } from './support';

/** The stylesheets that hold the first paint: linked, not disabled, for every medium. */
function blockingStylesheets(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .filter((link) => !link.disabled && ['', 'all', 'screen'].includes(link.media))
      .map((link) => new URL(link.href).pathname),
  );
}

/** The stylesheets in the server's HTML (not those for readers without script): one, deferred. */
function expectOneDeferredStylesheet(html: string) {
  const head = html.slice(0, html.indexOf('</head>')).replace(/<noscript>.*?<\/noscript>/g, '');
  const stylesheets = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((link) => link[0]);
  expect(stylesheets, 'stylesheets in the HTML').toHaveLength(1);
  expect(stylesheets[0], 'fetched without holding the first paint').toContain('media="print"');
  expect(head).toContain('<style data-critical-css="">');
}

/** Once the page has loaded, its one stylesheet applies to the screen. */
async function expectOneStylesheetApplied(page: Page) {
  await expect.poll(() => blockingStylesheets(page)).toHaveLength(1);
}

/** A post of the feed with a cover (the demo's first one has one). */
async function firstPostPath(page: Page): Promise<string> {
  await page.goto('/blog');
  const href = await page.locator('a.post-card__link').first().getAttribute('href');
  expect(href).toBeTruthy();
  return new URL(href!, page.url()).pathname;
}

test('a post: its cover is fetched first and preloaded, no stylesheet blocks, no module preloads', async ({
  page,
}, info) => {
  const postPath = await firstPostPath(page);
  // What the server sends, before any script: the head as the preload scanner reads it.
  const head = await page.request.get(postPath).then((response) => response.text());
  expectOneDeferredStylesheet(head);
  // A page of islands (decision 055): no module preloads, one small boot module that waits.
  expect([...head.matchAll(/<link rel="modulepreload"[^>]*>/g)]).toHaveLength(0);
  expect([...head.matchAll(/<script type="module"[^>]*>/g)]).toHaveLength(1);

  await page.goto(postPath);
  await hydrated(page);
  const cover = page.locator('.post__cover img');
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expect(cover).not.toHaveAttribute('loading', 'lazy');
  const srcset = await cover.getAttribute('srcset');
  const sizes = await cover.getAttribute('sizes');
  expect(srcset).toMatch(/ 640w, .* 960w/);
  // The head preloads the same candidates for the same slot, before the stylesheet is parsed.
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute('imagesrcset', srcset!);
  await expect(preload).toHaveAttribute('imagesizes', sizes!);
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  // A phone (375 px at DPR 2–3) picks a width the page serves, never the 1920 original.
  const chosen = await cover.evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(chosen).toMatch(/\/w(640|960|1280)\.webp$/);

  await expectOneStylesheetApplied(page);
  await page.screenshot({
    path: `screenshots/${info.project.name}-first-paint-post.png`,
    fullPage: false,
  });
});

test('the feed: only the first card is fetched at high priority; no stylesheet blocks', async ({
  page,
}, info) => {
  const feed = await page.request.get('/blog').then((response) => response.text());
  expectOneDeferredStylesheet(feed);
  expect([
    ...feed.matchAll(/<link rel="preload" as="image"[^>]*fetchPriority="high"/g),
  ]).toHaveLength(1);
  await page.goto('/blog');
  await hydrated(page);
  const images = page.locator('.post-card__media img');
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  const highPriority = await images.evaluateAll(
    (all) => all.filter((image) => image.getAttribute('fetchpriority') === 'high').length,
  );
  expect(highPriority).toBe(1);
  await expectOneStylesheetApplied(page);
  await page.screenshot({ path: `screenshots/${info.project.name}-first-paint-feed.png` });
});

test('from the feed a post, and from the post a category, load as documents and stay styled', async ({
  page,
}, info) => {
  const stayed = () =>
    page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
  const mark = () =>
    page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
  await page.goto('/blog');
  await hydrated(page);
  // Set on this document: gone after a navigation means it loaded a new document.
  await mark();
  await page.locator('a.post-card__link').first().click();
  const title = page.locator('h1.post__title');
  await expect(title).toBeVisible();
  // The feed ships islands, not the client router (decision 053): the post is a document load.
  expect(await stayed()).toBe(false);
  await hydrated(page);
  await mark();
  // The blog's rules, not the browser's (an unstyled h1 has margins and no letter spacing).
  expect(
    await title.evaluate((node) => {
      const style = getComputedStyle(node);
      return { marginTop: style.marginTop, letterSpacing: style.letterSpacing };
    }),
  ).toEqual({ marginTop: '0px', letterSpacing: expect.stringMatching(/^-\d/) });
  const cover = page.locator('.post__cover img');
  await expect(cover).toHaveAttribute('fetchpriority', 'high');

  // The header's first category: in the bar on a desktop, in the dropdown on a phone.
  if (deviceOf(info.project.name) === 'desktop') {
    await page.locator('.blog-nav__list a').nth(1).click();
  } else {
    const dropdown = page.locator('.blog-header-mobile__categories');
    await dropdown.locator('summary').click();
    await dropdown.locator('a').nth(1).click();
  }
  await page.waitForURL(/\/blog\/category\/[^/]+$/);
  const heading = page.locator('h1.feed-header__title');
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((node) => getComputedStyle(node).marginTop)).toBe('0px');
  const card = page.locator('.post-card').first();
  await expect(card).toBeVisible();
  expect(await card.evaluate((node) => getComputedStyle(node).display)).not.toBe('block');
  // The post is a page of islands too (decision 055): the category is a document load.
  expect(await stayed()).toBe(false);
  await expectOneStylesheetApplied(page);
});

test('text shows before the web fonts arrive (font-display)', async ({ page, request }, info) => {
  const device = deviceOf(info.project.name);
  // Card titles in a web font shipped with the product (issue 7).
  await setSettings(request, device, { 'design.titleFont': { family: 'playfair', size: 22 } });
  try {
    // The fonts never arrive while the test looks: only the fallback can show the text.
    const heldFonts: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/*.woff2', async (route) => {
      heldFonts.push(route.request().url());
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto('/blog', { waitUntil: 'commit' });
    const title = page.locator('.post-card__title').first();
    await expect(title).toBeVisible();
    await expect.poll(() => heldFonts.some((url) => /playfair/.test(url))).toBe(true);
    expect(
      await title.evaluate((node) => getComputedStyle(node).fontFamily),
      'the title asks for the web font',
    ).toMatch(/Playfair/);
    expect(await page.evaluate(() => document.fonts.check('22px "Playfair Display"'))).toBe(false);
    // Painted text differs from the same box with its text made transparent: a font that blocks
    // (font-display: block) would paint neither until it arrives.
    // Playwright's screenshots wait for web fonts; the DevTools protocol's own does not.
    const cdp = await page.context().newCDPSession(page);
    const box = (await title.boundingBox())!;
    const shoot = async () =>
      (
        await cdp.send('Page.captureScreenshot', {
          format: 'png',
          clip: { ...box, scale: 1 },
        })
      ).data;
    const painted = await shoot();
    await page.addStyleTag({
      content: '.post-card__title, .post-card__title * { color: transparent !important; }',
    });
    const blank = await shoot();
    expect(painted === blank, 'the title is painted in a fallback font').toBe(false);
    // Every face the site declares lets text show at once.
    const displays = await page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules]
          .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
          .map((rule) => rule.style.getPropertyValue('font-display')),
      ),
    );
    expect(displays.length).toBeGreaterThan(0);
    for (const display of displays) expect(['swap', 'optional']).toContain(display);
    release();
  } finally {
    await resetSettings(request, ['design.titleFont']);
  }
});

test('before its scripts run, the post page has no touch target too small (target-size)', async ({
  page,
}) => {
  const postPath = await firstPostPath(page);
  // The server's page as it shows before hydration: the header's bar holds every category then.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(postPath);
  await expect(page.locator('h1.post__title')).toBeVisible();
  const result = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  expect(result.violations.flatMap((v) => v.nodes.map((node) => node.target))).toEqual([]);
});

test("the post's print rules, now in the one stylesheet, leave other pages alone", async ({
  page,
}) => {
  await page.goto('/blog');
  await page.emulateMedia({ media: 'print' });
  // A printed feed keeps its headers: the rules that hide them apply to a page showing a post.
  await expect(page.locator('.site-header')).toBeVisible();
  await expect(page.locator('.blog-header').first()).toBeVisible();
  await page.goto(await firstPostPath(page));
  await expect(page.locator('.post__title')).toBeVisible();
  await expect(page.locator('.site-header')).toBeHidden();
});
