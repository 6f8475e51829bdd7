/**
 * The demo website's home page: an introduction with a link to the blog.
 */

import { Link } from 'react-router';
import { metaT, useTranslation } from '../../widget/i18n';
import type { Route } from './+types/home';

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
  return (
    <main className="site-page site-hero">
      <h1>{t('site.home.title')}</h1>
      <p className="site-hero__lead">{t('site.home.lead')}</p>
      <Link className="button button--primary" to="/blog">
        {t('site.home.cta')}
      </Link>
    </main>
  );
}
