/**
 * The reader's own state over pages every reader shares (issue 20; decision 050).
 *
 * A blog page is rendered once for everyone, with the visitor's view, and cached. What depends on
 * who reads it (the header's account area and bell, Create post, likes, ratings, follows, the
 * comment box) sits in `<Personal>` holes and reads the reader through `useReader` and
 * `useReaderState`. In that shared render each hole records its element (with the contexts it was
 * rendered in) and is framed by markers; at serve time the page handler renders just the holes
 * again with the reader's view and splices them in (server/ssr/overlay.server.ts), so a member's
 * page costs a few small renders and one database round trip instead of a whole render. The page
 * carries the reader's view as JSON (`ReaderViewScript`), which hydration reads, so the browser
 * renders what the server sent.
 *
 * A read of the reader outside any hole in a shared render is a stray: the page then cannot be
 * laid over, and members get a whole render of their own (a safe fallback, logged).
 */
import {
  type Context,
  createContext,
  type ReactNode,
  use,
  useContext,
  useEffect,
  useSyncExternalStore,
} from 'react';
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from 'react-router';
import type { LikeStateView } from '../../domain/likes';
import {
  type PostReaderState,
  READER_VIEW_ELEMENT_ID,
  type ReaderView,
} from '../../domain/reader-state';
import type { CapturedHole, ReaderRender } from '../../load-context';
import { TranslatorContext } from '../../rich-content/i18n';

/** The view of a visitor who has done nothing yet: what the shared page is rendered with. */
export const VISITOR_VIEW: ReaderView = Object.freeze({
  member: null,
  // domain/permissions' ANONYMOUS_ACTOR, written out: that module brings zod into every page.
  viewer: { memberId: null, role: 'guest', isBlocked: false, privacy: 'PUBLIC' },
  notifications: null,
  createPostRefusal: 'login-required',
  gates: {
    'post:like': 'login-required',
    'comment:like': 'login-required',
    'post:rate': 'login-required',
    subscribe: 'login-required',
  },
  posts: {},
  comments: {},
  following: {},
}) as ReaderView;

/** The server's render of readers; the browser has none (it reads the page's JSON). */
export const ReaderRenderContext = createContext<ReaderRender | null>(null);
const InsideHoleContext = createContext(false);

/**
 * Contexts a hole may read, captured with it so that its render at serve time sees what it saw in
 * the page: the router's (links, the location, loader data) and the app's own providers, which
 * register themselves with `holeContext` where they are defined.
 */
const capturedContexts: Context<unknown>[] = [
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
  TranslatorContext,
] as Context<unknown>[];

/** Registers a context that components inside holes read (returns it, for `export const`). */
export function holeContext<T>(context: Context<T>): Context<T> {
  capturedContexts.push(context as Context<unknown>);
  return context;
}

/** The marker that opens hole `index` in a shared render's HTML (the handler removes it). */
export function holeStartMarker(index: number): string {
  return `<template data-inkwell-hole="${index}"></template>`;
}
/** The marker that closes hole `index`. */
export function holeEndMarker(index: number): string {
  return `<template data-inkwell-hole-end="${index}"></template>`;
}

/**
 * A part of the page that depends on who reads it. In a shared render it becomes a hole; anywhere
 * else (the browser, a render for one reader, a hole rendered again) it is just its children.
 */
export function Personal({
  children,
  html,
}: {
  children: ReactNode;
  /**
   * What `children` render to, as a plain function of the view, when that is all they are (the
   * page's JSON copy of the view): the hole is then drawn at serve time without React.
   */
  html?: (view: ReaderView) => string;
}) {
  const render = useContext(ReaderRenderContext);
  const isInside = useContext(InsideHoleContext);
  const recorder = render?.holes;
  if (!recorder || isInside) {
    return <InsideHoleContext.Provider value={true}>{children}</InsideHoleContext.Provider>;
  }
  // `use` may be called in a loop; the list is only read on the server, once per hole.
  const contexts = capturedContexts.map((context): [Context<unknown>, unknown] => [
    context,
    use(context),
  ]);
  const index =
    recorder.holes.push(
      html ? { element: children, contexts, html } : { element: children, contexts },
    ) - 1;
  return (
    <>
      <template data-inkwell-hole={index} />
      <InsideHoleContext.Provider value={true}>{children}</InsideHoleContext.Provider>
      <template data-inkwell-hole-end={index} />
    </>
  );
}

