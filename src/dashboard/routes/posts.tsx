/**
 * The dashboard's Posts screen, `/dashboard/posts` (issue 17 "Posts"): the loader reads the tab,
 * search, filters and sort from the URL and lists through the same service the API calls
 * (`context.dashboard.posts`); the screen is `dashboard/posts/posts-screen.tsx`.
 */
import { useLoaderData } from 'react-router';
import dashboardPostsEn from '../../../locales/dashboard-posts/en.json';
import { type DashboardPostsQuery, DashboardPostsQuerySchema } from '../../domain/dashboard-posts';
import { can } from '../../domain/permissions';
import { createPostUrl } from '../../domain/routes';
import { addNamespace } from '../../rich-content/i18n';
import { metaT } from '../../widget/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { PostsScreen } from '../posts/posts-screen';
import '../posts/posts.css';
import type { Route } from './+types/posts';

addNamespace('dashboard-posts', dashboardPostsEn);

/** The list the URL asks for; a part that does not parse is left out, not an error page. */
function queryOf(url: URL): DashboardPostsQuery {
  const raw = Object.fromEntries(url.searchParams);
  delete raw.cursor;
  const whole = DashboardPostsQuerySchema.safeParse(raw);
  if (whole.success) return whole.data;
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (DashboardPostsQuerySchema.safeParse({ ...kept, [key]: value }).success) kept[key] = value;
  }
  return DashboardPostsQuerySchema.parse(kept);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadArea(context, 'posts', async () => {
    const query = queryOf(new URL(request.url));
    const [page, options] = await Promise.all([
      context.dashboard.posts.list(query),
      context.dashboard.posts.options(),
    ]);
    return {
      page,
      options,
      query,
      actor: context.actor,
      newPostHref: can(context.actor, 'post:create', {})
        ? createPostUrl(context.site.blogBase)
        : null,
    };
  });
}

export const headers = dashboardHeaders;

/** Page title; never indexed. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = (matches[0]?.data as { siteName?: string } | undefined)?.siteName ?? t('site.name');
  return [
    { title: t('meta.pageTitle', { name: t('dashboardPosts.meta.title'), site }) },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The screen. */
export default function PostsRoute() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <PostsScreen {...value} />;
}
