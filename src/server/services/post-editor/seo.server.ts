/**
 * The per-post SEO fields of a save (issue 19 "Per-post SEO in the editor", decision 047): the
 * SEO title and description, the slug, the canonical override, noindex and the social image,
 * all under `post:toggle-seo`. A writer's slug is checked against the blog's other posts; an old
 * slug of a post readers have seen joins its history so old links keep finding it.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Action } from '../../../domain/permissions';
import type { PostSave } from '../../../domain/post-editor';
import { isDerivedSlug } from '../../../domain/slugs';
import { type MediaRef, media, posts } from '../../db/schema.server';
import { AppError, ValidationError } from '../../errors.server';
import type { Transaction } from '../post-writer.server';
import { type PostRow, slugFor } from './rows.server';

/** The SEO columns a save writes (the post writer leaves them alone otherwise). */
export interface SeoColumns {
  seoTitle: string;
  seoDescription: string;
  canonicalUrl: string;
  noindex: boolean;
  socialImage: MediaRef | null;
}

/** The SEO columns of the input over the stored ones. */
function seoColumnsOf(before: PostRow, input: PostSave): SeoColumns {
  return {
    seoTitle: input.seoTitle?.trim() ?? before.seoTitle,
    seoDescription: input.seoDescription?.trim() ?? before.seoDescription,
    canonicalUrl: input.canonicalUrl ?? before.canonicalUrl,
    noindex: input.noindex ?? before.noindex,
    socialImage: before.socialImage ?? null,
  };
}

const isImageChanged = (before: PostRow, input: PostSave) =>
  input.socialImageId !== undefined && input.socialImageId !== (before.socialImage?.id ?? null);

/**
 * Adds `post:toggle-seo` to `changed` when the save changes an SEO field or the slug, so the
 * permission is checked before anything about other posts or media is looked up.
 */
export function markSeoChanges(before: PostRow, input: PostSave, changed: Set<Action>): void {
  const next = seoColumnsOf(before, input);
  const isChanged =
    next.seoTitle !== before.seoTitle ||
    next.seoDescription !== before.seoDescription ||
    next.canonicalUrl !== before.canonicalUrl ||
    next.noindex !== before.noindex ||
    isImageChanged(before, input) ||
    (input.slug !== undefined && input.slug !== before.slug);
  if (isChanged) changed.add('post:toggle-seo');
}

/** The SEO columns after the save; a new social image must be an image of the site (400). */
export async function seoColumnsFor(
  tx: Transaction,
  before: PostRow,
  input: PostSave,
): Promise<SeoColumns> {
  const next = seoColumnsOf(before, input);
  if (isImageChanged(before, input)) {
    next.socialImage = await socialImageFor(tx, before.siteId, input);
  }
  return next;
}

/** The stored social image for the input: a media id of the site that is an image, or none. */
async function socialImageFor(
  tx: Transaction,
  siteId: string,
  input: PostSave,
): Promise<MediaRef | null> {
  if (!input.socialImageId) return null;
  const [file] = await tx
    .select()
    .from(media)
    .where(and(eq(media.siteId, siteId), eq(media.id, input.socialImageId)));
  if (file?.kind !== 'image') {
    throw new ValidationError({ socialImageId: 'is not an image of this blog' });
  }
  const image: MediaRef = { id: file.id, width: file.width, height: file.height };
  if (file.altText) image.alt = file.altText;
  return image;
}

/**
 * The post's slug after a save and its history. The writer's own slug wins (`post:toggle-seo`;
 * 409 `slug_taken` naming `slug` when another post of the blog has it). Otherwise a draft never
 * published follows its title while its slug is the one the title gave, and a post readers have
 * seen keeps its address. A draft's history is its one slug (its addresses were never public);
 * a once-published post's old slug stays in `slugs`, newest last.
 */
export async function slugAfterSave(
  tx: Transaction,
  before: PostRow,
  next: { id: string; siteId: string; title: string },
  input: PostSave,
): Promise<{ slug: string; slugs: string[] }> {
  const isDraftSlug = before.firstPublishedDate === null && before.status !== 'published';
  let slug = before.slug;
  if (input.slug !== undefined && input.slug !== before.slug) {
    await checkSlugFree(tx, before, input.slug);
    slug = input.slug;
  } else if (
    isDraftSlug &&
    next.title !== before.title &&
    isDerivedSlug(before.slug, { id: before.id, title: before.title })
  ) {
    slug = await slugFor(tx, next);
  }
  if (isDraftSlug) return { slug, slugs: [slug] };
  if (slug === before.slug) return { slug, slugs: [...before.slugs] };
  // The old slug is kept even if an older row never listed its current one.
  const older = before.slugs.filter((s) => s !== slug && s !== before.slug);
  return { slug, slugs: [...older, before.slug, slug] };
}

/** 409 `slug_taken` when another post of the blog has `slug` as its address. */
async function checkSlugFree(tx: Transaction, post: PostRow, slug: string): Promise<void> {
  const [taken] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.siteId, post.siteId), ne(posts.id, post.id), eq(posts.slug, slug)))
    .limit(1);
  if (taken) {
    throw new AppError(409, 'slug_taken', 'Another post has this address', {
      slug: 'is taken by another post',
    });
  }
}
