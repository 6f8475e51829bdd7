/**
 * Shared steps of the browser tests. Every spec file runs on a blog of its own (decision 031):
 * `test` below gives each spec file, project and repetition a fresh copy of the demo blog at a
 * host of its own, so no spec reads what another changed. Settings change through the test-only
 * route that the e2e server enables (ENABLE_TEST_ROUTES).
 */
import { randomUUID } from 'node:crypto';
import dns from 'node:dns';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Frame,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { slugify } from '../../src/domain/slugs';
import { test as base } from './fixtures';

// ---------------------------------------------------------------------------------------------
// Each spec's own blog. Host handling lives here and nowhere else in the specs.

/**
 * `*.localhost` is this machine (RFC 6761): Chromium resolves it so, Node's resolver does not.
 * The specs' API requests (Playwright's request contexts, in this process) reach the own blogs'
 * hosts through this lookup, as the browser does.
 */
const lookup = dns.promises.lookup as (hostname: string, ...rest: unknown[]) => unknown;
dns.promises.lookup = ((hostname: string, ...rest: unknown[]) =>
  lookup.call(
    dns.promises,
    hostname.endsWith('.localhost') ? '127.0.0.1' : hostname,
    ...rest,
  )) as typeof dns.promises.lookup;

/** One per loading of the specs (a run, or a worker after a failure): hosts never repeat. */
const RUN = randomUUID().slice(0, 6);

/**
 * The address of the blog that a spec file, project and repetition own: a host of their own on
 * the e2e server, which answers every host (hosts select sites, sites.server.ts). A spec that
 * needs several blogs names each with a `suffix` (a lowercase word: the languages spec's blog of
 * each language).
 */
export function ownSiteOrigin(info: TestInfo, suffix = ''): string {
  const server = new URL(info.project.use.baseURL!);
  const spec = path.basename(info.file).replace(/\.spec\.ts$/, '');
  const own = suffix === '' ? '' : `-${suffix.toLowerCase()}`;
  const host = `${spec}${own}-${info.project.name}-${info.repeatEachIndex}-${RUN}.localhost`;
  return `http://${host}:${server.port}`;
}

/**
 * The demo blog the server seeded, at its own address: no spec changes it (each has its own), so
 * a spec may read it as another site, e.g. the page a link preview fetches (the server resolves
 * no `*.localhost` name).
 */
export function demoBlogOrigin(info: TestInfo): string {
  return new URL(info.project.use.baseURL!).origin;
}

const ownSites = new Map<string, Promise<void>>();

/**
 * Makes the blog at `origin` once: a copy of the demo blog (the test-only route), in `language`
 * when given (the test route's way, which also takes the pseudo-locale en-XA; a spec that means
 * to change the language as an owner does uses Dashboard → Settings instead).
 */
export function ensureOwnSite(server: string, origin: string, language?: string): Promise<void> {
  let made = ownSites.get(origin);
  if (!made) {
    made = (async () => {
      const response = await fetch(`${server}/api/test/demo-sites`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ host: new URL(origin).hostname, language }),
      });
      if (!response.ok) {
        throw new Error(`The spec's own blog: ${response.status} ${await response.text()}`);
      }
    })();
    made.catch(() => ownSites.delete(origin));
    ownSites.set(origin, made);
  }
  return made;
}

/**
 * Playwright's `test`, with `baseURL` the spec's own blog (made before its first test or hook):
 * pages, `request` and contexts made with `baseURL` all go there.
 */
export const test = base.extend({
  baseURL: async ({ baseURL }, use, info) => {
    const origin = ownSiteOrigin(info);
    await ensureOwnSite(baseURL!, origin);
    await use(origin);
  },
});

export type Device = 'desktop' | 'mobile';

/** Changes some of the Blog widget's settings of one device; `null` resets a key. */
export async function setSettings(
  request: APIRequestContext,
  device: Device,
  patch: Record<string, unknown>,
): Promise<void> {
  const response = await request.put(`/api/test/widget-settings/blog/${device}`, { data: patch });
  if (!response.ok()) {
    throw new Error(`Settings change failed: ${response.status()} ${await response.text()}`);
  }
}

