/**
 * The demo website's "My posts" member page: it mounts the blog's my-posts widget (SPEC §2
 * `my-posts-page`). The page is the signed-in member's own: it says so to every cache
 * (`private, no-store`), and the page cache never stores it (server/ssr/pages.server.ts).
 */
import { data, useLoaderData } from 'react-router';
import { SITE_MAIN_ID } from '../../widget/components/skip-link';
import { metaT } from '../../widget/i18n';
import { loadMyPostsWidget } from '../../widget/widgets/my-posts-loader';
import { MyPostsWidget } from '../../widget/widgets/my-posts-widget';
import type { Route } from './+types/my-posts';

/** The member's tab (`?status=&page=`), or the login-required screen with 401 for a visitor. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: myPosts, status } = await loadMyPostsWidget(context, new URL(request.url));
  return data({ myPosts }, { status });
}

/** One member's page: never stored by a browser, a proxy or the page cache. */
export function headers(): HeadersInit {
  return { 'cache-control': 'private, no-store' };
}

/** Page title; never indexed. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = (matches[0]?.data as { siteName?: string } | undefined)?.siteName ?? t('site.name');
  return [
    { title: t('meta.pageTitle', { name: t('myPosts.meta.title'), site }) },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The page. */
export default function MyPostsPage() {
  const { myPosts } = useLoaderData<typeof loader>();
  return (
    <main className="site-main" id={SITE_MAIN_ID} tabIndex={-1}>
      <MyPostsWidget data={myPosts} />
    </main>
  );
}
