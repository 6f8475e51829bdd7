/**
 * The server's HTML renderer (React Router's `entry.server`).
 *
 * Every page is rendered whole before it is sent: the page handler (server/ssr/pages.server.ts)
 * compresses it and may cache it, so streaming would only add work. React's Node build encodes
 * each of the thousands of small strings a page is made of into bytes as it goes (a TextEncoder
 * call and a typed-array view per tag, attribute and text); its Bun build hands the same strings
 * to the destination as they are. This renderer uses the Bun build's `renderToPipeableStream`,
 * which is plain JavaScript on Node's `stream` and `util` (its one Bun call is in server-action
 * form state, which this app does not use), writing into a `PageSink` that encodes the page once
 * at the end. The HTML is byte for byte the same. See docs/decisions/016-member-page-speed.md.
 * The page's Content-Security-Policy names the hashes of its inline scripts (decision 029); its
 * module preloads are fetched at low priority, after what the first paint needs (decision 052).
 * The reader's view and the recorder of the page's holes come from the load context (decision
 * 050).
 */
import { Fragment } from 'react';
import { renderToPipeableStream } from 'react-dom/server.bun';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import type { ReaderView } from './domain/reader-state';
import { memoisedHole, rememberHole } from './hole-memo.server';
import type { CapturedHole } from './load-context';
import { CSP_HEADER, pageContentSecurityPolicy } from './server/http/security-headers.server';
import { installServerLocales } from './server/i18n/locales.server';
import { withCriticalCss } from './server/ssr/critical-css-head.server';
import { PageSink, renderedPageResponse } from './server/ssr/page-sink.server';
import { withLowPriorityModulePreloads } from './server/ssr/script-priority.server';
import { ISLAND_PAGE_ELEMENT_ID } from './widget/islands/island-page';
import { HoleReadsContext, inCapturedContexts, ReaderRenderContext } from './widget/reader/reader';

// Pages render in the site's language: its locale files are read on first use (issue 22).
installServerLocales();

/** ms a render may wait on data before React gives up on the pending parts. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method === 'HEAD') {
    return Promise.resolve(
      new Response(null, { status: responseStatusCode, headers: responseHeaders }),
    );
  }
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let isShellRendered = false;
    // Set once React has started (its callbacks may run before the render call returns).
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const page = new PageSink((rendered) => {
      clearTimeout(timeout);
      // The stylesheet and the cover before the hydration scripts; on island pages the critical
      // CSS inline and the stylesheet deferred (decision 052).
      const prioritised = withLowPriorityModulePreloads(rendered);
      const html = isIslandPageHtml(prioritised)
        ? withCriticalCss(prioritised, loadContext.criticalStylesheet)
        : prioritised;
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      // The page's own inline scripts (bootstrap, loader data) by hash, and no others: the policy
      // goes with the page into the page cache, so every visitor's copy allows the same scripts.
      responseHeaders.set(CSP_HEADER, pageContentSecurityPolicy(html));
      resolve(renderedPageResponse(html, { status, headers: responseHeaders }));
    });
    const { pipe, abort } = renderToPipeableStream(
      // The reader's view, and in a shared render the recorder of its holes (decision 050).
      <ReaderRenderContext.Provider value={loadContext.readerRender}>
        <ServerRouter context={routerContext} url={request.url} />
      </ReaderRenderContext.Provider>,
      {
        onShellReady() {
          isShellRendered = true;
        },
        onAllReady() {
          pipe(page as unknown as NodeJS.WritableStream);
        },
        onShellError(error) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error) {
          status = 500;
          // Errors before the shell reject and are logged by React Router; later ones only here.
          if (isShellRendered) console.error(error);
        },
      },
    );
    // Lets pending boundaries flush their fallbacks rather than hang the request.
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Whether a rendered page is an island page (decision 053): one whose head no client router
 * hydrates, so the renderer may rewrite it (React hydrating the whole document, as the dashboard
 * and the builder's canvas do, would find the head it rendered changed).
 */
function isIslandPageHtml(html: string): boolean {
  return html.includes(`<script type="application/json" id="${ISLAND_PAGE_ELEMENT_ID}"`);
}

/** Separates the holes of one render; never in a hole's own HTML (React escapes text). */
const HOLE_SEPARATOR = '<template data-inkwell-hole-separator=""></template>';

/**
 * The holes of a shared page rendered for one reader's view, in one React render, each in the
 * contexts it was captured in (decision 050; server/ssr/overlay.server.ts puts them in the page).
 * A hole whose reads of the reader had the same values for an earlier reader is not rendered: its
 * HTML is that reader's (hole-memo.server.ts, decision 054). Lazy parts are waited for, as the
 * page's were. Exported here, with the renderer, so that the server reaches React through the
 * build's entry rather than by importing pages.
 */
export async function renderHoles(
  holes: readonly CapturedHole[],
  view: ReaderView,
): Promise<string[]> {
  // A hole that is a plain function of the view (the page's JSON copy of it) needs no React.
  const parts = holes.map((hole) => (hole.html ? hole.html(view) : memoisedHole(hole, view)));
  const missing = holes.flatMap((hole, i) => (parts[i] === undefined ? [{ hole, i }] : []));
  if (missing.length === 0) return parts as string[];
  const reads = missing.map((): string[] => []);
  const tree = (
    <ReaderRenderContext.Provider value={{ view }}>
      {missing.map(({ hole }, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the holes' order is the page's, fixed
        <Fragment key={j}>
          {j > 0 ? <template data-inkwell-hole-separator="" /> : null}
          <HoleReadsContext.Provider value={reads[j]!}>
            {inCapturedContexts(hole)}
          </HoleReadsContext.Provider>
        </Fragment>
      ))}
    </ReaderRenderContext.Provider>
  );
  const rendered = await new Promise<string[]>((resolve, reject) => {
    const sink = new PageSink((html) => resolve(html.split(HOLE_SEPARATOR)));
    const { pipe } = renderToPipeableStream(tree, {
      onAllReady: () => pipe(sink as unknown as NodeJS.WritableStream),
      onShellError: reject,
      onError: reject,
    });
  });
  missing.forEach(({ hole, i }, j) => {
    parts[i] = rendered[j]!;
    rememberHole(hole, view, reads[j]!, rendered[j]!);
  });
  return parts as string[];
}
