/**
 * The all-posts feed, `/` and `/page/:page` (SPEC §2): pinned first, then newest first.
 */

import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import { can } from '../../domain/permissions';
import { showsOnboarding } from '../../domain/render-mode';
import { createPostUrl, feedPageUrl } from '../../domain/routes';
import { toPostCard } from '../../domain/views';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { FeedHeader, FeedPage, feedIslandData } from '../components/feed-page';
import { useTranslation } from '../i18n';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import { feedHead } from '../seo/page-heads';
import { useBlogSettings } from '../use-blog';
import type { Route } from './+types/feed';
import { feedCards, pageBasics, requestedPage } from './feed-params';

export const handle: BlogHandle = {
  mobileTitle: 'blog',
  isSharedWithMembers: true,
  hasIslands: true,
  islandData: feedIslandData,
};

// SPEC §1 onboarding: the first-run screen is its own chunk, fetched only when shown (decision 009).
const OnboardingScreen = lazy(() => import('../onboarding/onboarding-screen'));

/** Loads one page of the all-posts feed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = requestedPage(params.page);
  const [feed, settings] = await Promise.all([
    feedCards(context, { source: 'homepage' }, page),
    context.reader.getSettings(),
  ]);
  // SPEC §2: the featured-post banner, on the first page when the owner turned it on.
  const featuredPost =
    page === 1 && settings['feed.showFeaturedBanner'] === true
      ? await context.reader.getFeaturedPost()
      : null;
  // Issue 18: the owner's default SEO title and description (blog settings), else the blog's.
  const seo = {
    title: context.site.seoTitle,
    description: context.site.seoDescription || context.site.description,
  };
  return {
    feed,
    featured: featuredPost ? toPostCard(featuredPost) : null,
    // SPEC §1: the owner of a blog without posts gets the first-run screen in onboarding mode
    // and in the editor's canvas; visitors keep the empty state (SPEC §2).
    isOnboarding: showsOnboarding({
      renderMode: context.renderMode,
      hasPublishedPosts: feed.entityCount > 0,
      maySetUp: can(context.actor, 'sample-posts:add', {}),
    }),
    ...pageBasics(context),
    head: feedHead(headContextFor(context), { feed, seo }),
  };
}

/** The feed's head (widget/seo): the owner's SEO title or the blog's, the page number past page 1. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The feed page. */
export default function Feed() {
  const { feed, featured, isOnboarding, now, timeZone, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const settings = useBlogSettings();
  if (isOnboarding) {
    return (
      <Suspense fallback={null}>
        <OnboardingScreen createPostUrl={createPostUrl(base)} />
      </Suspense>
    );
  }
  return (
    <FeedPage
      header={<FeedHeader title={settings.allPostsLabel || t('feed.allPostsTitle')} />}
      feed={feed}
      featured={featured}
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