/** A hole's element wrapped in the contexts it was captured in. */
export function inCapturedContexts(hole: CapturedHole): ReactNode {
  return hole.contexts.reduceRight<ReactNode>(
    // biome-ignore lint/correctness/useJsxKeyInIterable: nested, one inside the other, not a list
    (inner, [context, value]) => <context.Provider value={value}>{inner}</context.Provider>,
    <InsideHoleContext.Provider value={true}>{hole.element}</InsideHoleContext.Provider>,
  );
}

// --- The browser's view: the page's JSON, then the reader's own changes laid over it. ---

let pageView: ReaderView | undefined;
/** By `post:<id>` or `comment:<id>`: what changed since the page (likes, overlay answers). */
const states = new Map<string, TargetState>();
const listeners = new Set<() => void>();
let asked: string[] | undefined;

/** What a page knows of one target: a post's full state, or a like's alone. */
export type TargetState = Partial<PostReaderState> & LikeStateView;

/** The view the page was served with (its JSON), read once. */
function initialView(): ReaderView {
  if (pageView) return pageView;
  const element =
    typeof document === 'undefined' ? null : document.getElementById(READER_VIEW_ELEMENT_ID);
  try {
    pageView = element?.textContent ? (JSON.parse(element.textContent) as ReaderView) : undefined;
  } catch {
    pageView = undefined;
  }
  pageView ??= VISITOR_VIEW;
  return pageView;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets what a page shows of a target (an overlay answer, or a like of the reader's own). */
export function layOver(key: string, state: TargetState): void {
  states.set(key, { ...targetOf(initialView(), key), ...states.get(key), ...state });
  for (const listener of listeners) listener();
}

function targetOf(view: ReaderView, key: string): TargetState | undefined {
  const [kind, id] = key.split(':') as [string, string];
  if (kind === 'post') return view.posts[id];
  if (kind === 'comment') return view.comments[id];
  return undefined;
}

/**
 * Server only: what one hole reads of the reader while it renders at serve time, in order
 * (`reader.<field>`, `post:<id>`, `comment:<id>`, `follow:<key>`, or `*` for the whole view).
 * A later reader whose values for the same reads are equal gets the same HTML without a render
 * (decision 054; src/hole-memo.server.ts, beside the entry that uses it).
 */
export const HoleReadsContext = createContext<string[] | null>(null);

/**
 * What a hole read, as one string two views give alike when the hole renders alike for both
 * (`readValueOf(a, read) === readValueOf(b, read)` for every read ⇒ the same HTML).
 */
export function readValueOf(view: ReaderView, read: string): string {
  if (read.startsWith('reader.')) {
    return JSON.stringify(view[read.slice('reader.'.length) as keyof ReaderView]) ?? '';
  }
  if (read.startsWith('follow:')) return String(view.following[read.slice(7)] === true);
  return JSON.stringify(targetOf(view, read) ?? null);
}

/** The view, each field read noted in a hole's reads (server only). */
function recordedView(view: ReaderView, reads: string[]): ReaderView {
  return new Proxy(view, {
    get(target, field, receiver) {
      if (typeof field === 'string') reads.push(`reader.${field}`);
      return Reflect.get(target, field, receiver);
    },
  });
}

/** The server's render, noting a read outside any hole of a shared render, and a hole's reads. */
function useServerRender(what: string): ReaderRender | null {
  const render = useContext(ReaderRenderContext);
  const isInside = useContext(InsideHoleContext);
  const reads = useContext(HoleReadsContext);
  if (render?.holes && !isInside) render.holes.strays.push(what);
  if (reads && what !== 'reader') reads.push(what);
  return render;
}

/** The page's reader in the browser, for effects and handlers (not for rendering). */
export function readerOnPage(): ReaderView {
  return initialView();
}

/** The reader: the member (or null), what they may do, their unread notifications. */
export function useReader(): ReaderView {
  const render = useServerRender('reader');
  const reads = useContext(HoleReadsContext);
  if (render) return reads ? recordedView(render.view, reads) : render.view;
  return initialView();
}

/**
 * The reader's state of a target (`post:<id>`, `comment:<id>`): the page's (its JSON, what the
 * server rendered), then the reader's own changes. A target the page has nothing for (a visitor's
 * page, one a client navigation brought) is asked for after hydration, with the other asks of
 * the same render in one request (`reader-state-live.ts`).
 */
export function useReaderState(key: string): TargetState | undefined {
  const render = useServerRender(key);
  render?.holes?.targets.add(key);
  const fromPage = render ? targetOf(render.view, key) : targetOf(initialView(), key);
  useEffect(() => {
    if (targetOf(initialView(), key) || states.has(key)) return;
    if (!asked) {
      asked = [];
      setTimeout(() => {
        const keys = asked!;
        asked = undefined;
        // A chunk that fails to load leaves the page as it is.
        import('../engagement/reader-state-live').then((live) => live.load(keys), Boolean);
      });
    }
    asked.push(key);
  }, [key]);
  return useSyncExternalStore(
    subscribe,
    () => states.get(key) ?? fromPage,
    () => fromPage,
  );
}

/** Whether the reader follows a target (`<targetType>:<targetId>`), as the page says. */
export function useFollowing(key: string): boolean {
  const render = useServerRender(`follow:${key}`);
  render?.holes?.targets.add(`follow:${key}`);
  return (render?.view ?? initialView()).following[key] === true;
}

/**
 * Says, in a shared render, that a reader to whom `condition` applies sees this part otherwise
 * than the page's holes can show (`comments-of:<postId>`: comments a visitor does not see;
 * `plan:<ownerId>`: a paid post's comments): such a reader gets a page rendered for them.
 */
export function useOwnPageWhen(condition: string, applies = true): void {
  const recorder = useContext(ReaderRenderContext)?.holes;
  if (applies) recorder?.targets.add(`own:${condition}`);
}

/** A value as JSON for a data `<script>`, with `<` escaped so that no text can close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The view as JSON for the page (see `scriptJson`). */
export function readerViewJson(view: ReaderView): string {
  return scriptJson(view);
}

function ReaderViewJson() {
  const render = useContext(ReaderRenderContext);
  // The whole view: this hole is the reader's alone.
  useContext(HoleReadsContext)?.push('*');
  // The browser keeps the server's text as it is (hydration does not rewrite it).
  const json = render
    ? readerViewJson(render.view)
    : (document.getElementById(READER_VIEW_ELEMENT_ID)?.textContent ?? '');
  return (
    <script
      type="application/json"
      id={READER_VIEW_ELEMENT_ID}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, not markup
      dangerouslySetInnerHTML={{ __html: json }}
      suppressHydrationWarning
    />
  );
}

/**
 * What `ReaderViewJson` renders on the server, written out: every member's page has this hole and
 * no two members share it, so a React render of it alone was most of a member's hole work
 * (decision 054). `hole-memo.server.test.tsx` checks it against React's render of the element.
 */
export function readerViewScriptHtml(view: ReaderView): string {
  return `<script type="application/json" id="${READER_VIEW_ELEMENT_ID}">${readerViewJson(view)}</script>`;
}

/** The page's copy of its reader's view, for hydration: a hole of its own. */
export function ReaderViewScript() {
  return (
    <Personal html={readerViewScriptHtml}>
      <ReaderViewJson />
    </Personal>
  );
}
