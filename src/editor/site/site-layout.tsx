/**
 * The demo website around the Blog widget: the site's own header, navigation and footer, as a
 * website builder would render them.
 */

import { Link, NavLink, Outlet, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root';
import { useTranslation } from '../../widget/i18n';

/** The site shell. */
export default function SiteLayout() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <div className="site">
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="site-logo">
            {root?.siteName ?? t('site.name')}
          </Link>
          <nav aria-label={t('site.navLabel')} className="site-nav">
            <NavLink to="/" end>
              {t('site.nav.home')}
            </NavLink>
            <NavLink to="/blog">{t('site.nav.blog')}</NavLink>
            <NavLink to="/about">{t('site.nav.about')}</NavLink>
            <NavLink to="/my-posts">{t('site.nav.myPosts')}</NavLink>
          </nav>
        </div>
      </header>
      <Outlet />
      <footer className="site-footer">
        <p>{t('site.footer', { name: root?.siteName ?? t('site.name') })}</p>
      </footer>
    </div>
  );
}
