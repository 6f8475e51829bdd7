/**
 * The reader pages' script budget (issue 20, decisions 053 and 055) as the browser sees it: every
 * `.js` response a page fetches, with its gzip -9 size (as bench/scripts.ts counts).
 */
import { gzipSync } from 'node:zlib';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Issue 20: at most 60 kB gzip of script on a reader page's first visit… */
export const SCRIPT_BUDGET_GZIP_BYTES = 60 * 1024;
/** …in at most 20 files. */
export const SCRIPT_BUDGET_FILES = 20;

/** Every script the page fetches from now on, by URL, with its gzip -9 size. */
export function watchScripts(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  return scripts;
}

/** The gzip bytes of `scripts` together. */
export function totalGzip(scripts: Map<string, number>): number {
  return [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
}

/** The files and gzip bytes of `scripts` so far. */
export function scriptFigure(scripts: Map<string, number>): { files: number; gzip: number } {
  return { files: scripts.size, gzip: totalGzip(scripts) };
}

/**
 * Checks a page's scripts on its first load (`onLoad`) and after it was used (all of `scripts`
 * now) against the budget, and attaches both figures to the test's report.
 */
export async function expectWithinScriptBudget(
  info: TestInfo,
  scripts: Map<string, number>,
  onLoad: { files: number; gzip: number },
): Promise<void> {
  const used = scriptFigure(scripts);
  await info.attach('scripts', {
    body: JSON.stringify({ onLoad, used, files: Object.fromEntries(scripts) }, null, 2),
    contentType: 'application/json',
  });
  for (const figure of [onLoad, used]) {
    expect(figure.gzip).toBeLessThanOrEqual(SCRIPT_BUDGET_GZIP_BYTES);
    expect(figure.files).toBeLessThanOrEqual(SCRIPT_BUDGET_FILES);
  }
}
