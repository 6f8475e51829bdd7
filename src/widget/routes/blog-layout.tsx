/**
 * The Blog widget's shell (SPEC §2 "Each page sits in a shell"): the desktop header with the
 * category navigation, the mobile header with its title and category list, the main area, and
 * the roots for modals, messages and popovers.
 */

import { Link, NavLink, Outlet, useLoaderData, useMatches } from 'react-router';
import { homeUrl } from '../../domain/routes';
import type { CategoryView } from '../../domain/views';
import { BlogErrorBoundary } from '../components/blog-error';
import { ChevronIcon, IconSprite } from '../components/icons';
import { useTranslation } from '../i18n';
import '../styles/blog.css';
import type { Route } from './+types/blog-layout';

/** SPEC §9: the header lists up to 30 categories. */
const HEADER_CATEGORY_LIMIT = 30;

/** Site facts and the category navigation, shared by every blog page. */
export async function loader({ context }: Route.LoaderArgs) {
  const categories = await context.reader.listCategories();
  return {
    blog: {
      base: context.site.blogBase,
      categoryPath: context.site.categoryPath,
      timeZone: context.site.timeZone,
    },
    categories: categories
      .filter((c) => c.parentId === null)
      .slice(0, HEADER_CATEGORY_LIMIT)
      .map(({ id, label, menuLabel, link }) => ({ id, label, menuLabel, link })),
  };
}

/** Which title the mobile header shows (SPEC §2: Blog, Post or Category by page). */
export interface BlogHandle {
  mobileTitle: 'blog' | 'post' | 'category';
}

function useMobileTitle(): BlogHandle['mobileTitle'] {
  const last = useMatches().at(-1);
  // A page whose loader failed (a 404) has no data: it is not a post or a category then.
  if (last?.data === undefined) return 'blog';
  return (last.handle as BlogHandle | undefined)?.mobileTitle ?? 'blog';
}

function CategoryNav({
  base,
  categories,
}: {
  base: string;
  categories: Pick<CategoryView, 'id' | 'menuLabel' | 'link'>[];
}) {
  const { t } = useTranslation();
  return (
    <nav className="blog-nav" aria-label={t('header.categoriesLabel')}>
      <ul>
        <li>
          <NavLink to={homeUrl(base)} end prefetch="intent">
            {t('header.allPosts')}
          </NavLink>
        </li>
        {categories.map((c) => (
          <li key={c.id}>
            <NavLink to={c.link} prefetch="intent">
              {c.menuLabel}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MobileHeader({
  base,
  categories,
}: {
  base: string;
  categories: Pick<CategoryView, 'id' | 'menuLabel' | 'link'>[];
}) {
  const { t } = useTranslation();
  const title = useMobileTitle();
  return (
    <div className="blog-header-mobile">
      <Link to={homeUrl(base)} className="blog-header-mobile__title">
        {t(`header.mobileTitle.${title}`)}
      </Link>
      {/* A plain list of links in the server HTML, so search engines find every category. */}
      <details className="blog-header-mobile__categories">
        <summary>
          {t('header.categories')}
          <ChevronIcon direction="down" />
        </summary>
        <ul>
          <li>
            <Link to={homeUrl(base)}>{t('header.allPosts')}</Link>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={c.link}>{c.menuLabel}</Link>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** The shell around every blog page. */
export default function BlogLayout() {
  const { blog, categories } = useLoaderData<typeof loader>();
  return (
    <div className="blog" id="blog">
      <IconSprite />
      <header className="blog-header">
        <div className="blog-header-desktop">
          <CategoryNav base={blog.base} categories={categories} />
        </div>
        <MobileHeader base={blog.base} categories={categories} />
      </header>
      <main className="blog-main" id="blog-main">
        <Outlet />
      </main>
      <div id="modal-root" />
      <div id="message-root" aria-live="polite" />
      <div id="popover-root" />
    </div>
  );
}

/** Errors of the layout's own loader: the error screen without the category navigation. */
export function ErrorBoundary() {
  return (
    <div className="blog" id="blog">
      <IconSprite />
      <main className="blog-main">
        <BlogErrorBoundary />
      </main>
    </div>
  );
}
