/**
 * Turns a post as written into the rows that store it: the `posts` row with everything derived
 * from its content (plain text, excerpt, reading time, hashtags), and the listing rows of its
 * categories, tags and hashtags that carry the feed's ordering keys. The post service and the
 * seed's bulk inserts both use this, so the listing tables are derived in exactly one place.
 */
import type { RichDocument } from '../../rich-content/document';
import { deriveFromContent } from '../../rich-content/text';
import type {
  postCategories,
  postHashtags,
  posts,
  postTags,
  StoredCover,
  StoredEmbedMedia,
} from '../db/schema.server';

export type PostStatus =
  | 'published'
  | 'unpublished'
  | 'scheduled'
  | 'deleted'
  | 'in_moderation'
  | 'in_review';

/** A post as a writer (or the seed) supplies it. */
export interface PostWrite {
  id: string;
  siteId: string;
  slug: string;
  title: string;
  /** The writer's own excerpt; empty or absent derives it from the content. */
  excerpt?: string;
  content: RichDocument;
  status: PostStatus;
  ownerId: string;
  isPinned?: boolean;
  isFeatured?: boolean;
  firstPublishedDate?: Date | null;
  /** The latest publication; defaults to the first one for a published post. */
  lastPublishedDate?: Date | null;
  scheduledPublishDate?: Date | null;
  categoryIds?: string[];
  tagIds?: string[];
  coverImage?: StoredCover;
  media?: StoredEmbedMedia | null;
  language?: string;
  isCommentsDisabled?: boolean;
  paidPlansGroupIds?: string[];
  /** Counters are only set directly by the seed; the services keep them afterwards. */
  counters?: {
    viewCount?: number;
    commentCount?: number;
    likeCount?: number;
    ratingCount?: number;
    ratingSum?: number;
  };
  createdAt?: Date;
  updatedAt?: Date;
}

export interface PostRecords {
  post: typeof posts.$inferInsert;
  categories: (typeof postCategories.$inferInsert)[];
  tags: (typeof postTags.$inferInsert)[];
  hashtags: (typeof postHashtags.$inferInsert)[];
}

/** Builds every row that stores `write`. Hashtags are lowercased for lookup. */
export function buildPostRecords(write: PostWrite): PostRecords {
  const derived = deriveFromContent(write.content);
  const customExcerpt = write.excerpt?.trim() ?? '';
  const isPublished = write.status === 'published';
  const isPinned = write.isPinned ?? false;
  const firstPublishedDate = write.firstPublishedDate ?? null;
  const categoryIds = [...new Set(write.categoryIds ?? [])];
  const tagIds = [...new Set(write.tagIds ?? [])];
  const hashtags = [...new Set(derived.hashtags.map((h) => h.toLowerCase()))];
  const listing = {
    siteId: write.siteId,
    postId: write.id,
    isPublished,
    isPinned,
    firstPublishedDate,
  };
  const now = new Date();
  return {
    post: {
      siteId: write.siteId,
      id: write.id,
      slug: write.slug,
      slugs: [write.slug],
      title: write.title,
      excerpt: customExcerpt === '' ? derived.excerpt : customExcerpt,
      isExcerptCustom: customExcerpt !== '',
      content: write.content,
      contentText: derived.text,
      status: write.status,
      isPinned,
      isFeatured: write.isFeatured ?? false,
      firstPublishedDate,
      lastPublishedDate:
        write.lastPublishedDate !== undefined
          ? write.lastPublishedDate
          : isPublished
            ? firstPublishedDate
            : null,
      scheduledPublishDate: write.scheduledPublishDate ?? null,
      timeToRead: derived.timeToRead,
      isCommentsDisabled: write.isCommentsDisabled ?? false,
      paidPlansGroupIds: write.paidPlansGroupIds ?? [],
      ownerId: write.ownerId,
      categoryIds,
      mainCategoryId: categoryIds[0] ?? null,
      tagIds,
      hashtags,
      coverImage: write.coverImage ?? { isEnabled: true, isCustom: false, image: null },
      media: write.media ?? null,
      language: write.language ?? 'en',
      viewCount: write.counters?.viewCount ?? 0,
      commentCount: write.counters?.commentCount ?? 0,
      likeCount: write.counters?.likeCount ?? 0,
      ratingCount: write.counters?.ratingCount ?? 0,
      ratingSum: write.counters?.ratingSum ?? 0,
      createdAt: write.createdAt ?? firstPublishedDate ?? now,
      updatedAt: write.updatedAt ?? firstPublishedDate ?? now,
    },
    categories: categoryIds.map((categoryId) => ({ ...listing, categoryId })),
    tags: tagIds.map((tagId) => ({ ...listing, tagId })),
    hashtags: hashtags.map((hashtag) => ({ ...listing, hashtag })),
  };
}
