/**
 * A site page that does not exist: status 404 with a way home.
 */
import { data } from 'react-router';
import { NotFound } from '../../widget/components/not-found';
import { SITE_MAIN_ID } from '../../widget/components/skip-link';
import { metaT } from '../../widget/i18n';
import type { Route } from './+types/not-found';

/** Answers 404 so that search engines drop the address. */
export function loader() {
  return data(null, { status: 404 });
}

/** Page title. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = (matches[0]?.data as { siteName?: string } | undefined)?.siteName ?? t('site.name');
  // The same title as the blog's 404 pages: what happened, then the site.
  return [
    { title: t('meta.pageTitle', { name: t('meta.notFoundTitle'), site }) },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The site's not-found page. */
export default function SiteNotFound() {
  return (
    <main className="site-page" id={SITE_MAIN_ID} tabIndex={-1}>
      <NotFound homeUrl="/" />
    </main>
  );
}
