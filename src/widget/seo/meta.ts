/**
 * The route modules' `meta` (issue 19 § Pages' heads): the head the page's loader built
 * (`head` in its data, see page-heads.ts), or, when the loader failed, the blog layout's error
 * head. Only this reading is in the pages' scripts: the builders run in the loaders, on the
 * server, which keeps the feed page's script budget (decision 045).
 */
import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { metaT } from '../i18n';
import type { ErrorHeads } from './head';

/** A route match as `meta` functions receive it. */
export type HeadMatches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The blog layout's route id (its module path, as React Router names file routes). */
const BLOG_LAYOUT_ID = 'widget/routes/blog-layout';

/** The arguments of a route's `meta` this module reads. */
export interface BlogMetaArgs {
  data: unknown;
  matches: HeadMatches;
  error?: unknown;
}

/**
 * A blog page's head: its loader's `head`, else (a 404, a failed loader) the layout's error head,
 * else a bare title; the last two are never indexed.
 */
export function blogMeta({ data, matches, error }: BlogMetaArgs): MetaDescriptor[] {
  const own = (data as { head?: MetaDescriptor[] } | null | undefined)?.head;
  if (own) return own;
  // React Router passes `error: null` when the loader did not throw (the 404 page answers null).
  const isNotFound = error == null || (isRouteErrorResponse(error) && error.status === 404);
  const layout = matches.find((match) => match?.id === BLOG_LAYOUT_ID)?.data as
    | { errorHeads?: ErrorHeads }
    | undefined;
  const heads = layout?.errorHeads;
  if (heads) return isNotFound ? heads.notFound : heads.failed;
  return [
    { title: metaT(matches)(isNotFound ? 'meta.notFoundTitle' : 'meta.errorTitle') },
    { name: 'robots', content: 'noindex' },
  ];
}
