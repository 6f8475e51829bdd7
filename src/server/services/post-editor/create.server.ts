/** New drafts (issue 4): an empty one, or a copy of a post (SPEC §6 post:create, post:duplicate). */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../domain/permissions';
import type { EditorPostView, PostCreate } from '../../../domain/post-editor';
import type { SiteView } from '../../../domain/views';
import { documentOf } from '../../../rich-content/document';
import { insertPostIn } from '../post-writer.server';
import { presentWithReview } from './present.server';
import { recordRevision } from './revisions.server';
import {
  authorize,
  checkLanguage,
  facts,
  lockPost,
  type PostEditorContext,
  slugFor,
  writeOf,
  writePost,
} from './rows.server';

/** Creates an empty draft owned by the actor (SPEC §6 `post:create`). */
export async function createDraft(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  input: PostCreate,
): Promise<EditorPostView> {
  authorize(actor, 'post:create', {});
  const language = input.language ?? site.language;
  checkLanguage(site, language);
  const id = randomUUID();
  const title = input.title?.trim() ?? '';
  const row = await writePost(deps, site, async (tx) => {
    const slug = await slugFor(tx, { siteId: site.id, id, title });
    return insertPostIn(tx, {
      id,
      siteId: site.id,
      slug,
      title,
      content: documentOf([], deps.now()),
      status: 'unpublished',
      ownerId: actor.memberId!,
      language,
    });
  });
  return presentWithReview(deps, actor, row);
}

/**
 * Copies a post into a new draft of the actor (SPEC §6 `post:duplicate` on the source, and
 * `post:create`): the same title, excerpt, content, cover, categories, tags, language, comments
 * setting and paid plans (so a copy never frees paid content); a slug of its own from the title;
 * never published, pinned or featured, no counters. The source is not changed.
 */
export async function duplicate(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
): Promise<EditorPostView> {
  const id = randomUUID();
  const row = await writePost(deps, site, async (tx) => {
    const source = await lockPost(tx, site.id, postId);
    authorize(actor, 'post:duplicate', facts(source));
    authorize(actor, 'post:create', {});
    const copy = writeOf(source);
    const slug = await slugFor(tx, { siteId: site.id, id, title: copy.title });
    const at = deps.now();
    const created = await insertPostIn(tx, {
      ...copy,
      id,
      slug,
      status: 'unpublished',
      ownerId: actor.memberId!,
      isPinned: false,
      isFeatured: false,
      firstPublishedDate: null,
      lastPublishedDate: null,
      scheduledPublishDate: null,
      createdAt: at,
      updatedAt: at,
    });
    // Decision 034: the copy's history starts with what it was copied as.
    await recordRevision(tx, null, created, { kind: 'duplicate', authorId: actor.memberId, at });
    return created;
  });
  return presentWithReview(deps, actor, row);
}
