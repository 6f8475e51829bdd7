/**
 * The `layouts` group (issue 3: "the feed page keeps the walking skeleton's throughput with every
 * layout"): the feed page `/blog` loaded as a member (page cache bypassed, every request renders)
 * once per feed layout, each set on its device through the server's test-only settings route.
 * The default layout (grid) is measured first, in the same way, as the baseline the others are
 * compared with, and once more at the end to show how much the machine drifted meanwhile.
 */
import { type Device, FEED_LAYOUTS, type FeedLayout, MOBILE_LAYOUTS } from '../src/domain/settings';
import { type LoadResult, measure, memberHeaders } from './load';
import type { MemberSession } from './sessions';

/** The desktop default layout: the feed scenario's member run renders it; the baseline. */
export const BASELINE_LAYOUT: FeedLayout = 'grid';

/** The settings key of the feed's layout. */
const LAYOUT_KEY = 'feed.layout';

/** An iPhone's Safari: `deviceFromHeaders` reads it as mobile, so the mobile settings apply. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** One layout's member run of `/blog`. */
export interface LayoutRun extends LoadResult {
  layout: FeedLayout;
  device: Device;
  /** Whether the page rendered after the change had the layout's `post-list--<layout>` class. */
  layoutShown: boolean;
}

/** What the layouts group measured. */
export interface LayoutResults {
  /** The layout the others are compared with (the desktop default). */
  baselineLayout: FeedLayout;
  /** Seconds of measured load per layout, after `warmupS` of unmeasured load. */
  durationS: number;
  warmupS: number;
  /** One run per layout of FEED_LAYOUTS, the baseline first. */
  runs: LayoutRun[];
  /** The baseline layout measured again after all the others (drift of the machine), if it was. */
  baselineAgain: LayoutRun | null;
}

/** The device whose settings a layout belongs to: the mobile layouts are mobile's. */
export function deviceOfLayout(layout: FeedLayout): Device {
  return (MOBILE_LAYOUTS as readonly FeedLayout[]).includes(layout) ? 'mobile' : 'desktop';
}

/** The extra request headers that make the server pick a device's settings. */
function deviceHeaders(device: Device): Record<string, string> {
  // Desktop sends no user agent, like the feed scenario: the server then picks desktop.
  return device === 'mobile' ? { 'user-agent': PHONE_USER_AGENT } : {};
}

/**
 * Sets (or with null resets) the feed's layout of a device with the test-only route
 * `PUT /api/test/widget-settings/blog/<device>`, which also invalidates the site's cached pages.
 */
export async function setFeedLayout(
  baseUrl: string,
  device: Device,
  layout: FeedLayout | null,
): Promise<void> {
  const url = `${baseUrl}/api/test/widget-settings/blog/${device}`;
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [LAYOUT_KEY]: layout }),
  });
  const body = await response.text();
  if (response.status !== 200) {
    const hint =
      response.status === 404 ? ' (does the server run with ENABLE_TEST_ROUTES=true?)' : '';
    throw new Error(`PUT ${url} answered ${response.status}${hint}: ${body.slice(0, 300)}`);
  }
}

/** Whether `/blog`, as a member with these headers, renders the list in `layout`. */
async function showsLayout(
  baseUrl: string,
  layout: FeedLayout,
  headers: Record<string, string>,
): Promise<boolean> {
  const response = await fetch(`${baseUrl}/blog`, { headers });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET /blog answered ${response.status}`);
  const classes = new Set<string>();
  for (const match of html.matchAll(/class="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) classes.add(name);
  }
  return classes.has(`post-list--${layout}`);
}

/** The load options of a layout run. */
interface LayoutLoadOptions {
  connections: number;
  layoutDuration: number;
  layoutWarmup: number;
}

/** Sets one layout on its device, checks the page shows it, and measures `/blog` as members. */
async function measureLayout(
  baseUrl: string,
  layout: FeedLayout,
  options: LayoutLoadOptions,
  members: MemberSession[],
): Promise<LayoutRun> {
  const device = deviceOfLayout(layout);
  await setFeedLayout(baseUrl, device, layout);
  const headers = deviceHeaders(device);
  const layoutShown = await showsLayout(baseUrl, layout, {
    ...memberHeaders(members[0]!),
    ...headers,
  });
  const run = await measure(
    baseUrl,
    { name: `layout ${layout}`, path: '/blog', headers },
    'member',
    {
      connections: options.connections,
      duration: options.layoutDuration,
      warmup: options.layoutWarmup,
    },
    members,
  );
  return { ...run, layout, device, layoutShown };
}

/** Callbacks for progress lines: before each run, and after it with its place in the group. */
export interface LayoutProgress {
  onStart?: (layout: FeedLayout, device: Device) => void;
  onRun?: (run: LayoutRun, index: number, total: number) => void;
}

/** Resets the feed's layout of both devices to the defaults. */
async function resetLayouts(baseUrl: string): Promise<void> {
  for (const device of ['desktop', 'mobile'] as const) await setFeedLayout(baseUrl, device, null);
}

/**
 * Measures `/blog` as a member in every feed layout: the baseline first, then the others in
 * FEED_LAYOUTS order, then the baseline again. The layout settings are reset on both devices
 * before and after (also when a run fails), so the server is left as it was.
 */
export async function runLayoutGroup(
  baseUrl: string,
  options: LayoutLoadOptions,
  members: MemberSession[],
  { onStart, onRun }: LayoutProgress = {},
): Promise<LayoutResults> {
  const order = [BASELINE_LAYOUT, ...FEED_LAYOUTS.filter((layout) => layout !== BASELINE_LAYOUT)];
  const total = order.length + 1;
  const runs: LayoutRun[] = [];
  const step = async (layout: FeedLayout): Promise<LayoutRun> => {
    onStart?.(layout, deviceOfLayout(layout));
    const run = await measureLayout(baseUrl, layout, options, members);
    onRun?.(run, runs.length + 1, total);
    return run;
  };
  await resetLayouts(baseUrl);
  let baselineAgain: LayoutRun;
  // Errors of the reset at the end: after a successful run the first is the bench's error; after
  // a failed run, that run's error is the one to report (the reset failing is then a symptom).
  const resetErrors: unknown[] = [];
  try {
    for (const layout of order) runs.push(await step(layout));
    baselineAgain = await step(BASELINE_LAYOUT);
  } finally {
    await resetLayouts(baseUrl).catch((error: unknown) => resetErrors.push(error));
  }
  if (resetErrors.length > 0) throw resetErrors[0];
  return {
    baselineLayout: BASELINE_LAYOUT,
    durationS: options.layoutDuration,
    warmupS: options.layoutWarmup,
    runs,
    baselineAgain,
  };
}
