/**
 * The category page's header (SPEC §2 "Category page: optional header with menu label and
 * description"): a breadcrumb back to the feed (and to the parent of a subcategory), the menu
 * label, the description, the number of posts, and the subcategories, reachable from their parent
 * and from each other.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { categoryUrl, homeUrl } from '../../domain/routes';
import { useTranslation } from '../i18n';
import { useBlogSettings } from '../use-blog';
import { ChevronIcon } from './icons';

/** A category as the header shows it. */
interface HeaderCategoryLink {
  id?: string;
  slug: string;
  menuLabel: string;
}

/** What the category header shows. */
export interface CategoryHeaderProps {
  base: string;
  categoryPath: string;
  category: HeaderCategoryLink & { description: string };
  /** The parent, when the page is a subcategory's. */
  parent: HeaderCategoryLink | null;
  /** The children of the top-level category (the page's own, or its parent's). */
  subcategories: (HeaderCategoryLink & { id: string })[];
  postCount: number;
  /** Beside the count: the Follow button (issue 6), when the page offers one. */
  action?: ReactNode;
}

/** The header block at the top of a category page. */
export function CategoryHeader({
  base,
  categoryPath,
  category,
  parent,
  subcategories,
  postCount,
  action,
}: CategoryHeaderProps) {
  const { t } = useTranslation();
  const { allPostsLabel } = useBlogSettings();
  const top = parent ?? category;
  const topUrl = categoryUrl(base, categoryPath, top.slug);
  return (
    <header className="feed-header category-header">
      <nav className="category-header__crumbs" aria-label={t('header.breadcrumb')}>
        <ol>
          <li>
            <Link to={homeUrl(base)}>{allPostsLabel || t('header.allPosts')}</Link>
            <ChevronIcon direction="right" />
          </li>
          {parent ? (
            <li>
              <Link to={topUrl}>{parent.menuLabel}</Link>
              <ChevronIcon direction="right" />
            </li>
          ) : null}
        </ol>
      </nav>
      <h1 className="feed-header__title">{category.menuLabel}</h1>
      {category.description ? (
        <p className="feed-header__description">{category.description}</p>
      ) : null}
      {action ? (
        <div className="category-header__row">
          <p className="category-header__count">{t('header.postCount', { count: postCount })}</p>
          {action}
        </div>
      ) : (
        <p className="category-header__count">{t('header.postCount', { count: postCount })}</p>
      )}
      {subcategories.length > 0 ? (
        <nav className="category-header__subcategories" aria-label={t('category.subcategories')}>
          <ul className="subcategories">
            <li>
              <Link to={topUrl} aria-current={parent ? undefined : 'page'}>
                {t('category.allIn', { name: top.menuLabel })}
              </Link>
            </li>
            {subcategories.map((s) => (
              <li key={s.id}>
                <Link
                  to={categoryUrl(base, categoryPath, top.slug, { subcategorySlug: s.slug })}
                  aria-current={s.slug === category.slug && parent ? 'page' : undefined}
                >
                  {s.menuLabel}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
