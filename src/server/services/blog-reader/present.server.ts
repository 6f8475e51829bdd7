/** Posts as their cards show them (SPEC §4): owners, main category, cover, counters, ratings. */

import { and, eq, inArray } from 'drizzle-orm';
import { chooseCover } from '../../../domain/cover';
import { mediaIdFromUrl } from '../../../domain/media';
import { memberSummaryOf } from '../../../domain/presenters';
import { ratingsView } from '../../../domain/ratings';
import { postLink } from '../../../domain/routes';
import type {
  CategoryLink,
  ImageView,
  MemberSummary,
  PostSummary,
  SiteView,
} from '../../../domain/views';
import { members, type StoredCover, type StoredEmbedMedia } from '../../db/schema.server';
import type { BlogReaderDeps, SummaryRow } from './rows.server';
import { listCategories } from './taxonomy.server';

function iso(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * The cover a post's cards show (SPEC §4 cover choice): the stored cover, else the video's
 * thumbnail; null when there is none or the writer turned it off. Its alt is the writer's
 * description only (decision 067): with none (or a decorative cover) it is "", never the title,
 * which the card and the post page show beside it (a screen reader would read it twice).
 */
export function presentCover(row: Pick<SummaryRow, 'coverImage' | 'media'>): ImageView | null {
  const cover = row.coverImage as StoredCover | null;
  const media = row.media as StoredEmbedMedia | null;
  const chosen = chooseCover({
    coverImage: cover
      ? { isEnabled: cover.isEnabled, isCustom: cover.isCustom, src: cover.image ?? null }
      : null,
    firstVideoThumbnail: media?.thumbnail ?? null,
  });
  if (!chosen) return null;
  // A video thumbnail stored by us is addressed by URL; its id gives it a srcset.
  const storedId = mediaIdFromUrl(chosen.source.url);
  return {
    id: chosen.source.id ?? storedId,
    url: chosen.source.id || storedId ? null : (chosen.source.url ?? null),
    width: chosen.source.width ?? 0,
    height: chosen.source.height ?? 0,
    alt: cover?.isDecorative ? '' : (chosen.source.alt ?? ''),
  };
}

async function loadOwners(
  { db }: BlogReaderDeps,
  site: SiteView,
  ids: string[],
): Promise<Map<string, MemberSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, slug: members.slug, name: members.name, image: members.image })
    .from(members)
    .where(and(eq(members.siteId, site.id), inArray(members.id, unique)));
  return new Map(rows.map((m) => [m.id, memberSummaryOf(m, site.blogBase)]));
}

/** Presents rows as cards: owners in one query, categories from the memoised list. */
export async function presentSummaries(
  deps: BlogReaderDeps,
  site: SiteView,
  rows: SummaryRow[],
): Promise<PostSummary[]> {
  const [owners, allCategories] = await Promise.all([
    loadOwners(
      deps,
      site,
      rows.map((r) => r.ownerId as string),
    ),
    listCategories(deps, site),
  ]);
  const categoriesById = new Map(allCategories.map((c) => [c.id, c]));
  return rows.map((row) => presentSummary(site, row, owners, categoriesById));
}

function presentSummary(
  site: SiteView,
  row: SummaryRow,
  owners: Map<string, MemberSummary>,
  categoriesById: Map<string, CategoryLink>,
): PostSummary {
  const media = row.media as StoredEmbedMedia | null;
  const main = row.mainCategoryId ? categoriesById.get(row.mainCategoryId) : undefined;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt ?? '',
    link: postLink(site, row),
    status: row.status ?? 'published',
    isPinned: row.isPinned ?? false,
    isFeatured: row.isFeatured ?? false,
    firstPublishedDate: iso(row.firstPublishedDate),
    lastPublishedDate: iso(row.lastPublishedDate),
    timeToRead: row.timeToRead ?? 1,
    owner: owners.get(row.ownerId as string) ?? null,
    mainCategory: main
      ? {
          id: main.id,
          slug: main.slug,
          label: main.label,
          menuLabel: main.menuLabel,
          link: main.link,
        }
      : null,
    categoryIds: row.categoryIds ?? [],
    tagIds: row.tagIds ?? [],
    hashtags: row.hashtags ?? [],
    cover: presentCover(row),
    media: media ? { thumbnail: media.thumbnail, video: media.video } : null,
    counters: {
      viewCount: row.viewCount ?? 0,
      totalComments: row.commentCount ?? 0,
      likeCount: row.likeCount ?? 0,
    },
    // Exact: the stars are chosen from it (SPEC §5); the text rounds it (SPEC §9).
    ratings: ratingsView({ sum: row.ratingSum ?? 0, count: row.ratingCount ?? 0 }),
    language: row.language ?? 'en',
    isCommentsDisabled: row.isCommentsDisabled ?? false,
  };
}
