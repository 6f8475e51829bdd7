/**
 * A tag feed, `/tags/:tagSlug(/page/:page)` (SPEC §2).
 */

import { redirect, useLoaderData } from 'react-router';
import { tagUrl } from '../../domain/routes';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { FeedHeader, FeedPage, feedIslandData } from '../components/feed-page';
import { useTranslation } from '../i18n';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import { tagHead } from '../seo/page-heads';
import type { Route } from './+types/tag';
import { feedCards, notFound, pageBasics, requestedPage } from './feed-params';

export const handle: BlogHandle = {
  mobileTitle: 'blog',
  isSharedWithMembers: true,
  hasIslands: true,
  islandData: feedIslandData,
};

/** Loads the tag and one page of its posts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = requestedPage(params.page);
  const tag = await context.reader.getTagBySlug(params.tagSlug);
  if (!tag) throw notFound();
  // A renamed or merged tag's former slug: 301 to the tag's address (issue 17).
  if (tag.slug !== params.tagSlug.toLowerCase()) {
    throw redirect(tagUrl(context.site.blogBase, tag.slug, page > 1 ? page : undefined), 301);
  }
  const feed = await feedCards(context, { source: 'tags', tagId: tag.id }, page);
  return {
    tag,
    feed,
    ...pageBasics(context),
    head: tagHead(headContextFor(context), { tag, feed }),
  };
}

/** The tag's head (widget/seo), with the tag's feeds. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The tag page. */
export default function Tag() {
  const { tag, feed, now, timeZone, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <FeedPage
      header={
        <FeedHeader
          eyebrow={t('tag.eyebrow')}
          title={tag.label}
          description={t('tag.count', { count: tag.postCount })}
        />
      }
      feed={feed}
      now={now}
      timeZone={timeZone}
      pageUrl={(page) => tagUrl(base, tag.slug, page)}
    />
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
