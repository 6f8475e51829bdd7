/** Saving the editor's state (issue 4 "Saving"; SPEC §5 required fields, §6 permissions). */
import { type Action, type Actor, can } from '../../../domain/permissions';
import type { EditorPostView, PostSave } from '../../../domain/post-editor';
import type { SiteView } from '../../../domain/views';
import { parseDocument } from '../../../rich-content/document';
import { ValidationError } from '../../errors.server';
import { updatePostIn } from '../post-writer.server';
import { presentWithReview } from './present.server';
import { recordRevision } from './revisions.server';
import {
  authorize,
  checkComplete,
  checkLanguage,
  checkRevision,
  checkTaxonomy,
  coverFor,
  facts,
  isCoverChanged,
  LIVE_STATUSES,
  lockPost,
  type PostEditorContext,
  sameIds,
  writeOf,
  writePost,
} from './rows.server';
import { markSeoChanges, seoColumnsFor, slugAfterSave } from './seo.server';

/**
 * Saves the editor's state, starting from `input.revision`. Each changed group of fields needs
 * its permission: title and content `post:edit`; excerpt, cover, categories and tags
 * `post:edit-settings`; comments `post:toggle-comments`; language `post:change-language`; the
 * SEO fields and the slug `post:toggle-seo` (issue 19).
 * A published or scheduled post must stay complete (SPEC §5); a draft may be incomplete.
 */
export async function save(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  input: PostSave,
): Promise<EditorPostView> {
  // Parsed before the transaction (it can be 2 MB), reported after the permission check.
  const parsed = input.content === undefined ? null : parseDocument(input.content);
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    const context = facts(before);
    if (!can(actor, 'post:edit-settings', context)) authorize(actor, 'post:edit', context);
    checkRevision(before, input.revision);
    if (parsed && !parsed.ok) {
      const field = parsed.path === '' ? 'content' : `content.${parsed.path}`;
      throw new ValidationError({ [field]: parsed.message }, 'The content is not valid');
    }
    const next = writeOf(before);
    const changed = new Set<Action>();
    if (input.title !== undefined && input.title !== before.title) {
      next.title = input.title;
      changed.add('post:edit');
    }
    if (parsed?.ok) {
      next.content = parsed.document;
      // Compared in canonical form: parsing is idempotent and fills in the same defaults.
      const stored = parseDocument(before.content);
      const isSame =
        stored.ok && JSON.stringify(stored.document) === JSON.stringify(parsed.document);
      if (!isSame) changed.add('post:edit');
    }
    if (input.excerpt !== undefined && input.excerpt.trim() !== next.excerpt) {
      next.excerpt = input.excerpt.trim();
      changed.add('post:edit-settings');
    }
    if (input.categoryIds !== undefined && !sameIds(input.categoryIds, before.categoryIds)) {
      next.categoryIds = input.categoryIds;
      changed.add('post:edit-settings');
    }
    if (input.tagIds !== undefined && !sameIds(input.tagIds, before.tagIds)) {
      next.tagIds = input.tagIds;
      changed.add('post:edit-settings');
    }
    const isCoverNew =
      input.coverImage !== undefined && isCoverChanged(before.coverImage, input.coverImage);
    if (isCoverNew) changed.add('post:edit-settings');
    if (
      input.isCommentsDisabled !== undefined &&
      input.isCommentsDisabled !== before.isCommentsDisabled
    ) {
      next.isCommentsDisabled = input.isCommentsDisabled;
      changed.add('post:toggle-comments');
    }
    if (input.language !== undefined && input.language !== before.language) {
      checkLanguage(site, input.language);
      next.language = input.language;
      changed.add('post:change-language');
    }
    markSeoChanges(before, input, changed);
    for (const action of changed) authorize(actor, action, context);
    await checkTaxonomy(tx, site.id, input);
    if (input.coverImage !== undefined && isCoverNew) {
      next.coverImage = await coverFor(tx, site.id, input.coverImage, before.coverImage);
    }
    const seo = await seoColumnsFor(tx, before, input);
    const { slug, slugs } = await slugAfterSave(tx, before, next, input);
    next.slug = slug;
    if (LIVE_STATUSES.has(before.status)) checkComplete(next.title, next.content);
    const at = deps.now();
    const after = await updatePostIn(tx, next, before, {
      revision: before.revision + 1,
      slugs,
      updatedAt: at,
      ...seo,
    });
    // Decision 034: a save that changed the text is a revision (autosaves coalesce).
    await recordRevision(tx, before, after, { kind: 'save', authorId: actor.memberId, at });
    return after;
  });
  return presentWithReview(deps, actor, row);
}
