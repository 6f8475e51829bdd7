/**
 * The browser specs' `test`: Playwright's, failing any test during which a page of ours broke its
 * security policy (issue 15; decision 029). Chromium reports each refusal (a script, style, frame
 * or connection the Content-Security-Policy or X-Frame-Options did not allow) as a console error
 * of the page it happened in, frames included. Every context is watched: the test's own, and those
 * a spec makes itself (`browser.newContext`, `browser.newPage`).
 */
import { type Browser, type BrowserContext, test as base, expect } from '@playwright/test';

/** Chromium's console text for a refusal: "Refused to … Content Security Policy …". */
const REFUSAL = /Content Security Policy|X-Frame-Options/;

/** The running test's refusals (one test at a time per worker). */
let current: string[] | null = null;

const watched = new WeakSet<BrowserContext>();

/** Reports the refusals on `context`'s pages to the running test. */
function watchSecurityPolicy(context: BrowserContext): void {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('console', (message) => {
    if (message.type() === 'error' && REFUSAL.test(message.text())) {
      current?.push(`${message.location().url}: ${message.text()}`);
    }
  });
}

/** `test` with the policy watch (see the module comment). */
export const test = base.extend<{ securityPolicyRefusals: string[] }, { browser: Browser }>({
  // Contexts made by hand are watched too (`newPage` makes its context through `newContext`).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        watchSecurityPolicy(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  // Automatic, and needs no browser: a test that never opens a page pays nothing.
  securityPolicyRefusals: [
    async ({ browserName: _ }, use) => {
      const refusals: string[] = [];
      current = refusals;
      await use(refusals);
      current = null;
      // A test that provokes a refusal on purpose takes it out of the list (splice) first.
      expect(refusals, 'the pages broke their security policy').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, securityPolicyRefusals: _ }, use) => {
    watchSecurityPolicy(context);
    await use(context);
  },
});

export { expect };
