/**
 * A post's status moves (SPEC §4): published now or on a date, reverted to draft, and the
 * scheduled posts whose moment has come published by the job (scheduled-posts.server.ts).
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Actor } from '../../../domain/permissions';
import type { EditorPostView, PostPublish, PostUnpublish } from '../../../domain/post-editor';
import { isInReview } from '../../../domain/post-review';
import type { SiteView } from '../../../domain/views';
import { writeSiteContent } from '../../cache/site-write.server';
import { posts } from '../../db/schema.server';
import { AppError, ValidationError } from '../../errors.server';
import { updatePostIn } from '../post-writer.server';
import { presentWithReview } from './present.server';
import { notifyOutcome } from './review.server';
import { recordRevision } from './revisions.server';
import {
  authorize,
  checkComplete,
  checkRevision,
  facts,
  LIVE_STATUSES,
  lockPost,
  type PostEditorContext,
  writeOf,
  writePost,
} from './rows.server';

/** At most this many scheduled posts go live per run; the next run takes the rest. */
export const DUE_POSTS_PER_RUN = 100;

/**
 * Publishes now, or schedules for `scheduledFor` (SPEC §4 status `scheduled`), which must be in
 * the future. Needs `post:publish` (guest-writers never) and a complete post (SPEC §5).
 */
export async function publish(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  input: PostPublish,
): Promise<EditorPostView> {
  const at = deps.now();
  let isFirstPublication = false;
  let wasInReview = false;
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    authorize(actor, 'post:publish', facts(before));
    wasInReview = isInReview(before.status);
    checkRevision(before, input.revision);
    const next = writeOf(before);
    checkComplete(next.title, next.content);
    if (input.scheduledFor !== undefined) {
      const date = new Date(input.scheduledFor);
      if (date.getTime() <= at.getTime()) {
        throw new ValidationError({ scheduledFor: 'must be in the future' });
      }
      if (before.status === 'published') {
        throw new AppError(409, 'post_already_published', 'A published post cannot be scheduled');
      }
      next.status = 'scheduled';
      next.scheduledPublishDate = date;
    } else {
      next.status = 'published';
      next.firstPublishedDate = before.firstPublishedDate ?? at;
      next.lastPublishedDate = at;
      next.scheduledPublishDate = null;
      isFirstPublication = before.firstPublishedDate === null;
    }
    const after = await updatePostIn(tx, next, before, {
      revision: before.revision + 1,
      slugs: [...before.slugs],
      updatedAt: at,
    });
    const kind = next.status === 'scheduled' ? 'schedule' : 'publish';
    await recordRevision(tx, before, after, { kind, authorId: actor.memberId, at });
    return after;
  });
  // After the commit: subscribers hear of a post once, when it first goes live.
  if (isFirstPublication) await deps.notifications?.notifyNewPost(site.id, row.id);
  // Decision 034: the writer of a submitted post hears what became of it.
  if (wasInReview) {
    const outcome = row.status === 'scheduled' ? 'scheduled' : 'published';
    await notifyOutcome(deps, actor, site, row, outcome);
  }
  return presentWithReview(deps, actor, row);
}

/** Reverts a published or scheduled post to draft (SPEC §6 revert-to-draft). */
export async function unpublish(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  input: PostUnpublish,
): Promise<EditorPostView> {
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    if (!LIVE_STATUSES.has(before.status)) {
      // Whoever may see the draft learns it is one; anyone else is refused as usual.
      authorize(actor, 'post:edit', facts(before));
      throw new AppError(409, 'post_not_published', 'The post is already a draft');
    }
    authorize(actor, 'post:revert-to-draft', facts(before));
    checkRevision(before, input.revision);
    const next = writeOf(before);
    next.status = 'unpublished';
    next.scheduledPublishDate = null;
    const at = deps.now();
    const after = await updatePostIn(tx, next, before, {
      revision: before.revision + 1,
      slugs: [...before.slugs],
      updatedAt: at,
    });
    await recordRevision(tx, before, after, { kind: 'revert', authorId: actor.memberId, at });
    return after;
  });
  return presentWithReview(deps, actor, row);
}

/**
 * Publishes every scheduled post whose moment has come, on every site (SPEC §4 scheduled →
 * published). The post goes live with its scheduled moment as its publish date, so it sorts
 * where the writer meant it to. Each post in its own transaction, locked and checked again, so
 * a writer reverting it at the same moment wins or loses cleanly. Returns how many went live.
 * `only` limits the run to one site (tests share a database between sites).
 */
export async function publishDuePosts(
  deps: PostEditorContext,
  at: Date = deps.now(),
  only?: { siteId: string },
): Promise<number> {
  const due = await deps.db
    .select({ id: posts.id, siteId: posts.siteId })
    .from(posts)
    .where(
      and(
        eq(posts.status, 'scheduled'),
        lte(posts.scheduledPublishDate, at),
        only ? eq(posts.siteId, only.siteId) : undefined,
      ),
    )
    .orderBy(posts.scheduledPublishDate)
    .limit(DUE_POSTS_PER_RUN);
  let published = 0;
  for (const { id, siteId } of due) {
    const wentLive = await writeSiteContent(
      deps,
      siteId,
      async (tx) => {
        const before = await lockPost(tx, siteId, id);
        const moment = before.scheduledPublishDate;
        if (before.status !== 'scheduled' || !moment || moment > at) return null;
        const next = writeOf(before);
        next.status = 'published';
        next.firstPublishedDate = before.firstPublishedDate ?? moment;
        next.lastPublishedDate = moment;
        next.scheduledPublishDate = null;
        const after = await updatePostIn(tx, next, before, {
          revision: before.revision + 1,
          slugs: [...before.slugs],
          updatedAt: at,
        });
        // The schedule published it: a revision with no author.
        await recordRevision(tx, before, after, { kind: 'publish', authorId: null, at });
        return { isFirstPublication: before.firstPublishedDate === null };
      },
      // Another run published it first, or it moved: nothing changed.
      { didChange: (result) => result !== null },
    );
    if (wentLive) {
      published += 1;
      if (wentLive.isFirstPublication) await deps.notifications?.notifyNewPost(siteId, id);
    }
  }
  return published;
}
