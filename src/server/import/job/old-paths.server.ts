/**
 * Old addresses of imported posts (issue 21, decision 057 "Storing"): a request that nothing else
 * answers (the pages rendered a 404) is looked up in `imported_paths`, as asked, and with the
 * blog's base taken off (`/blog/every-block/` for `/every-block/`), with and without its trailing
 * slash: one primary-key lookup. A published post found answers with a 301 to its address.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { type PostLinkSite, postLink, trimBase } from '../../../domain/routes';
import type { Database } from '../../db/connection.server';
import { importedPaths, posts } from '../../db/schema.server';

/** The stored paths a request path may be, most likely first. */
export function oldPathCandidates(pathname: string, blogBase: string): string[] {
  const base = trimBase(blogBase);
  const paths = [pathname];
  if (base !== '' && pathname.startsWith(`${base}/`)) paths.push(pathname.slice(base.length));
  const withSlashes = paths.flatMap((path) =>
    path.endsWith('/') ? [path, path.replace(/\/+$/, '') || '/'] : [path, `${path}/`],
  );
  return [...new Set(withSlashes)].filter((path) => path !== '/');
}

/** The address an old path of an imported, published post moved to, or null. */
export async function importedPostAddress(
  db: Database,
  site: PostLinkSite & { id: string },
  pathname: string,
): Promise<string | null> {
  const candidates = oldPathCandidates(pathname, site.blogBase);
  if (candidates.length === 0) return null;
  const rows = await db
    .select({
      path: importedPaths.path,
      slug: posts.slug,
      firstPublishedDate: posts.firstPublishedDate,
    })
    .from(importedPaths)
    .innerJoin(
      posts,
      and(eq(posts.siteId, importedPaths.siteId), eq(posts.id, importedPaths.postId)),
    )
    .where(
      and(
        eq(importedPaths.siteId, site.id),
        inArray(importedPaths.path, candidates),
        eq(posts.status, 'published'),
      ),
    );
  const best = candidates.map((path) => rows.find((row) => row.path === path)).find(Boolean);
  return best ? postLink(site, best) : null;
}
