/**
 * Types the load context React Router hands to every loader: the request's site and the read
 * service bound to it (see domain/reader.ts), plus the server-only work a page may ask for.
 */
import type { RequestContext } from './domain/reader';
import type { HighlightedCode } from './rich-content/code-tokens';
import type { RichDocument } from './rich-content/document';

/**
 * What a page's loader receives (server/ssr/pages.server.ts builds it per request). A type, not
 * an interface: React Router's AppLoadContext has an index signature only aliases satisfy.
 */
export type PageLoadContext = RequestContext & {
  /** The document's code blocks highlighted, by node id (rich-content/highlight.server.ts). */
  highlightCode(document: RichDocument): Record<string, HighlightedCode>;
};

declare module 'react-router' {
  interface AppLoadContext extends PageLoadContext {}
}
