/**
 * The islands' boot script (decision 053), the one script a reader page names: it finds the
 * page's `<inkwell-island>` elements and loads each one's code when it is first needed: `visible`
 * islands when they come near the viewport, the others on the first hover, focus, touch or click
 * inside them. A click that arrives before its island is live is held and pressed again once it
 * is, so the first press of a like button likes. Everything else (Preact, the components, the
 * words) is in chunks this file imports on demand.
 */
import { READER_STATE_IDS_MAX, READER_STATE_PATH } from '../../domain/reader-state';
import { ISLAND_TAG } from './island-tag';

/** sessionStorage key of a gated action waiting for a login (gated-action.tsx, written out). */
const PENDING_ACTION_KEY = 'inkwell:pending-action';
/** How far from the viewport a `visible` island starts loading. */
const VISIBLE_MARGIN_PX = 200;
const VISIBLE_MARGIN = `${VISIBLE_MARGIN_PX}px`;

/** Islands whose code was asked for, and those whose render is done (their controls work). */
const started = new WeakMap<HTMLElement, Promise<void>>();
const live = new WeakSet<HTMLElement>();
const mounter = () => import('./mount');

/** The outermost island around `target`: it covers the islands inside it. */
function islandOf(target: EventTarget | null): HTMLElement | null {
  let island = target instanceof Element ? target.closest<HTMLElement>(ISLAND_TAG) : null;
  for (let outer = island; outer; outer = outer.parentElement?.closest(ISLAND_TAG) ?? null) {
    island = outer;
  }
  return island;
}

/**
 * What a press works on before its island is live; a plain link just navigates, but a link that
 * starts a gated action (`data-action-key`: a visitor's Follow, which remembers the action before
 * it goes to log in) waits for its island too.
 */
const CONTROL =
  'button, summary, input, select, textarea, label, [role="button"], [data-action-key]';

function start(island: HTMLElement): Promise<void> {
  let mounted = started.get(island);
  if (!mounted) {
    mounted = mounter()
      .then((m) => m.mountIsland(island))
      .then(() => {
        live.add(island);
      });
    started.set(island, mounted);
  }
  return mounted;
}

/** The child indices from `island` down to `node`, to find the same control once re-rendered. */
function pathTo(island: HTMLElement, node: Element): number[] {
  const path: number[] = [];
  for (let at: Element = node; at !== island && at.parentElement; at = at.parentElement) {
    path.unshift([...at.parentElement.children].indexOf(at));
  }
  return path;
}

function nodeAt(island: HTMLElement, path: number[]): Element | null {
  let at: Element | undefined = island;
  for (const index of path) at = at?.children[index];
  return at ?? null;
}

/**
 * What the first hover or focus started, told again to the live island: the pointer is still
 * over (or focus still in) the elements it was, whose handlers were not there yet (a pin's
 * tooltip, a video cover that plays on hover).
 */
function replayPresence(island: HTMLElement, path: number[], event: Event) {
  const node = nodeAt(island, path);
  if (!node) return;
  if (event.type === 'focusin') {
    if (node === document.activeElement) node.dispatchEvent(new FocusEvent('focus'));
    return;
  }
  const { pointerType } = event as PointerEvent;
  for (let at: Element | null = node; at && at !== island; at = at.parentElement) {
    if (at.matches(':hover')) at.dispatchEvent(new PointerEvent('pointerenter', { pointerType }));
  }
}

function handleEarly(event: Event) {
  const island = islandOf(event.target);
  if (!island || started.has(island) || !(event.target instanceof Element)) return;
  const path = pathTo(island, event.target);
  void start(island).then(() => replayPresence(island, path, event));
}

/** A press of a control of an island not yet live: held, then pressed again on the live one. */
function handleClick(event: MouseEvent) {
  const island = islandOf(event.target);
  if (!island) return;
  if (live.has(island)) return;
  const mounted = start(island);
  const control = (event.target as Element).closest<HTMLElement>(CONTROL);
  if (!control || !island.contains(control)) return;
  event.preventDefault();
  event.stopPropagation();
  const path = pathTo(island, control);
  void mounted.then(() => {
    const again = nodeAt(island, path);
    if (again instanceof HTMLElement) again.click();
  });
}

