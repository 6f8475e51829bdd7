/**
 * A category feed, `/category/:categorySlug(/:subcategorySlug)(/page/:page)` and the same under
 * the site's own category prefix (SPEC §2), with the category's menu label and description and
 * links to its subcategories.
 */

import { redirect, useLoaderData } from 'react-router';
import { findCategoryAddress } from '../../domain/category-address';
import { categoryUrl, createPostUrl, loginUrl } from '../../domain/routes';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { CategoryFollow } from '../components/category-follow';
import { FeedPage, feedIslandData } from '../components/feed-page';
import { CategoryHeader } from '../components/header-category';
import { useTranslation } from '../i18n';
import { Personal, useReader } from '../reader/reader';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import { categoryHead } from '../seo/page-heads';
import type { Route } from './+types/category';
import { feedCards, notFound, pageBasics, requestedPage } from './feed-params';

export const handle: BlogHandle = {
  mobileTitle: 'category',
  isSharedWithMembers: true,
  hasIslands: true,
  islandData: feedIslandData,
};

/** Loads the category (or subcategory) and one page of its posts. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { site, reader } = context;
  // The prefixed route only exists for the site's own prefix; a former one answers 301 to it
  // (issue 18: changing the prefix in the blog settings keeps old links working).
  if (params.categoryPrefix !== undefined && params.categoryPrefix !== site.categoryPath) {
    if (!site.formerCategoryPaths.includes(params.categoryPrefix.toLowerCase())) throw notFound();
    const { pathname, search } = new URL(request.url);
    // What follows `{base}/{former prefix}` (the slugs, page and trailing slash) stays as it was.
    const after = pathname.slice(site.blogBase.length + 1 + params.categoryPrefix.length);
    throw redirect(`${site.blogBase}/${site.categoryPath}${after}${search}`, 301);
  }
  const page = requestedPage(params.page);
  const all = await reader.listCategories();
  const found = findCategoryAddress(all, params.categorySlug, params.subcategorySlug);
  if (!found) throw notFound();
  const { category, parent: parentOrSelf } = found;
  const parent = parentOrSelf ?? category;
  // A former slug, or a subcategory asked for under a former parent: 301 to the address (issue 17).
  if (found.isFormer) {
    const path = params.categoryPrefix ?? 'category';
    throw redirect(
      categoryUrl(site.blogBase, path, parent.slug, {
        subcategorySlug: parentOrSelf ? category.slug : undefined,
        page: page > 1 ? page : undefined,
        trailingSlash: new URL(request.url).pathname.endsWith('/'),
      }),
      301,
    );
  }
  const feed = await feedCards(context, { source: 'category', categoryId: category.id }, page);
  const subcategories = all
    .filter((c) => c.parentId === parent.id)
    .map(({ id, slug, menuLabel }) => ({ id, slug, menuLabel }));
  const parentLink =
    category === parent
      ? null
      : { slug: parent.slug, menuLabel: parent.menuLabel, link: parent.link };
  return {
    category,
    parent: parentLink,
    subcategories,
    feed,
    ...pageBasics(context),
    categoryPath: params.categoryPrefix ?? 'category',
    head: categoryHead(headContextFor(context), { category, parent: parentLink, feed }),
  };
}

/** The category's head (widget/seo): its SEO title and description, cover, feeds, breadcrumb. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The category page. */
export default function Category() {
  const data = useLoaderData<typeof loader>();
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
        <CategoryHeader
          base={base}
          categoryPath={categoryPath}
          category={category}
          parent={parent}
          subcategories={subcategories}
          postCount={data.feed.entityCount}
          action={
            <CategoryFollow
              categoryId={category.id}
              label={category.menuLabel}
              loginHref={`${loginUrl(base)}?${new URLSearchParams({ next: urlOf(data.feed.currentPage) })}`}
            />
          }
        />
      }
      feed={data.feed}
      now={data.now}
      timeZone={data.timeZone}
      pageUrl={urlOf}
      empty={
        <Personal>
          <CategoryEmpty createUrl={createPostUrl(base, category.slug)} />
        </Personal>
      }
    />
  );
}

/** SPEC §2: an empty category prompts those who may create to write its first post. */
function CategoryEmpty({ createUrl }: { createUrl: string }) {
  const { t } = useTranslation();
  const mayCreate = useReader().createPostRefusal === null;
  return (
    <section className="empty-state">
      <h2>{t(mayCreate ? 'category.empty.creatorTitle' : 'category.empty.title')}</h2>
      <p>{t(mayCreate ? 'category.empty.creatorText' : 'category.empty.text')}</p>
      {mayCreate ? (
        <a className="button button--primary" href={createUrl}>
          {t('header.createPost')}
        </a>
      ) : null}
    </section>
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
