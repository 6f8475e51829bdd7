/**
 * The security headers in Chromium (issue 15; decision 029): a page carries a policy that runs
 * its own scripts by hash and nothing else, a script put in afterwards is refused (and the specs'
 * policy watch in fixtures.ts sees the refusal, so every other spec would fail on one), and a
 * rich embed's markup runs its script in the sandboxed frame document. Reads the seed's posts
 * only.
 */
import { expect, test } from './fixtures';
import { hydrated } from './support';

const KITCHEN_SINK = '/blog/every-kind-of-block-a-post-can-hold';

test('a page runs its own scripts and refuses one put in afterwards', async ({
  page,
  securityPolicyRefusals,
}) => {
  const response = await page.goto('/blog');
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = policy.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).toContain("'sha256-");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  // Hydrated: React Router's inline bootstrap and loader data ran.
  await hydrated(page);

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.append(script);
  });
  await expect.poll(() => securityPolicyRefusals.length).toBeGreaterThan(0);
  // Chromium's words vary by version ("Refused to execute inline script…", "Executing inline
  // script violates…").
  expect(securityPolicyRefusals.join('\n')).toMatch(/inline script/i);
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  // Refused on purpose: not a failure of this test.
  securityPolicyRefusals.splice(0);
});

test("a rich embed's markup runs its script in the sandboxed frame document", async ({ page }) => {
  await page.goto(KITCHEN_SINK);
  await hydrated(page);
  const frame = page.locator('.rc-embed--rich iframe');
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toHaveAttribute('src', /^\/frames\/html#/);
  // The frame document's auto-height script reported the blockquote's height (300 by default).
  await expect(frame).not.toHaveAttribute('height', '300');
  const inner = page.frameLocator('.rc-embed--rich iframe');
  await expect(inner.getByText('Embedded content runs in a sandbox')).toBeVisible();
  // An opaque origin: the embed cannot read the page's cookies or storage.
  const embed = page
    .frames()
    .find((f) => f.url().includes('/frames/html#') && f.url().includes('auto=1'));
  expect(await embed?.evaluate(() => self.origin)).toBe('null');
});
