/**
 * The demo website's home page: an introduction with a link to the blog.
 */

import { Link, useLoaderData } from 'react-router';
import sitePagesEn from '../../../locales/site-pages/en.json';
import { parsePageParam } from '../../domain/pagination';
import { addNamespace } from '../../rich-content/i18n';
import { SITE_MAIN_ID } from '../../widget/components/skip-link';
import { metaT, useTranslation } from '../../widget/i18n';
import { loadPostListWidget, PostListWidget } from '../../widget/widgets/post-list-widget';
import type { Route } from './+types/home';

// These words load with the code that shows them, not in every page's script (decision 001).
addNamespace('site-pages', sitePagesEn);

/** The home page mounts the blog's post-list widget (`?page=` pages it when paginated). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page') ?? undefined) ?? 1;
  return { postList: await loadPostListWidget(context, page) };
}

/** Page title. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = (matches[0]?.data as { siteName?: string } | undefined)?.siteName ?? t('site.name');
  return [
    { title: t('meta.siteTitle', { site }) },
    { name: 'description', content: t('meta.siteDescription') },
  ];
}

/** The home page. */
export default function Home() {
  const { t } = useTranslation();
  const { postList } = useLoaderData<typeof loader>();
  return (
    <main className="site-main" id={SITE_MAIN_ID} tabIndex={-1}>
      <div className="site-page site-hero">
        <h1>{t('site.home.title')}</h1>
        <p className="site-hero__lead">{t('site.home.lead')}</p>
        <Link className="button button--primary" to="/blog">
          {t('site.home.cta')}
        </Link>
      </div>
      <div className="site-section">
        <PostListWidget
          data={postList}
          title={t('site.home.latest')}
          pageUrl={(page) => (page === 1 ? '/' : `/?page=${page}`)}
        />
      </div>
    </main>
  );
}
