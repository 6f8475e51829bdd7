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
 * The page's Content-Security-Policy names the hashes of its inline scripts (decision 029).
 */
import { renderToPipeableStream } from 'react-dom/server.bun';
import { type EntryContext, ServerRouter } from 'react-router';
import { CSP_HEADER, pageContentSecurityPolicy } from './server/http/security-headers.server';
import { PageSink, renderedPageResponse } from './server/ssr/page-sink.server';

/** ms a render may wait on data before React gives up on the pending parts. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
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
    const page = new PageSink((html) => {
      clearTimeout(timeout);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      // The page's own inline scripts (bootstrap, loader data) by hash, and no others: the policy
      // goes with the page into the page cache, so every visitor's copy allows the same scripts.
      responseHeaders.set(CSP_HEADER, pageContentSecurityPolicy(html));
      resolve(renderedPageResponse(html, { status, headers: responseHeaders }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
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
