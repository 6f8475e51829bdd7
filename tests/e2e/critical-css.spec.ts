/**
 * Critical CSS (issue 20, decision 052): a reader page paints from the CSS inline in its head,
 * with the site's stylesheet still on its way, exactly as it looks once the stylesheet has
 * arrived (nothing moves), in every feed layout and on a post, at 1280 and 375 wide; the head
 * has no render-blocking stylesheet; the feed's first cover alone is fetched at high priority
 * and preloaded, the covers below the first row are lazy. Screenshots of each layout with the
 * stylesheet held go to screenshots/.
 */
import type { Page, Route } from '@playwright/test';
import { DESKTOP_LAYOUTS, MOBILE_LAYOUTS } from '../../src/domain/settings';
import { expect } from './fixtures';
import { deviceOf, hydrated, resetSettings, setSettings, test } from './support';

/** The site's stylesheet, as the page links it. */
const SITE_STYLESHEET = '**/assets/site-*.css';

/**
 * Holds the site's stylesheet until `release()`: the page meanwhile has only its inline CSS.
 * `arrived()` resolves once the page has turned the stylesheet on.
 */
async function holdStylesheet(page: Page) {
  const held: Route[] = [];
  let isReleased = false;
  await page.route(SITE_STYLESHEET, async (route) => {
    if (isReleased) await route.continue();
    else held.push(route);
  });
  return {
    release: async () => {
      isReleased = true;
      await Promise.all(held.map((route) => route.continue()));
    },
    arrived: () =>
      expect
        .poll(() =>
          page.evaluate(() =>
            [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some(
              (link) => link.media === 'all' && link.sheet !== null,
            ),
          ),
        )
        .toBe(true),
  };
}

/**
 * Where every visible element of the first two screens is drawn, in document order, once the running
 * animations have ended (a new stylesheet starts its elements' animations again: the header's
 * closed category menu pops in, unseen).
 */
async function layoutOf(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      // What a reader sees: not the insides of a closed <details> (the header's category menu).
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
        return { name, x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      })
      .filter((box) => box.y < 2 * window.innerHeight)
      .map((box) =>
        [box.name, ...[box.x, box.y, box.width, box.height].map((n) => Math.round(n))].join(' '),
      ),
  );
}

/**
 * The layout once it holds still: after hydration the desktop header's navigation fits its items
 * in a ResizeObserver callback (header-nav.tsx), a frame or two later; read before that, the bar
 * still shows every category.
 */
async function settledLayoutOf(page: Page) {
  const frames = () =>
    page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  await frames();
  let last = await layoutOf(page);
  await expect
    .poll(async () => {
      await frames();
      const now = await layoutOf(page);
      const isSame = JSON.stringify(now) === JSON.stringify(last);
      last = now;
      return isSame;
    })
    .toBe(true);
  return last;
}

/**
 * Loads `path` with the stylesheet held, checks the page is styled by its inline CSS alone, then
 * lets the stylesheet in and checks that nothing moved.
 */
async function expectSameLayoutBeforeTheStylesheet(page: Page, path: string, shot: string) {
  const stylesheet = await holdStylesheet(page);
  // The load event waits for every stylesheet, the held one too; the page is parsed before.
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await hydrated(page);
  const inline = await page.locator('style[data-critical-css]').count();
  expect(inline, 'the critical CSS inline in the head').toBe(1);
  const before = await settledLayoutOf(page);
  await page.screenshot({ path: `screenshots/critical-css-${shot}.png` });
  await stylesheet.release();
  await stylesheet.arrived();
  expect(await settledLayoutOf(page)).toEqual(before);
}

test.describe('the feed with its inline CSS alone', () => {
  const changed = new Set<string>();
  test.afterEach(async ({ request }) => {
    await resetSettings(request, [...changed]);
    changed.clear();
  });

  test('every layout is drawn as with the whole stylesheet, at 1280 and 375', async ({
    page,
  }, info) => {
    test.slow();
    const device = deviceOf(info.project.name);
    const layouts = device === 'desktop' ? DESKTOP_LAYOUTS : MOBILE_LAYOUTS;
    changed.add('feed.layout');
    for (const layout of layouts) {
      await setSettings(page.request, device, { 'feed.layout': layout });
      await expectSameLayoutBeforeTheStylesheet(
        page,
        '/blog',
        `${layout}-${page.viewportSize()!.width}`,
      );
      if (device === 'desktop') {
        // A desktop browser 375 wide: the phone-wide rules of the layout are inline too.
        await page.setViewportSize({ width: 375, height: 800 });
        await expectSameLayoutBeforeTheStylesheet(page, '/blog', `${layout}-375`);
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    }
  });
});

test('a post with its inline CSS alone is drawn as with the whole stylesheet', async ({
  page,
}, info) => {
  await page.goto('/blog');
  const href = await page.locator('a.post-card__link').first().getAttribute('href');
  await expectSameLayoutBeforeTheStylesheet(page, href!, `post-${info.project.name}`);
});

test('the head: critical CSS inline, no render-blocking stylesheet, the first cover preloaded', async ({
  page,
}) => {
  const html = await page.request.get('/blog').then((response) => response.text());
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<style data-critical-css="">[\s\S]*?\.post-card\{/);
  const links = [...head.replace(/<noscript>.*?<\/noscript>/g, '').matchAll(/<link[^>]*>/g)];
  const stylesheets = links.map((link) => link[0]).filter((tag) => tag.includes('stylesheet'));
  // Fetched without blocking, then turned on by a script; <noscript> keeps it for the others.
  expect(stylesheets).toHaveLength(1);
  expect(stylesheets[0]).toContain('media="print"');
  const coverPreloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)];
  expect(coverPreloads.filter((link) => /fetchPriority="high"/.test(link[0]))).toHaveLength(1);

  await page.goto('/blog');
  await hydrated(page);
  const images = page.locator('.post-card__media img');
  const first = images.first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  // The preload names the same candidates for the same slot as the cover it stands for.
  const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
  await expect(preload).toHaveAttribute('imagesrcset', (await first.getAttribute('srcset'))!);
  await expect(preload).toHaveAttribute('imagesizes', (await first.getAttribute('sizes'))!);
  // The covers below the first row wait until they near the screen.
  const loading = await images.evaluateAll((all) =>
    all.map((image) => image.getAttribute('loading')),
  );
  expect(loading.length).toBeGreaterThan(5);
  expect(loading.slice(5).every((value) => value === 'lazy')).toBe(true);
  // Once loaded, the one stylesheet applies to the screen.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
            (link) => link.media === 'all',
          ).length,
      ),
    )
    .toBe(1);
});
