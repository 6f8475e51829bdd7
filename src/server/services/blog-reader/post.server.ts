/** A post's page (SPEC §2): a published post by its slug or a former one, with its taxonomy. */
import { and, eq, sql } from 'drizzle-orm';
import { isSafeText } from '../../../domain/text-input';
import type { PostDetail, SiteView } from '../../../domain/views';
import { posts } from '../../db/schema.server';
import { presentSummaries } from './present.server';
import { type BlogReaderDeps, summaryColumns } from './rows.server';
import { listCategories, listTags } from './taxonomy.server';

/** A published post by its slug or one of its former slugs. */
export async function getPostBySlug(
  deps: BlogReaderDeps,
  site: SiteView,
  slug: string,
): Promise<PostDetail | null> {
  // Defence in depth (decision 027): no stored slug holds what PostgreSQL cannot store.
  if (!isSafeText(slug)) return null;
  const rows = await deps.db
    .select({
      ...summaryColumns,
      content: posts.content,
      paidPlansGroupIds: posts.paidPlansGroupIds,
      seoTitle: posts.seoTitle,
      seoDescription: posts.seoDescription,
      canonicalUrl: posts.canonicalUrl,
      noindex: posts.noindex,
      socialImage: posts.socialImage,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .where(
      and(
        eq(posts.siteId, site.id),
        eq(posts.status, 'published'),
        sql`(${posts.slug} = ${slug} or ${posts.slugs} @> array[${slug}]::text[])`,
      ),
    )
    .orderBy(sql`${posts.slug} = ${slug} desc`)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const [summary] = await presentSummaries(deps, site, [row]);
  const [allCategories, allTags] = await Promise.all([
    listCategories(deps, site),
    listTags(deps, site),
  ]);
  const categoriesById = new Map(allCategories.map((c) => [c.id, c]));
  const postTagIds = new Set(row.tagIds);
  return {
    ...summary!,
    content: row.content,
    paidPlansGroupIds: row.paidPlansGroupIds,
    seo: {
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      canonicalUrl: row.canonicalUrl,
      noindex: row.noindex,
      socialImage: row.socialImage
        ? { id: row.socialImage.id, width: row.socialImage.width, height: row.socialImage.height }
        : null,
    },
    updatedAt: row.updatedAt.toISOString(),
    // The post's own order: its main category first.
    categories: row.categoryIds.flatMap((id) => {
      const c = categoriesById.get(id);
      return c
        ? [{ id: c.id, slug: c.slug, label: c.label, menuLabel: c.menuLabel, link: c.link }]
        : [];
    }),
    tags: allTags.filter((t) => postTagIds.has(t.id)),
  };
}
