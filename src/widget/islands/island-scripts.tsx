/**
 * The scripts of a reader page that ships islands (decision 053), rendered by the root in place
 * of React Router's `<Scripts/>` (no client router, no module preloads, no hydration data): the
 * page's data for its islands and the islands' boot script.
 */
import { type UIMatch, useRouteLoaderData } from 'react-router';
import type { BlogHandle } from '../blog-shell';
import { scriptJson } from '../reader/reader';
import { BLOG_LAYOUT_ROUTE_ID } from '../use-blog';
import { IslandPageData } from './page-data';

// The islands build's boot script, `/assets/…`: vite.config.ts defines it from that build's
// manifest (null, or undefined outside a Vite build, when there is none: no script then).
declare const __INKWELL_ISLANDS_BOOT__: string | null | undefined;

/** The boot script's address, or null when the islands were not built. */
export function islandsBootUrl(): string | null {
  return typeof __INKWELL_ISLANDS_BOOT__ === 'string' ? __INKWELL_ISLANDS_BOOT__ : null;
}

/**
 * Whether a page ships islands: a reader page whose route says so (`hasIslands`), on the live
 * site (the builder's canvas and previews keep the whole app, which follows unsaved settings).
 */
export function isIslandPage(matches: UIMatch[], renderMode: string | undefined): boolean {
  if (renderMode !== 'site' || islandsBootUrl() === null) return false;
  return matches.some((match) => (match.handle as BlogHandle | undefined)?.hasIslands === true);
}

/**
 * Reader pages navigate by document loads: the browser fetches a blog link the reader hovers
 * (`moderate`), so the next page is often there before the press. Same-site blog pages only; the
 * page policy allows the rules by their hash (server/http/security-headers.server.ts).
 */
function speculationRules(base: string): string {
  const blog = base === '/' ? '' : base;
  return scriptJson({
    prefetch: [
      {
        source: 'document',
        where: { or: [{ href_matches: blog || '/' }, { href_matches: `${blog}/*` }] },
        eagerness: 'moderate',
      },
    ],
  });
}

/** The page's data for islands, their boot script, and the prefetch of the blog's links. */
export function IslandScripts() {
  const boot = islandsBootUrl();
  const blog = useRouteLoaderData(BLOG_LAYOUT_ROUTE_ID) as { blog?: { base: string } } | undefined;
  return (
    <>
      <IslandPageData />
      {boot ? <script type="module" src={boot} /> : null}
      {blog?.blog ? (
        <script
          type="speculationrules"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, not markup
          dangerouslySetInnerHTML={{ __html: speculationRules(blog.blog.base) }}
        />
      ) : null}
    </>
  );
}
