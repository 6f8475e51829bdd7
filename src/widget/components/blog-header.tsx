/**
 * The blog's headers (SPEC §2 "Desktop header", "Mobile header"). Both are in the server HTML and
 * CSS media queries at the SPEC §9 breakpoint (660 px) show the right one without script; a
 * request the server took for a phone (`device === 'mobile'`) gets only the mobile header.
 *
 * Header settings (SPEC §9: menu, menu search, menu category labels and login button are on by
 * default): `showMenu` is the whole menu bar, `showCategoryLabels` its category links (desktop
 * navigation and mobile dropdown), `showSearch` the search, `showLoginButton` the account area
 * (log in on desktop, sign up on mobile) and `showCreatePostButton` the Create post button.
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { createPostUrl, homeUrl, loginUrl, searchUrl } from '../../domain/routes';
import type { FeedSettingsView } from '../../domain/settings';
import type { CategoryView } from '../../domain/views';
import type { BlogHandle } from '../blog-shell';
import { useTranslation } from '../i18n';
import { Personal, useReader } from '../reader/reader';
import { HeaderAccount } from './header-account';
import { CategoryNav, type HeaderNavItem } from './header-nav';
import { HeaderNotifications } from './header-notifications';
import { HeaderSearch } from './header-search';
import { ChevronIcon, MenuIcon, PlusIcon, SearchIcon } from './icons';

/** A category as the header lists it. */
export type HeaderCategory = Pick<CategoryView, 'id' | 'menuLabel' | 'link'>;

/** What both headers need from the blog shell. */
export interface BlogHeaderProps {
  base: string;
  categories: HeaderCategory[];
  device: 'desktop' | 'mobile';
  settings: Pick<FeedSettingsView, 'header' | 'allPostsLabel'>;
}

/**
 * The login page with query parameters: `next` (where to continue after logging in, SPEC §4
 * "Logged-out user pressing a gated action is asked to log in, then the action continues") and
 * `mode=signup`.
 */
function loginWith(base: string, params: Record<string, string>): string {
  return `${loginUrl(base)}?${new URLSearchParams(params)}`;
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The header's links: All Posts (or the owner's label), then the top-level categories. */
function useNavItems(
  base: string,
  categories: HeaderCategory[],
  allPostsLabel: string,
): HeaderNavItem[] {
  const { t } = useTranslation();
  const path = trimSlash(useLocation().pathname).toLowerCase();
  const home = trimSlash(homeUrl(base)).toLowerCase();
  // All Posts is current on any page of the all-posts feed.
  const isFeed = path === home || path.startsWith(`${home === '/' ? '' : home}/page/`);
  return [
    {
      key: 'all',
      to: homeUrl(base),
      label: allPostsLabel || t('header.allPosts'),
      isCurrent: isFeed,
    },
    ...categories.map((c) => {
      const link = trimSlash(c.link).toLowerCase();
      return {
        key: c.id,
        to: c.link,
        label: c.menuLabel,
        // A category is current on its pages and on its subcategories' pages.
        isCurrent: path === link || path.startsWith(`${link}/`),
      };
    }),
  ];
}

/** Which title the mobile header shows (SPEC §2: Blog, Post or Category by page). */
function useMobileTitle(): BlogHandle['mobileTitle'] {
  const last = useMatches().at(-1);
  // A page whose loader failed (a 404) has no data: it is not a post or a category then.
  if (last?.data === undefined) return 'blog';
  return (last.handle as BlogHandle | undefined)?.mobileTitle ?? 'blog';
}

/**
 * SPEC §2 Create post, shown when the reader may create or could after logging in; a logged-out
 * visitor logs in first, then goes on to create (SPEC §4).
 */
function CreatePostLink({ base }: { base: string }) {
  return (
    <Personal>
      <ReadersCreatePostLink base={base} />
    </Personal>
  );
}

