/**
 * The demo website around the Blog widget: the site's own header, navigation and footer, as a
 * website builder would render them. A member who may manage the blog finds Dashboard in the
 * site's navigation, and an owner Customize blog (issue 17): a hole of the page every reader
 * shares (decision 050), so that it stays one page for every visitor (the page cache).
 */

import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { BUILDER_PATH, DASHBOARD_PATH } from '../../domain/routes';
import type { loader as rootLoader } from '../../root';
import { MenuIcon } from '../../widget/components/icons';
import { BLOG_MAIN_ID, SITE_MAIN_ID, SkipLink } from '../../widget/components/skip-link';
import { useTranslation } from '../../widget/i18n';
import { Personal, useReader } from '../../widget/reader/reader';
import { BLOG_LAYOUT_ROUTE_ID } from '../../widget/use-blog';

/** The management links the signed-in member gets (none for a visitor). */
function ManagementLinks() {
  const { t } = useTranslation();
  const { member } = useReader();
  // Other apps of the site: full page loads, not the site's client navigation.
  return (
    <>
      {member?.canOpenDashboard ? <a href={DASHBOARD_PATH}>{t('site.nav.dashboard')}</a> : null}
      {member?.canCustomizeBlog ? <a href={BUILDER_PATH}>{t('site.nav.customizeBlog')}</a> : null}
    </>
  );
}

/**
 * On a phone the site's pages are behind a Menu button (issue 23: with the blog's header under
 * it, the site's name and its pages in a row of their own took three rows). The navigation is a
 * popover: it opens, closes on Escape and on a tap outside without script, and lies in the row
 * beside the name on wider screens (base.css). A client navigation closes it.
 */
function useSiteMenu() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const element = nav.current;
    if (pathname && element?.matches(':popover-open')) element.hidePopover();
  }, [pathname]);
  return nav;
}

/** The site shell. */
export default function SiteLayout() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  // A blog page's content starts below the blog's header too.
  const isBlogPage = useMatches().some((match) => match.id === BLOG_LAYOUT_ROUTE_ID);
  const nav = useSiteMenu();
  return (
    <div className="site">
      <SkipLink target={isBlogPage ? BLOG_MAIN_ID : SITE_MAIN_ID} />
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="site-logo">
            {root?.siteLogo ? (
              <img
                className="site-logo__image"
                src={root.siteLogo.url}
                alt=""
                width={root.siteLogo.width}
                height={root.siteLogo.height}
              />
            ) : null}
            <span>{root?.siteName ?? t('site.name')}</span>
          </Link>
          <button type="button" className="site-menu-button" popoverTarget="site-nav">
            <MenuIcon />
            <span>{t('site.menu')}</span>
          </button>
          <nav
            ref={nav}
            id="site-nav"
            popover="auto"
            aria-label={t('site.navLabel')}
            className="site-nav"
          >
            <NavLink to="/" end>
              {t('site.nav.home')}
            </NavLink>
            <NavLink to="/blog">{t('site.nav.blog')}</NavLink>
            <NavLink to="/about">{t('site.nav.about')}</NavLink>
            <NavLink to="/my-posts">{t('site.nav.myPosts')}</NavLink>
            <Personal>
              <ManagementLinks />
            </Personal>
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
