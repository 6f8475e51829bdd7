/**
 * Shared by the feed loaders: the page number from the route, and the SPEC §4 rule that a page
 * is valid if it is 1 or between 2 and the last page; anything else is a 404.
 */
import { data } from 'react-router';
import { isValidPage, parsePageParam } from '../../domain/pagination';
import { type FeedCardsView, type FeedPageView, toFeedCards } from '../../domain/views';
import type { FeedQuery, RequestContext } from '../../load-context';

/** The requested page, or a thrown 404 for a malformed one ('0', '01', 'x'). */
export function requestedPage(raw: string | undefined): number {
  const page = parsePageParam(raw);
  if (page === null) throw notFound();
  return page;
}

/** The page's cards; throws a 404 when the page lies past the feed's last page. */
export function cardsOfPage(feed: FeedPageView): FeedCardsView {
  if (!isValidPage(feed.currentPage, feed.lastPage)) throw notFound();
  return toFeedCards(feed);
}

/**
 * One page of a feed as cards, paged by the site's posts-per-page setting (SPEC §5: 1–50). The
 * same for every reader: a reader's likes are laid over the cards (decision 050).
 */
export async function feedCards(
  context: RequestContext,
  query: FeedQuery,
  page: number,
): Promise<FeedCardsView> {
  const settings = await context.reader.getSettings();
  const pageSize = settings['feed.postsPerPage'];
  return cardsOfPage(await context.reader.listFeed(query, page, pageSize));
}

/** The 404 response the blog layout's error boundary renders. */
export function notFound() {
  return data(null, { status: 404 });
}

/** What every blog page needs besides its own data: the clock, the time zone and the blog. */
export function pageBasics(context: RequestContext) {
  return {
    now: context.now,
    timeZone: context.site.timeZone,
    base: context.site.blogBase,
    siteName: context.site.name,
  };
}