/** The link as the reader may use it (decision 050: a hole of the shared page). */
function ReadersCreatePostLink({ base }: { base: string }) {
  const { t } = useTranslation();
  const refusal = useReader().createPostRefusal;
  if (refusal !== null && refusal !== 'login-required') return null;
  return (
    <Link
      to={refusal === null ? createPostUrl(base) : loginWith(base, { next: createPostUrl(base) })}
      className="header-button header-button--primary header-create"
    >
      <PlusIcon />
      <span className="header-button__text">{t('header.createPost')}</span>
    </Link>
  );
}

function DesktopHeader({ base, settings, items }: BlogHeaderProps & { items: HeaderNavItem[] }) {
  const { showCategoryLabels, showSearch, showLoginButton, showCreatePostButton } = settings.header;
  return (
    <div className="blog-header-desktop">
      {showCategoryLabels ? <CategoryNav items={items} /> : <div className="blog-nav" />}
      <div className="blog-header__actions">
        {showSearch ? <HeaderSearch base={base} /> : null}
        <HeaderNotifications base={base} />
        {showLoginButton ? <HeaderAccount base={base} variant="desktop" /> : null}
        {showCreatePostButton ? <CreatePostLink base={base} /> : null}
      </div>
    </div>
  );
}

/**
 * The mobile category dropdown: a native disclosure, so the server HTML holds a plain list of
 * links (SPEC §2 "a link list for SEO") that works without script. Script adds closing on a
 * choice, on Escape and on a tap outside.
 */
function MobileCategories({ items }: { items: HeaderNavItem[] }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const handleChoose = () => {
    if (details.current) details.current.open = false;
  };

  useEffect(() => {
    const element = details.current;
    if (!element) return;
    // Listening always (not from the toggle event, which comes late): a tap outside closes the
    // list, and so does Escape wherever focus is (a tap does not always focus the summary).
    const handlePointerDown = (event: PointerEvent) => {
      if (element.open && !element.contains(event.target as Node)) element.open = false;
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !element.open) return;
      element.open = false;
      if (element.contains(document.activeElement)) element.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, []);

  return (
    <details ref={details} className="blog-header-mobile__categories">
      <summary>
        <MenuIcon />
        <span className="blog-header-mobile__categories-label">{t('header.categories')}</span>
        <ChevronIcon direction="down" />
      </summary>
      <nav aria-label={t('header.categoriesLabel')}>
        <ul>
          {items.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                aria-current={item.isCurrent ? 'page' : undefined}
                onClick={handleChoose}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

function MobileHeader({ base, settings, items }: BlogHeaderProps & { items: HeaderNavItem[] }) {
  const { t } = useTranslation();
  const title = useMobileTitle();
  const { showCategoryLabels, showSearch, showLoginButton } = settings.header;
  return (
    <div className="blog-header-mobile">
      <Link to={homeUrl(base)} className="blog-header-mobile__title">
        {t(`header.mobileTitle.${title}`)}
      </Link>
      {showCategoryLabels ? <MobileCategories items={items} /> : null}
      <div className="blog-header__actions">
        {showSearch ? (
          <Link to={searchUrl(base)} className="header-icon-button" aria-label={t('header.search')}>
            <SearchIcon />
          </Link>
        ) : null}
        <HeaderNotifications base={base} />
        {/* SPEC §6: a logged-out visitor sees sign up, a member the avatar menu. */}
        {showLoginButton ? <HeaderAccount base={base} variant="mobile" /> : null}
      </div>
    </div>
  );
}

/**
 * The shell's header: the desktop and mobile headers, as the settings allow. A section named
 * "Blog" (a region landmark), not a `header`: the blog sits in a site page whose own header is
 * the page's banner landmark (axe: one banner per page), and its search, notifications and
 * account stay inside a landmark (axe: region).
 */
export function BlogHeader(props: BlogHeaderProps) {
  const { base, categories, device, settings } = props;
  const { t } = useTranslation();
  const items = useNavItems(base, categories, settings.allPostsLabel);
  if (!settings.header.showMenu) return null;
  return (
    <section className="blog-header" data-device={device} aria-label={t('site.nav.blog')}>
      {device === 'mobile' ? null : <DesktopHeader {...props} items={items} />}
      <MobileHeader {...props} items={items} />
    </section>
  );
}
