/**
 * How the page renderer (src/entry.server.tsx) collects a page and hands it to the page handler
 * (pages.server.ts).
 *
 * `PageSink` is the part of a Node writable stream React writes to (`write`, `end`, `on`): it
 * appends the strings it is given (V8 appends to a string in constant time and flattens it once,
 * when it is encoded) and passes the page on when React ends it. It never pushes back (`write`
 * returns true) and never emits: the whole page is wanted in memory anyway.
 *
 * The handler needs the page's bytes, which a Response only gives through its body stream. The
 * renderer pins them to the Response under a registered symbol instead (the renderer and the
 * handler are bundled separately, so a module-level WeakMap would be two maps), and the handler
 * takes them from there; a Response from elsewhere (a redirect, a data request) is read as usual.
 * A rendered page's Response has no body of its own: a body is a web ReadableStream, whose
 * construction alone was about 5% of a member's feed page's CPU (Node 20's streams are
 * JavaScript), for a stream nobody reads. React Router passes the document's Response through
 * untouched (and builds a fresh one for HEAD), so the pinned bytes are the page's only copy.
 */

const RENDERED_BODY = Symbol.for('inkwell.renderedBody');

type WithRenderedBody = Response & { [RENDERED_BODY]?: Buffer };

/** A page's Response, its bytes pinned for the page handler (responseBytes), its body empty. */
export function renderedPageResponse(html: string, init: ResponseInit): Response {
  const response: WithRenderedBody = new Response(null, init);
  response[RENDERED_BODY] = Buffer.from(html, 'utf8');
  return response;
}

/** The bytes of a Response: pinned by the renderer, or read from its body. */
export async function responseBytes(response: Response): Promise<Buffer> {
  return (response as WithRenderedBody)[RENDERED_BODY] ?? Buffer.from(await response.arrayBuffer());
}

/** The writable React renders a page into. */
export class PageSink {
  #page = '';
  /** For bytes, should a writer send them: a character may span two chunks. */
  #decoder: TextDecoder | undefined;
  readonly #onEnd: (html: string) => void;

  /** `onEnd` receives the whole page. */
  constructor(onEnd: (html: string) => void) {
    this.#onEnd = onEnd;
  }

  /** One piece of the page, in order (React's Bun build writes strings). */
  write(chunk: string | Uint8Array): boolean {
    if (typeof chunk === 'string') this.#page += chunk;
    else {
      this.#decoder ??= new TextDecoder();
      this.#page += this.#decoder.decode(chunk, { stream: true });
    }
    return true;
  }

  /** The page is complete. */
  end(): void {
    const page = this.#page + (this.#decoder?.decode() ?? '');
    this.#page = '';
    this.#onEnd(page);
  }

  /** React listens for drain, error and close; this sink has none of them to report. */
  on(_event: string, _listener: (...args: unknown[]) => void): this {
    return this;
  }
}