/** Resets the keys of `patch` on both devices. */
export async function resetSettings(request: APIRequestContext, keys: string[]): Promise<void> {
  const patch = Object.fromEntries(keys.map((key) => [key, null]));
  await setSettings(request, 'desktop', patch);
  await setSettings(request, 'mobile', patch);
}

/** The device whose settings a Playwright project gets (the mobile project is a phone). */
export function deviceOf(projectName: string): Device {
  return projectName === 'mobile' ? 'mobile' : 'desktop';
}

/** The seeded writer the editor specs act as (seed content: Sofia Marchetti, role writer). */
export const WRITER_NAME = 'Sofia Marchetti';

/** The id of the seeded member `name`, found as the owner of one of their posts in the feed. */
export async function seededMemberId(request: APIRequestContext, name: string): Promise<string> {
  for (let page = 1; page <= 20; page++) {
    const response = await request.get(`/api/posts?page=${page}&pageSize=50`);
    if (!response.ok()) throw new Error(`The feed answered ${response.status()}`);
    const feed = (await response.json()) as {
      posts: { owner: { siteMemberId: string; name: string } | null }[];
      lastPage: number;
    };
    const owner = feed.posts.find((p) => p.owner?.name === name)?.owner;
    if (owner) return owner.siteMemberId;
    if (page >= feed.lastPage) break;
  }
  throw new Error(`No post by ${name} in the seeded feed`);
}

/** The member id of the seeded writer, found as the owner of one of her posts in the feed. */
export function seededWriterId(request: APIRequestContext): Promise<string> {
  return seededMemberId(request, WRITER_NAME);
}

/**
 * Makes every test of the enclosing describe act as the seeded writer (the test-only member
 * header) and accept the "leave with unsaved changes?" prompt, which the tests mean to answer
 * yes. Returns the writer, whose id is known once the hooks have run.
 */
export function actAsSeededWriter(): { readonly id: string } {
  const writer = { id: '' };
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    writer.id = await seededWriterId(request);
    await request.dispose();
  });
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-inkwell-test-member': writer.id });
    page.on('dialog', (dialog) => void dialog.accept());
  });
  return writer;
}

/** A new browser context like the project's (size, phone or not, base URL); close it when done. */
export function projectContext(
  browser: Browser,
  info: TestInfo,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const { viewport, userAgent, isMobile, hasTouch } = info.project.use;
  const baseURL = ownSiteOrigin(info);
  return browser.newContext({ viewport, userAgent, isMobile, hasTouch, baseURL, ...options });
}

/**
 * A page of a new context like the project's with scripts off: what the server's HTML shows
 * before any script runs. Close its context when done.
 */
export async function scriptlessPage(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await projectContext(browser, info, { javaScriptEnabled: false });
  return context.newPage();
}

/**
 * Loads every picture of the page now, the lazy ones below the fold too, and resolves once each
 * has loaded or failed: what a full-page screenshot needs, without scrolling through the page.
 */
export async function allImagesLoaded(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const image of document.images) image.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

/**
 * The answer to the page's next like or unlike of a post (the write, not a read). A test that
 * reloads after a click waits for it: the button turns at once, before the server has the like.
 */
export function likeWritten(page: Page, postId: string) {
  return page.waitForResponse(
    (response) =>
      response.url().includes(`/api/posts/${postId}/like`) && response.request().method() !== 'GET',
  );
}

/**
 * The site's navigation, open: on a phone it sits behind the site header's Menu button (issue 23),
 * which is pressed first; wider, it is the header's row of links.
 */
export async function siteNavigation(page: Page): Promise<Locator> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const nav = page.getByRole('navigation', { name: 'Site' });
  if (await menu.isVisible()) await menu.click();
  await expect(nav).toBeVisible();
  return nav;
}

/** Resolves once the page's (or frame's) scripts have hydrated it. */
export const hydrated = (page: Page | Frame) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/** The seeded demo members' password (README "Try it"). */
export const DEMO_PASSWORD = 'inkwell-demo';

/** A seeded demo member (sample-content/content.ts), who logs in with DEMO_PASSWORD. */
export interface DemoMember {
  name: string;
  slug: string;
  email: string;
}