/**
 * Islands that show counts of everyone (likes, ratings): the shared page keeps the counts it was
 * rendered with, and a reader whose page carries no state of a target (a visitor without an id
 * gets the cached page untouched, decision 050) gets fresh ones (decision 030). When the page is
 * idle, one request asks for the state of those targets; only an island whose state changed since
 * the page was rendered comes alive (and lays it over, as on any page). The others stay server
 * HTML: hydrating every card of a feed at idle was most of a first visit's main-thread work.
 */
const COUNTED = /^(?:like:(post|comment)|rate):([0-9a-f-]{36})/;
/** The islands whose props are the state a counted control was drawn with. */
const COUNTING_ISLANDS = new Set(['like', 'rating']);

interface Counted {
  control: HTMLElement;
  kind: 'posts' | 'comments';
  id: string;
  /** Its island's props (what it shows), or null when its island is not a counting one. */
  drawn: Record<string, unknown> | null;
}

type FreshStates = Record<'posts' | 'comments', Record<string, Record<string, unknown>>>;

/** Whether `fresh` says otherwise than the page about anything the island was drawn with. */
function differs(drawn: Record<string, unknown> | null, fresh: Record<string, unknown>): boolean {
  if (!drawn) return true;
  return Object.keys(drawn).some((key) => key in fresh && fresh[key] !== drawn[key]);
}

async function refreshStaleCounts() {
  const view = document.getElementById('inkwell-reader')?.textContent ?? '';
  const counted: Counted[] = [];
  for (const control of document.querySelectorAll<HTMLElement>('[data-action-key]')) {
    const [, target, id] = COUNTED.exec(control.dataset.actionKey ?? '') ?? [];
    if (!id || view.includes(`"${id}"`)) continue;
    const own = control.closest<HTMLElement>(ISLAND_TAG);
    const drawn = COUNTING_ISLANDS.has(own?.dataset.island ?? '')
      ? (JSON.parse(own?.dataset.props ?? '{}') as Record<string, unknown>)
      : null;
    counted.push({ control, kind: target === 'comment' ? 'comments' : 'posts', id, drawn });
  }
  if (counted.length === 0) return;
  const idsOf = (kind: Counted['kind']) =>
    [...new Set(counted.filter((c) => c.kind === kind).map((c) => c.id))]
      .slice(0, READER_STATE_IDS_MAX)
      .join(',');
  let fresh: FreshStates;
  try {
    const query = new URLSearchParams({ posts: idsOf('posts'), comments: idsOf('comments') });
    const response = await fetch(`${READER_STATE_PATH}?${query}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return;
    fresh = (await response.json()) as FreshStates;
  } catch {
    return; // No answer: the page keeps what the server rendered.
  }
  for (const { control, kind, id, drawn } of counted) {
    const state = fresh[kind]?.[id];
    if (!state || !differs(drawn, state)) continue;
    const island = islandOf(control);
    if (island) void start(island);
  }
}

function boot() {
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, handleEarly, { capture: true, passive: true });
  }
  document.addEventListener('click', handleClick, { capture: true });

  // An island is `display: contents` (no box): its last element is what comes into view (a
  // list's load-more sentinel, the header itself).
  const visible = [...document.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[data-when="visible"]`)];
  const boxOf = (island: HTMLElement) => island.lastElementChild ?? island;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const island = islandOf(entry.target);
        if (island) void start(island);
      }
    },
    { rootMargin: VISIBLE_MARGIN },
  );
  const inView = visible.filter((island) => {
    if (islandOf(island) !== island) return false;
    const box = boxOf(island).getBoundingClientRect();
    return box.bottom > -VISIBLE_MARGIN_PX && box.top < window.innerHeight + VISIBLE_MARGIN_PX;
  });
  for (const island of visible) {
    if (islandOf(island) !== island || inView.includes(island)) continue;
    observer.observe(boxOf(island));
  }

  let pending: string | null = null;
  try {
    pending = sessionStorage.getItem(PENDING_ACTION_KEY);
  } catch {
    pending = null;
  }
  const continued = pending ? mounter().then((m) => m.continuePendingAction()) : null;

  const idle = window.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 1));
  idle(() => void refreshStaleCounts());

  // Browser tests (and curious humans) see when the islands in view are live.
  void Promise.allSettled([...inView.map(start), continued]).then(() => {
    document.documentElement.dataset.hydrated = 'true';
  });
}

boot();
