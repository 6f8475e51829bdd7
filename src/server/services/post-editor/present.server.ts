/** The editor's view of a post (issue 4): an allowlist of the row and what the actor may do. */
import { type Actor, can } from '../../../domain/permissions';
import type { EditorPostView } from '../../../domain/post-editor';
import { facts, type PostRow } from './rows.server';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The editor's view of a post: an allowlist of the row plus what the actor may do with it. */
export function presentForEditor(actor: Actor, row: PostRow): EditorPostView {
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
    coverImage: { isEnabled: cover?.isEnabled ?? true, mediaId: cover?.image?.id ?? null },
    categoryIds: row.categoryIds,
    tagIds: row.tagIds,
    language: row.language,
    isCommentsDisabled: row.isCommentsDisabled,
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
    },
  };
}
