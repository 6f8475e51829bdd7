/**
 * One post of the file, in its own transaction (issue 21): the post through the post writer
 * (`insertNewPostIn`, so excerpt, reading time, plain text, hashtags, listing rows and category and
 * tag counts follow the app's own rules), what it became and its old path, all or nothing. A post
 * that fails is listed in the report and the import goes on. Its images are brought in first (the
 * media step) and its document and cover point at them; those not brought in keep their URLs.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like, or } from 'drizzle-orm';
import { isSlugShape, slugify, uniqueSlug } from '../../../domain/slugs';
import { type SiteWriteTransaction, writeSiteContent } from '../../cache/site-write.server';
import { type MediaRef, members, posts } from '../../db/schema.server';
import type { PostStatus, PostWrite } from '../../services/post-records.server';
import { insertNewPostIn } from '../../services/post-writer.server';
import { rewriteImages, type StoredImage } from '../media/rewrite';
import type { ImportPost } from '../records';
import { type ImportContext, keyOf, reasonOf, resolveId } from './context.server';
import { rememberPost } from './import-ids.server';
import { addFailure, addProblem } from './report';

/** The file's slug when it is a valid one, else one made from the title. */
function baseSlugOf(record: ImportPost): string {
  const slug = record.slug.trim().toLowerCase();
  return isSlugShape(slug) ? slug : slugify(record.title);
}

/** The file's slug, or the first free `slug-2`, `slug-3`… when another post has it. */
async function freePostSlug(tx: SiteWriteTransaction, siteId: string, base: string) {
  // Slugs are [a-z0-9-] only, so the LIKE pattern needs no escaping.
  const taken = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), or(eq(posts.slug, base), like(posts.slug, `${base}-%`))));
  const takenSet = new Set(taken.map((t) => t.slug));
  return uniqueSlug(base, (slug) => takenSet.has(slug));
}

/** Inkwell's status and dates for the file's: private has no equivalent and becomes a draft. */
function statusOf(
  record: ImportPost,
): Pick<PostWrite, 'status' | 'firstPublishedDate' | 'scheduledPublishDate'> {
  switch (record.status) {
    case 'published':
      return { status: 'published', firstPublishedDate: record.publishedAt ?? record.createdAt };
    case 'scheduled':
      return { status: 'scheduled', scheduledPublishDate: record.publishedAt };
    default:
      return { status: 'unpublished' as PostStatus };
  }
}

/** The ids of the records named, in order; those not imported are reported once per post. */
async function idsOf(
  context: ImportContext,
  kind: 'category' | 'tag',
  sourceIds: readonly string[],
  post: ImportPost,
): Promise<string[]> {
  const ids: string[] = [];
  for (const sourceId of sourceIds) {
    const id = await resolveId(context, kind, sourceId);
    if (id !== null) ids.push(id);
    else {
      addProblem(context.report, {
        code: `${kind}-missing`,
        message: `A ${kind} of the post was not imported; the post is stored without it.`,
        sample: `${post.title} (${kind} ${sourceId})`,
      });
    }
  }
  return ids;
}

/** The site owner, who stands in for an author the file does not name. */
async function ownerOf(context: ImportContext): Promise<string | null> {
  const [row] = await context.deps.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.siteId, context.site.id), eq(members.role, 'owner')))
    .limit(1);
  return row?.id ?? null;
}

/** The post's author, or the owner (reported) when the file's author was not imported. */
async function authorOf(context: ImportContext, record: ImportPost): Promise<string> {
  const author = await resolveId(context, 'author', record.authorSourceId);
  if (author !== null) return author;
  addProblem(context.report, {
    code: 'author-missing',
    message: 'The post’s author was not imported; the blog’s owner is its author.',
    sample: record.title,
  });
  const owner = await ownerOf(context);
  if (owner === null) throw new Error('The post has no author and the blog has no owner');
  return owner;
}

function reportProblems(context: ImportContext, record: ImportPost): void {
  for (const problem of record.problems) addProblem(context.report, problem);
  if (record.status === 'private') {
    addProblem(context.report, {
      code: 'private-as-draft',
      message: 'Inkwell has no private posts: a private post is imported as a draft.',
      sample: record.title,
    });
  }
}

/** The stored cover for the file's cover, when its image was brought in. */
function coverOf(record: ImportPost, stored: ReadonlyMap<string, StoredImage>) {
  const image = record.cover ? stored.get(record.cover.url) : undefined;
  if (!record.cover || !image) return {};
  const ref: MediaRef = { id: image.id, width: image.width, height: image.height };
  if (record.cover.alt) ref.alt = record.cover.alt;
  return { coverImage: { isEnabled: true, isCustom: true, image: ref } };
}

/** Stores a post (or finds it from an earlier import); counted in the report. */
export async function storePost(context: ImportContext, record: ImportPost): Promise<void> {
  const counts = context.report.counts.post;
  try {
    if ((await resolveId(context, 'post', record.sourceId)) !== null) {
      counts.existing += 1;
      return;
    }
    reportProblems(context, record);
    const ownerId = await authorOf(context, record);
    const categoryIds = await idsOf(context, 'category', record.categorySourceIds, record);
    const tagIds = await idsOf(context, 'tag', record.tagSourceIds, record);
    // The images first, outside the post's transaction: a stored image is remembered by its URL
    // even if the post then fails, so importing again does not fetch it twice.
    const stored = await context.media.bringIn(record, ownerId);
    if (context.dryRun) {
      context.wouldCreate.add(`post:${record.sourceId}`);
      counts.created += 1;
      return;
    }
    const siteId = context.site.id;
    await writeSiteContent(
      context.deps,
      siteId,
      async (tx) => {
        const id = randomUUID();
        await insertNewPostIn(tx, {
          id,
          siteId,
          slug: await freePostSlug(tx, siteId, baseSlugOf(record)),
          title: record.title,
          excerpt: record.excerpt,
          content: rewriteImages(record.document, stored),
          ...coverOf(record, stored),
          ...statusOf(record),
          ownerId,
          isPinned: record.pinned,
          isCommentsDisabled: !record.commentsEnabled,
          categoryIds,
          tagIds,
          language: context.site.language,
          createdAt: record.createdAt,
          updatedAt: record.updatedAt,
        });
        await rememberPost(
          tx,
          keyOf(context, 'post', record.sourceId),
          id,
          record.cover?.url ?? null,
          record.oldPath,
        );
      },
      // One bump at the end of the import, not one per post.
      { didChange: () => false },
    );
    counts.created += 1;
  } catch (error) {
    addFailure(context.report, {
      kind: 'post',
      sourceId: record.sourceId,
      title: record.title,
      reason: reasonOf(error),
    });
  }
}
