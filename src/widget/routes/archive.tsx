/**
 * The monthly archive, `/archive/:year/:month(/page/:pageIndex)` (SPEC §2); the date must be
 * real (SPEC §5).
 */

import { useLoaderData } from 'react-router';
import { isRealArchiveDate, monthName } from '../../domain/dates';
import { archiveUrl } from '../../domain/routes';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { FeedHeader, FeedPage, feedIslandData } from '../components/feed-page';
import { useTranslation } from '../i18n';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import { archiveHead } from '../seo/page-heads';
import type { Route } from './+types/archive';
import { feedCards, notFound, pageBasics, requestedPage } from './feed-params';

export const handle: BlogHandle = {
  mobileTitle: 'blog',
  isSharedWithMembers: true,
  hasIslands: true,
  islandData: feedIslandData,
};

/** Loads one page of the month's posts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = requestedPage(params.pageIndex);
  if (!/^\d{4}$/.test(params.year) || !/^\d{1,2}$/.test(params.month)) throw notFound();
  const year = Number(params.year);
  const month = Number(params.month);
  if (!isRealArchiveDate(year, month)) throw notFound();
  const feed = await feedCards(context, { source: 'archive', year, month }, page);
  return {
    year,
    month,
    feed,
    ...pageBasics(context),
    language: context.language,
    head: archiveHead(headContextFor(context), { year, month, language: context.language, feed }),
  };
}

/** The month's head (widget/seo). */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The archive page. */
export default function Archive() {
  const { year, month, feed, now, timeZone, base } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <FeedPage
      header={
        <FeedHeader
          eyebrow={t('archive.eyebrow')}
          title={monthName(year, month, i18n.language)}
          description={t('archive.count', { count: feed.entityCount })}
        />
      }
      feed={feed}
      now={now}
      timeZone={timeZone}
      pageUrl={(page) => archiveUrl(base, year, month, page)}
      emptyTitle={t('archive.empty.title')}
      emptyText={t('archive.empty.text')}
    />
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
