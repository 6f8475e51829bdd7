/** The editor's view of a post (issue 4): an allowlist of the row and what the actor may do. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { type Actor, can } from '../../../domain/permissions';
import type { EditorPostView } from '../../../domain/post-editor';
import type { ReviewNoteView } from '../../../domain/post-review';
import type { PostSeoFields } from '../../../domain/seo';
import type { Database } from '../../db/connection.server';
import { members, postRevisions } from '../../db/schema.server';
import { facts, type PostEditorContext, type PostRow } from './rows.server';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A post's own SEO fields as stored (issue 19), the social image without its alt text. */
export function seoOf(row: PostRow): PostSeoFields {
  const image = row.socialImage;
  return {
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    canonicalUrl: row.canonicalUrl,
    noindex: row.noindex,
    socialImage: image ? { id: image.id, width: image.width, height: image.height } : null,
  };
}

/** The editor's view of a post: an allowlist of the row plus what the actor may do with it. */
export function presentForEditor(
  actor: Actor,
  row: PostRow,
  review: ReviewNoteView | null,
): EditorPostView {
  const context = facts(row);
  const cover = row.coverImage;
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    revision: row.revision,
    title: row.title,
    excerpt: row.isExcerptCustom ? row.excerpt : '',
    content: row.content,
    coverImage: {
      isEnabled: cover?.isEnabled ?? true,
      mediaId: cover?.image?.id ?? null,
      alt: cover?.image?.alt ?? '',
      isDecorative: cover?.isDecorative === true,
    },
    categoryIds: row.categoryIds,
    tagIds: row.tagIds,
    language: row.language,
    isCommentsDisabled: row.isCommentsDisabled,
    seo: seoOf(row),
    ownerId: row.ownerId,
    firstPublishedDate: iso(row.firstPublishedDate),
    lastPublishedDate: iso(row.lastPublishedDate),
    scheduledPublishDate: iso(row.scheduledPublishDate),
    updatedAt: row.updatedAt.toISOString(),
    permissions: {
      canEdit: can(actor, 'post:edit', context),
      canEditSettings: can(actor, 'post:edit-settings', context),
      canToggleComments: can(actor, 'post:toggle-comments', context),
      canChangeLanguage: can(actor, 'post:change-language', context),
      canPublish: can(actor, 'post:publish', context),
      canRevertToDraft: can(actor, 'post:revert-to-draft', context),
      canSubmit: can(actor, 'post:submit', context),
      canSendBack: can(actor, 'post:send-back', context),
      canEditSeo: can(actor, 'post:toggle-seo', context),
    },
    review,
  };
}

/**
 * The note of the last send-back, when it is the latest word on the post (no submission or
 * publication since) and the post is a draft again: what the writer's editor shows in a banner.
 */
export async function reviewNoteOf(
  db: Database,
  row: Pick<PostRow, 'siteId' | 'id' | 'status'>,
): Promise<ReviewNoteView | null> {
  if (row.status !== 'unpublished') return null;
  const [last] = await db
    .select({
      kind: postRevisions.kind,
      note: postRevisions.note,
      authorId: postRevisions.authorId,
      authorName: members.name,
      createdAt: postRevisions.createdAt,
    })
    .from(postRevisions)
    .leftJoin(
      members,
      and(eq(members.siteId, postRevisions.siteId), eq(members.id, postRevisions.authorId)),
    )
    .where(
      and(
        eq(postRevisions.siteId, row.siteId),
        eq(postRevisions.postId, row.id),
        inArray(postRevisions.kind, ['submit', 'send-back', 'publish', 'schedule']),
      ),
    )
    .orderBy(desc(postRevisions.number))
    .limit(1);
  if (last?.kind !== 'send-back' || !last.note) return null;
  return {
    note: last.note,
    by: last.authorId ? { id: last.authorId, name: last.authorName ?? '' } : null,
    at: last.createdAt.toISOString(),
  };
}

/** The editor's view of a post with its review note (every editor answer carries it). */
export async function presentWithReview(
  deps: Pick<PostEditorContext, 'db'>,
  actor: Actor,
  row: PostRow,
): Promise<EditorPostView> {
  return presentForEditor(actor, row, await reviewNoteOf(deps.db, row));
}
