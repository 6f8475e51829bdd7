/**
 * Shared steps of the browser tests. Settings change through the test-only route that the e2e
 * server enables (ENABLE_TEST_ROUTES); each spec resets what it changed, since every spec reads
 * the same demo site.
 */
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { slugify } from '../../src/domain/slugs';

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
  const { viewport, userAgent, isMobile, hasTouch, baseURL } = info.project.use;
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

/** Resolves once the page's scripts have hydrated it. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/** The seeded demo members' password (README "Try it"). */
export const DEMO_PASSWORD = 'inkwell-demo';

/** A seeded demo member (seed/content.ts), who logs in with DEMO_PASSWORD. */
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
 * Writes and publishes a post of one paragraph through the editor API, as whoever `request`
 * speaks for (a member's browser, or the test-only member header in `headers`). `onCreated` hears
 * the draft's id as soon as it exists, so the test can remove it whatever fails after.
 */
export async function publishPostThroughApi(
  request: APIRequestContext,
  post: {
    title: string;
    text: string;
    headers?: Record<string, string>;
    onCreated?: (id: string) => void;
  },
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
        nodes: [
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
