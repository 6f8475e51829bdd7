/**
 * The my-posts widget's loader (see my-posts-widget.tsx), apart from the widget: only page
 * loaders import it, so React Router keeps it, the permission rules and what they import out of
 * the page's script.
 */

import { parseMyPostsParams } from '../../domain/my-posts';
import { isValidPage } from '../../domain/pagination';
import { can } from '../../domain/permissions';
import { createPostUrl, homeUrl, loginUrl } from '../../domain/routes';
import type { PageLoadContext } from '../../load-context';
import type { MyPostsWidgetData } from './my-posts-widget';

/**
 * Loads the tab and page the address asks for (`?status=&page=`, forgiving: see
 * `parseMyPostsParams`), as the request's actor; a page past the last shows the first. The
 * status is the page's: 401 for a visitor, 403 for a blocked member.
 */
export async function loadMyPostsWidget(
  context: PageLoadContext,
  url: URL,
): Promise<{ data: MyPostsWidgetData; status: number }> {
  const { blogBase, timeZone } = context.site;
  const query = parseMyPostsParams(url.searchParams);
  let found = await context.myPosts.list(query);
  if (found.ok && !isValidPage(query.page, found.value.lastPage)) {
    found = await context.myPosts.list({ ...query, page: 1 });
  }
  if (!found.ok) {
    // Members log in with issue 5: `/login` (SPEC §2) is in the route table but has no page yet.
    // The login page is to bring the member back here (`next`), as SPEC §4 asks of a gated action.
    const next = url.pathname + url.search;
    return {
      data: {
        kind: 'refused',
        reason: found.reason,
        loginUrl: `${loginUrl(blogBase)}?${new URLSearchParams({ next })}`,
        blogUrl: homeUrl(blogBase),
      },
      status: found.reason === 'login-required' ? 401 : 403,
    };
  }
  return {
    data: {
      kind: 'posts',
      view: found.value,
      createUrl: can(context.actor, 'post:create', {}) ? createPostUrl(blogBase) : null,
      viewer: context.actor,
      base: blogBase,
      now: context.now,
      timeZone,
    },
    status: 200,
  };
}
