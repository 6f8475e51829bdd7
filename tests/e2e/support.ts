/**
 * Shared steps of the browser tests. Settings change through the test-only route that the e2e
 * server enables (ENABLE_TEST_ROUTES); each spec resets what it changed, since every spec reads
 * the same demo site.
 */
import {
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';

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

/** The member id of the seeded writer, found as the owner of one of her posts in the feed. */
export async function seededWriterId(request: APIRequestContext): Promise<string> {
  for (let page = 1; page <= 20; page++) {
    const response = await request.get(`/api/posts?page=${page}&pageSize=50`);
    if (!response.ok()) throw new Error(`The feed answered ${response.status()}`);
    const feed = (await response.json()) as {
      posts: { owner: { siteMemberId: string; name: string } | null }[];
      lastPage: number;
    };
    const owner = feed.posts.find((p) => p.owner?.name === WRITER_NAME)?.owner;
    if (owner) return owner.siteMemberId;
    if (page >= feed.lastPage) break;
  }
  throw new Error(`No post by ${WRITER_NAME} in the seeded feed`);
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

/**
 * A page of a new context like the project's (size, phone or not, base URL) with scripts off:
 * what the server's HTML shows before any script runs. Close its context when done.
 */
export async function scriptlessPage(browser: Browser, info: TestInfo): Promise<Page> {
  const { viewport, userAgent, isMobile, hasTouch, baseURL } = info.project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    baseURL,
    javaScriptEnabled: false,
  });
  return context.newPage();
}
