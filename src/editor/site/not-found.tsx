/**
 * A site page that does not exist: status 404 with a way home.
 */
import { data } from 'react-router';
import { NotFound } from '../../widget/components/not-found';
import { metaT } from '../../widget/i18n';
import type { Route } from './+types/not-found';

/** Answers 404 so that search engines drop the address. */
export function loader() {
  return data(null, { status: 404 });
}

/** Page title. */
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.notFoundTitle') }, { name: 'robots', content: 'noindex' }];
}

/** The site's not-found page. */
export default function SiteNotFound() {
  return (
    <main className="site-page">
      <NotFound homeUrl="/" />
    </main>
  );
}
