/**
 * A category feed, `/category/:categorySlug(/:subcategorySlug)(/page/:page)` and the same under
 * the site's own category prefix (SPEC §2), with the category's menu label and description and
 * links to its subcategories.
 */

import { Link, useLoaderData } from 'react-router';
import { FEED_PAGE_SIZE } from '../../domain/reader';
import { categoryUrl } from '../../domain/routes';
import { BlogErrorBoundary } from '../components/blog-error';
import { FeedHeader, FeedPage } from '../components/feed-page';
import { pageTitle, useTranslation } from '../i18n';
import type { Route } from './+types/category';
import type { BlogHandle } from './blog-layout';
import { cardsOfPage, notFound, pageBasics, requestedPage } from './feed-params';

export const handle: BlogHandle = { mobileTitle: 'category' };

/** Loads the category (or subcategory) and one page of its posts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { site, reader } = context;
  // The prefixed route only exists for the site's own prefix.
  if (params.categoryPrefix !== undefined && params.categoryPrefix !== site.categoryPath) {
    throw notFound();
  }
  const page = requestedPage(params.page);
  const all = await reader.listCategories();
  const parent = all.find((c) => c.slug === params.categorySlug.toLowerCase());
  if (!parent) throw notFound();
  let category = parent;
  if (params.subcategorySlug !== undefined) {
    const child = all.find(
      (c) => c.slug === params.subcategorySlug?.toLowerCase() && c.parentId === parent.id,
    );
    if (!child) throw notFound();
    category = child;
  }
  const feed = cardsOfPage(
    await reader.listFeed({ source: 'category', categoryId: category.id }, page, FEED_PAGE_SIZE),
  );
  const subcategories = all
    .filter((c) => c.parentId === parent.id)
    .map(({ id, slug, menuLabel }) => ({ id, slug, menuLabel }));
  return {
    category,
    parent: category === parent ? null : { slug: parent.slug, menuLabel: parent.menuLabel },
    subcategories,
    feed,
    ...pageBasics(context),
    categoryPath: params.categoryPrefix ?? 'category',
  };
}

/** Page title and description from the category. */
export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  return [
    pageTitle(matches, data.category.label, data.siteName),
    { name: 'description', content: data.category.description || data.category.label },
  ];
}

/** The category page. */
export default function Category() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { category, parent, subcategories, base, categoryPath } = data;
  const parentSlug = parent?.slug ?? category.slug;
  const urlOf = (page: number) =>
    categoryUrl(base, categoryPath, parentSlug, {
      subcategorySlug: parent ? category.slug : undefined,
      page,
    });
  return (
    <FeedPage
      header={
        <FeedHeader
          eyebrow={parent ? parent.menuLabel : t('category.eyebrow')}
          title={category.menuLabel}
          description={category.description}
        >
          {subcategories.length > 0 ? (
            <ul className="subcategories" aria-label={t('category.subcategories')}>
              {parent ? (
                <li>
                  <Link to={categoryUrl(base, categoryPath, parentSlug)}>
                    {t('category.allIn', { name: parent.menuLabel })}
                  </Link>
                </li>
              ) : null}
              {subcategories.map((s) => (
                <li key={s.id}>
                  <Link
                    to={categoryUrl(base, categoryPath, parentSlug, { subcategorySlug: s.slug })}
                    aria-current={s.id === category.id ? 'page' : undefined}
                  >
                    {s.menuLabel}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </FeedHeader>
      }
      feed={data.feed}
      now={data.now}
      timeZone={data.timeZone}
      pageUrl={urlOf}
      emptyTitle={t('category.empty.title')}
      emptyText={t('category.empty.text')}
    />
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
