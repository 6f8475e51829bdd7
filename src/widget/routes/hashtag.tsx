/**
 * A hashtag feed, `/hashtags/:hashtag(/page/:pageIndex)` (SPEC §2): posts whose text carries
 * the hashtag (SPEC §5 rule).
 */

import { useLoaderData } from 'react-router';
import { hashtagUrl } from '../../domain/routes';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { FeedHeader, FeedPage, feedIslandData } from '../components/feed-page';
import { useTranslation } from '../i18n';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import { hashtagHead } from '../seo/page-heads';
import type { Route } from './+types/hashtag';
import { feedCards, pageBasics, requestedPage } from './feed-params';

export const handle: BlogHandle = {
  mobileTitle: 'blog',
  isSharedWithMembers: true,
  hasIslands: true,
  islandData: feedIslandData,
};

/** Loads one page of posts with the hashtag. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = requestedPage(params.pageIndex);
  const hashtag = params.hashtag.replace(/^#/, '');
  const feed = await feedCards(context, { source: 'hashtag', hashtag }, page);
  return {
    hashtag,
    feed,
    ...pageBasics(context),
    head: hashtagHead(headContextFor(context), { hashtag, feed }),
  };
}

/** The hashtag's head (widget/seo). */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The hashtag page. */
export default function Hashtag() {
  const { hashtag, feed, now, timeZone, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <FeedPage
      header={<FeedHeader eyebrow={t('hashtag.eyebrow')} title={`#${hashtag}`} />}
      feed={feed}
      now={now}
      timeZone={timeZone}
      pageUrl={(page) => hashtagUrl(base, hashtag, page)}
      emptyTitle={t('hashtag.empty.title')}
      emptyText={t('hashtag.empty.text')}
    />
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
