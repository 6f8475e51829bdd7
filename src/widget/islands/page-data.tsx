/**
 * What islands know of their page besides their props (decision 053): the root's and the blog
 * layout's loader data and the page's route handle, as JSON in the page, so that the components'
 * `useRouteLoaderData`/`useMatches` (the router shim) and the translator read what the server
 * rendered with. It is part of the page every reader shares: loaders of shared pages read nothing
 * of the reader (decision 050), and the reader's own view travels in `#inkwell-reader`.
 */
import { useMatches, useRouteLoaderData } from 'react-router';
import type { BlogHandle } from '../blog-shell';
import { scriptJson } from '../reader/reader';
import { BLOG_LAYOUT_ROUTE_ID } from '../use-blog';
import { ISLAND_PAGE_ELEMENT_ID, type IslandMatch, type IslandPage } from './island-page';

/** The page's data for its islands, rendered by the root on island pages. */
export function IslandPageData() {
  const root = useRouteLoaderData('root') as
    | { language: string; renderMode: string; monitoring: unknown }
    | undefined;
  const blog = useRouteLoaderData(BLOG_LAYOUT_ROUTE_ID) as Record<string, unknown> | undefined;
  const matches = useMatches().map(
    (match): IslandMatch => ({
      id: match.id,
      handle: (match.handle as BlogHandle | undefined)?.mobileTitle
        ? { mobileTitle: (match.handle as BlogHandle).mobileTitle }
        : undefined,
      data: match.data === undefined ? undefined : {},
    }),
  );
  const { errorHeads: _unused, ...blogData } = blog ?? {};
  // The page's own route gives what its islands read of its data (`BlogHandle.islandData`).
  const leaf = useMatches().at(-1);
  const select = (leaf?.handle as BlogHandle | undefined)?.islandData;
  const page: IslandPage = {
    language: root?.language ?? 'en',
    routes: {
      // The error reporter's settings (decision 042) too: islands report their errors.
      root: {
        language: root?.language,
        renderMode: root?.renderMode,
        monitoring: root?.monitoring,
      },
      ...(blog ? { [BLOG_LAYOUT_ROUTE_ID]: blogData } : {}),
      ...(leaf && select && leaf.data !== undefined ? { [leaf.id]: select(leaf.data) } : {}),
    },
    matches,
  };
  return (
    <script
      type="application/json"
      id={ISLAND_PAGE_ELEMENT_ID}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, not markup
      dangerouslySetInnerHTML={{ __html: scriptJson(page) }}
    />
  );
}