/** The demo member named `name`: like the seed (seed.server.ts), slug from name, email from slug. */
function demoMember(name: string): DemoMember {
  const slug = slugify(name);
  return { name, slug, email: `${slug}@example.com` };
}

/** The owner. */
export const MAYA = demoMember('Maya Lindqvist');
/** The seeded writer the editor specs act as (WRITER_NAME). */
export const SOFIA = demoMember(WRITER_NAME);
/** A guest-writer: may write, may not publish. */
export const PRIYA = demoMember('Priya Raman');
/** A member (role user). */
export const HANNAH = demoMember('Hannah Becker');
/** A writer. */
export const KENJI = demoMember('Kenji Watanabe');
/** An editor. */
export const DANIEL = demoMember('Daniel Okafor');
/** A private member (role user). */
export const ELENA = demoMember('Elena Petrova');

/** Fills in and sends the login form the page shows. */
export async function submitLogIn(page: Page, member: DemoMember): Promise<void> {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Logs `member` in through the login page and leaves them, hydrated, on `next` (a path). */
export async function logInTo(page: Page, member: DemoMember, next: string): Promise<void> {
  await page.goto(`/blog/login?${new URLSearchParams({ next })}`);
  await hydrated(page);
  await submitLogIn(page, member);
  await expect(page).toHaveURL((url) => url.pathname === next);
  await hydrated(page);
}

/**
 * A second browser for a member: a new context like the project's, logged in as `member` through
 * the login page and left on `next`. Close its context when done.
 */
export async function memberBrowser(
  browser: Browser,
  info: TestInfo,
  member: DemoMember,
  next: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await projectContext(browser, info);
  const page = await context.newPage();
  await logInTo(page, member, next);
  return { context, page };
}

/**
 * Writes and publishes a post through the editor API, as whoever `request` speaks for (a member's
 * browser, or the test-only member header in `headers`): one paragraph of `text`, or the blocks
 * of `nodes`. `onCreated` hears the draft's id as soon as it exists, so the test can remove it
 * whatever fails after.
 */
export async function publishPostThroughApi(
  request: APIRequestContext,
  post: {
    title: string;
    headers?: Record<string, string>;
    onCreated?: (id: string) => void;
  } & ({ text: string } | { nodes: unknown[] }),
): Promise<{ id: string; slug: string }> {
  const headers = post.headers ?? {};
  const created = await request.post('/api/editor/posts', { data: { title: post.title }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const draft = (await created.json()) as { id: string; revision: number };
  post.onCreated?.(draft.id);
  const now = new Date().toISOString();
  const saved = await request.put(`/api/editor/posts/${draft.id}`, {
    headers,
    data: {
      revision: draft.revision,
      content: {
        nodes:
          'nodes' in post
            ? post.nodes
            : [
                {
                  type: 'PARAGRAPH',
                  id: 'n1',
                  nodes: [
                    {
                      type: 'TEXT',
                      id: '',
                      nodes: [],
                      textData: { text: post.text, decorations: [] },
                    },
                  ],
                  paragraphData: {},
                },
              ],
        metadata: { version: 1, createdTimestamp: now, updatedTimestamp: now },
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { revision } = (await saved.json()) as { revision: number };
  const published = await request.post(`/api/editor/posts/${draft.id}/publish`, {
    headers,
    data: { revision },
  });
  expect(published.ok(), await published.text()).toBe(true);
  return (await published.json()) as { id: string; slug: string };
}

/**
 * Opens the profile menu. Its code arrives after the page hydrates (it is kept out of the feed's
 * script), so a press before that does nothing: press until the menu shows.
 */
export async function openProfileMenu(page: Page, button: Locator): Promise<Locator> {
  const menu = page.getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await button.click();
    await expect(menu).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  // Settled: it fades in (a half-faded menu is not what a reader sees, nor what axe should).
  await menu.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  return menu;
}

/**
 * No axe violation inside `selector` (the violations named, to read in the failure). `soft`: the
 * test goes on and fails at its end (a walk through several screens reports them all).
 */
export async function expectAccessible(
  page: Page,
  selector: string,
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  (soft ? expect.soft : expect)(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}

/**
 * No text sticks out of its box: the page does not scroll sideways, and no element that holds
 * text of its own is wider inside than its box (`scrollWidth > clientWidth + 1`) while its overflow
 * shows or is cut off. Elements that clamp on purpose are left out: an ellipsis
 * (`text-overflow: ellipsis`), a line clamp, a scroll container (overflow auto or scroll), a
 * visually hidden element (clipped), and what sits inside them. The failure names each offender (tag, class, text) and by how much.
 */
export async function expectNoOverflow(
  page: Page,
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const sideways =
      root.scrollWidth > window.innerWidth
        ? [`the page scrolls sideways: ${root.scrollWidth} px wide in ${window.innerWidth} px`]
        : [];
    // Clamps on purpose: an ellipsis, a line clamp, a scroll container; or hidden for the eyes
    // and kept for screen readers (a visually hidden label, clipped to a pixel on purpose).
    // An ellipsis shows only on a block container: on a flex or grid one the text is cut bare.
    const clamps = (style: CSSStyleDeclaration) =>
      (style.textOverflow === 'ellipsis' && !/flex|grid/.test(style.display)) ||
      (style.webkitLineClamp !== '' && style.webkitLineClamp !== 'none') ||
      ['auto', 'scroll'].includes(style.overflowX) ||
      (style.clip !== '' && style.clip !== 'auto') ||
      style.clipPath !== 'none';
    const offenders: string[] = [];
    const walk = (element: Element, isClamped: boolean) => {
      const style = getComputedStyle(element);
      if (style.display === 'none') return;
      const clamped = isClamped || clamps(style);
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (
        !clamped &&
        ownText &&
        element instanceof HTMLElement &&
        ['visible', 'hidden', 'clip'].includes(style.overflowX) &&
        element.clientWidth > 0 &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
        const classes = typeof element.className === 'string' ? element.className : '';
        offenders.push(
          `<${element.tagName.toLowerCase()} class="${classes}"> "${text}": ` +
            `${element.scrollWidth} px of text in ${element.clientWidth} px`,
        );
      }
      for (const child of element.children) walk(child, clamped);
    };
    walk(document.body, false);
    return [...sideways, ...offenders];
  });
  (soft ? expect.soft : expect)(found, `text overflows its box on ${page.url()}`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// The guards of every screen (issue 23 "Keep it fixed", decision 071).

/** The rule sets every screen is audited with: WCAG 2.2 AA and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * No axe violation of AXE_TAGS on the whole page (frames included), soft: the test goes on and
 * fails at its end. Each violation is named with its rule, its help and the elements it found.
 */
export async function expectAxeClean(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect
    .soft(
      result.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .slice(0, 5)
            .map((n) => n.target.join(' '))
            .join(' | ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`,
      ),
      `axe on ${label} (${page.url()})`,
    )
    .toEqual([]);
}

/** Resolves once the page's finite animations (fades, slides) have finished. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * No control under another: for every visible button, link, input, select, textarea and summary
 * of the page, brought to the middle of the viewport, the element at its centre is the control
 * itself, inside it, or its own label (for a link that wraps, at the centre of one of its lines).
 * Left out: controls that cannot be seen (hidden, no size,
 * transparent, clipped to a pixel like a visually hidden input), inert ones, those inside a
 * closed popover or a closed `<details>`, and those that stay off-screen when scrolled to (an
 * off-canvas drawer). Soft; the failure names each covered control and what covers it.
 */
export async function expectNoCoveredControls(page: Page, label: string): Promise<void> {
  const found = await page.evaluate(() => {
    const nameOf = (element: Element) => {
      const classes =
        typeof (element as HTMLElement).className === 'string'
          ? (element as HTMLElement).className.trim().split(/\s+/).slice(0, 2).join('.')
          : '';
      const text = (
        element.getAttribute('aria-label') ??
        element.textContent ??
        element.getAttribute('name') ??
        ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text}"`;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary',
    );
    const offenders: string[] = [];
    const x0 = window.scrollX;
    const y0 = window.scrollY;
    for (const control of controls) {
      if (control.closest('[inert]')) continue;
      const popover = control.closest('[popover]');
      if (popover && !popover.matches(':popover-open')) continue;
      const details = control.closest('details');
      if (details && !details.open && control.parentElement !== details) continue;
      if (
        !control.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ||
        control.getClientRects().length === 0
      ) {
        continue;
      }
      const style = getComputedStyle(control);
      if (style.clipPath !== 'none' || (style.clip !== '' && style.clip !== 'auto')) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue;
      // To the middle of what a reader can scroll: its scroll containers (overflow auto or
      // scroll) and the page. Never a box that cuts its content off (overflow hidden or clip):
      // scrollIntoView would scroll even those, and show what no reader can reach.
      for (let box = control.parentElement; box; box = box.parentElement) {
        const overflow = getComputedStyle(box);
        const inner = control.getBoundingClientRect();
        const outer = box.getBoundingClientRect();
        if (/auto|scroll/.test(overflow.overflowX)) {
          box.scrollLeft += inner.left + inner.width / 2 - (outer.left + outer.width / 2);
        }
        if (/auto|scroll/.test(overflow.overflowY)) {
          box.scrollTop += inner.top + inner.height / 2 - (outer.top + outer.height / 2);
        }
      }
      const middle = control.getBoundingClientRect();
      window.scrollBy({
        left: middle.left + middle.width / 2 - window.innerWidth / 2,
        top: middle.top + middle.height / 2 - window.innerHeight / 2,
        behavior: 'instant',
      });
      // A link that wraps has a box per line: the middle of its bounding box may be no part of
      // it, so each line's box is tried and one that shows the control is enough.
      const hits: Element[] = [];
      let shows = false;
      for (const box of control.getClientRects()) {
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (box.width < 1 || x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) {
          continue;
        }
        const hit = document.elementFromPoint(x, y);
        if (!hit) continue;
        // A label is the control's own: pressing it presses the control.
        const labelled = hit.closest('label');
        if (
          hit === control ||
          control.contains(hit) ||
          (labelled && (labelled as HTMLLabelElement).control === control)
        ) {
          shows = true;
          break;
        }
        hits.push(hit);
      }
      if (shows || hits.length === 0) continue;
      offenders.push(`${nameOf(control)} is under ${nameOf(hits[0]!)}`);
    }
    window.scrollTo({ left: x0, top: y0, behavior: 'instant' });
    return offenders;
  });
  expect.soft(found, `controls under other elements on ${label} (${page.url()})`).toEqual([]);
}

/**
 * Logs `member` in through the API in `request` (a browser context's `request` shares its cookies
 * with the context's pages): the session a spec needs when the login form is not what it tests.
 */
export async function logInThroughApi(
  request: APIRequestContext,
  member: DemoMember,
): Promise<void> {
  const token = await request.get('/api/session/csrf');
  expect(token.ok(), await token.text()).toBe(true);
  const { token: csrf } = (await token.json()) as { token: string };
  const response = await request.post('/api/auth/login', {
    headers: { 'x-csrf-token': csrf },
    data: { email: member.email, password: DEMO_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** What has the keyboard's focus, described for a failure: tag, name or text, classes. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '<body>';
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    const classes = typeof element.className === 'string' ? element.className : '';
    return `<${element.tagName.toLowerCase()} class="${classes}"> "${name}"`;
  });
}

/** Whether the focus is on `target` or inside it. */
export function focusIsIn(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const active = document.activeElement;
    return active !== null && (element === active || element.contains(active));
  });
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focus is on `target` or inside it, at most
 * `max` times; fails naming where the focus went. `within`: every stop on the way is inside it
 * (the focus never leaves the article for the header). Returns the number of presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  {
    max = 40,
    backwards = false,
    within,
  }: { max?: number; backwards?: boolean; within?: Locator } = {},
): Promise<number> {
  const stops: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await focusIsIn(target.first())) return presses;
    stops.push(await describeFocus(page));
    if (within && !(await focusIsIn(within))) {
      throw new Error(`The focus left ${within} on the way to ${target}: ${stops.join(' → ')}`);
    }
  }
  throw new Error(`${target} not reached in ${max} presses: ${stops.slice(-12).join(' → ')}`);
}
