// Lighthouse's performance and accessibility categories on the blog's feed and a post (issue 20
// "fast first paint"), mobile (Lighthouse's default: a mid-range phone, simulated slow 4G), on
// Debian's Chromium headless. It builds nothing: like seo:lighthouse it starts the built server
// on a fresh seeded PGlite folder (scripts/lighthouse-shared.mjs). Each page is audited N times;
// every run prints the performance score, FCP, LCP, TBT, CLS, the LCP element, the
// render-blocking resources and the accessibility score (with the audits that failed), then the
// medians. Each page and its images are fetched once before its runs (warmUp). Targets (issue 20,
// on a quiet machine): performance 100 in every run, FCP ≤ 1.2 s, LCP ≤ 1.5 s, accessibility 100
// on the post. It reports; it is not a test, and exits 0 unless it breaks.
//
//   npm run build && npm run perf:lighthouse [-- --runs 5 --port 3420 --pages feed,post --save dir]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import {
  blogPages,
  launchChromium,
  portFromArgs,
  startSeededServer,
} from './lighthouse-shared.mjs';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
}
const runs = Number(option('runs', '5'));
const pageNames = option('pages', 'feed,post').split(',');
/** A folder to write each run's full report (JSON) to, for a closer look. */
const saveDir = option('save', null);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The failed audits of a category (weight > 0, score below 1). */
function failedAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((found) => found.score !== null && found.score < 1)
    .map((found) => found.id);
}

/** The LCP element's selector and snippet, from the LCP breakdown insight. */
function lcpElement(lhr) {
  const details = lhr.audits['lcp-breakdown-insight']?.details;
  const stack = [details];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item || typeof item !== 'object') continue;
    if (item.type === 'node') return `${item.selector ?? ''} ${item.snippet ?? ''}`.trim();
    stack.push(...Object.values(item));
  }
  return '(none found)';
}

/** The URLs Lighthouse names as blocking the first render. */
function renderBlocking(lhr) {
  const items = lhr.audits['render-blocking-insight']?.details?.items ?? [];
  return items.map((item) => item.url).filter(Boolean);
}

async function audit(chrome, page, run) {
  const { lhr } = await lighthouse(page.url, {
    port: chrome.port,
    onlyCategories: ['performance', 'accessibility'],
    output: 'json',
    logLevel: 'error',
  });
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    writeFileSync(path.join(saveDir, `${page.name}-${run}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    // Lighthouse could not measure the run (e.g. NO_NAVSTART on a busy machine): say so, skip it.
    return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
  }
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    lcpElement: lcpElement(lhr),
    blocking: renderBlocking(lhr),
    failedPerformance: failedAudits(lhr, 'performance'),
    failedAccessibility: failedAudits(lhr, 'accessibility'),
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function printRun(label, result) {
  if (result.error) {
    console.log(`  ${label}  not measured: ${result.error}`);
    return;
  }
  console.log(
    `  ${label}  perf ${String(result.performance).padStart(3)}  FCP ${seconds(result.fcp)}  LCP ${seconds(result.lcp)}  TBT ${Math.round(result.tbt)} ms  CLS ${result.cls.toFixed(3)}  a11y ${result.accessibility}`,
  );
  console.log(`      LCP element: ${result.lcpElement.slice(0, 160)}`);
  console.log(
    `      render-blocking: ${result.blocking.length}${result.blocking.map((url) => `\n        ${url}`).join('')}`,
  );
  if (result.failedAccessibility.length > 0) {
    console.log(`      accessibility failed: ${result.failedAccessibility.join(', ')}`);
  }
  if (result.failedPerformance.length > 0) {
    console.log(`      performance audits below 1: ${result.failedPerformance.join(', ')}`);
  }
}

/**
 * Fetches `page` and every image its HTML names, once, before it is measured: a live blog's pages
 * are in the page cache and its image widths already resized on disk; a fresh server would make
 * the first run pay for both (a render, sharp's resize) and measure that instead.
 */
async function warmUp(page) {
  const html = await (await fetch(page.url)).text();
  const images = new Set(
    [...html.matchAll(/\/media\/[0-9a-f-]{36}\/w\d+\.webp/g)].map((match) => match[0]),
  );
  await Promise.all(
    [...images].map((src) => fetch(new URL(src, page.url)).then((r) => r.arrayBuffer())),
  );
}

async function main() {
  const server = await startSeededServer(portFromArgs(3420));
  let chrome;
  try {
    const all = await blogPages(server.origin);
    const pages = pageNames.map((name) => {
      if (!all[name]) throw new Error(`Unknown page "${name}" (feed, post, category, search)`);
      return all[name];
    });
    chrome = await launchChromium();
    console.log(`Lighthouse performance + accessibility (mobile), ${runs} runs a page:`);
    const summary = [];
    for (const page of pages) {
      console.log(`${page.name}  ${page.url}`);
      await warmUp(page);
      const results = [];
      for (let run = 1; run <= runs; run += 1) {
        // A trace Lighthouse could not read (NO_NAVSTART, on a busy machine) is measured again
        // once.
        let result = await audit(chrome, page, run);
        if (result.error) result = await audit(chrome, page, run);
        results.push(result);
        printRun(`run ${run}`, result);
      }
      summary.push({ page, results });
    }
    console.log('Medians:');
    for (const { page, results: all } of summary) {
      const results = all.filter((result) => !result.error);
      if (results.length === 0) {
        console.log(`  ${page.name.padEnd(5)} no run measured`);
        continue;
      }
      const of = (key) => median(results.map((result) => result[key]));
      const perfect = results.filter((result) => result.performance === 100).length;
      console.log(
        `  ${page.name.padEnd(5)} perf ${of('performance')} (100 in ${perfect} of ${all.length})  FCP ${seconds(of('fcp'))}  LCP ${seconds(of('lcp'))}  TBT ${Math.round(of('tbt'))} ms  CLS ${of('cls').toFixed(3)}  a11y ${of('accessibility')}  render-blocking ${median(results.map((result) => result.blocking.length))}`,
      );
    }
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}

await main();
