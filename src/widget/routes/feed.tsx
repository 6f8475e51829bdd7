/**
 * The all-posts feed, `/` and `/page/:page` (SPEC §2): pinned first, then newest first.
 */

import { useLoaderData } from 'react-router';
import { FEED_PAGE_SIZE } from '../../domain/reader';
import { feedPageUrl } from '../../domain/routes';
import { BlogErrorBoundary } from '../components/blog-error';
import { FeedHeader, FeedPage } from '../components/feed-page';
import { metaT, useTranslation } from '../i18n';
import type { Route } from './+types/feed';
import type { BlogHandle } from './blog-layout';
import { cardsOfPage, pageBasics, requestedPage } from './feed-params';

export const handle: BlogHandle = { mobileTitle: 'blog' };

/** Loads one page of the all-posts feed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = requestedPage(params.page);
  const feed = cardsOfPage(
    await context.reader.listFeed({ source: 'homepage' }, page, FEED_PAGE_SIZE),
  );
  return {
    feed,
    ...pageBasics(context),
  };
}

/** Page title: the blog, with the page number past page 1. */
export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const t = metaT(matches);
  const page = data.feed.currentPage;
  return [
    {
      title:
        page > 1
          ? t('meta.blogPageTitle', { page, site: data.siteName })
          : t('meta.blogTitle', { site: data.siteName }),
    },
    { name: 'description', content: t('meta.blogDescription', { site: data.siteName }) },
  ];
}

/** The feed page. */
export default function Feed() {
  const { feed, now, timeZone, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <FeedPage
      header={<FeedHeader title={t('feed.allPostsTitle')} />}
      feed={feed}
      now={now}
      timeZone={timeZone}
      pageUrl={(page) => feedPageUrl(base, page)}
    />
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
