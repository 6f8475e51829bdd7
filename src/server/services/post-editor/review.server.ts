/**
 * The review flow (issue 17 "The review flow", decision 034; SPEC §4 in_review, §6 guest-writer):
 * a writer who may not publish submits a draft for review (status `in_review`; the blog's editors
 * and owners are notified); an editor publishes or schedules it (publish.server.ts, which tells
 * the writer) or sends it back to draft with a note the writer reads in the editor and in a
 * notification. The dashboard's badge counts the posts waiting (`countInReview`).
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { ReviewOutcome } from '../../../domain/notifications';
import { notificationExcerpt } from '../../../domain/notifications';
import type { Actor } from '../../../domain/permissions';
import type { EditorPostView } from '../../../domain/post-editor';
import {
  isInReview,
  type PostSendBack,
  type PostSubmit,
  REVIEW_STATUSES,
} from '../../../domain/post-review';
import type { SiteView } from '../../../domain/views';
import type { Database } from '../../db/connection.server';
import { members, posts } from '../../db/schema.server';
import { AppError, PermissionError } from '../../errors.server';
import { updatePostIn } from '../post-writer.server';
import { presentWithReview } from './present.server';
import { recordRevision } from './revisions.server';
import {
  authorize,
  checkComplete,
  checkRevision,
  facts,
  lockPost,
  type PostEditorContext,
  type PostRow,
  writeOf,
  writePost,
} from './rows.server';

/** The roles told of a submission: those who may publish any post (SPEC §6 editor and owner). */
const REVIEWER_ROLES = ['editor', 'owner'] as const;

/**
 * How many posts of the site wait for an editor (in review or in moderation): the dashboard's
 * In review badge. Counted from `posts_in_review_idx` alone (an index-only scan of the few
 * waiting posts), never from the posts table. The lead's shell summary calls it.
 */
export async function countInReview(db: Database, site: Pick<SiteView, 'id'>): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), inArray(posts.status, [...REVIEW_STATUSES])));
  return row?.count ?? 0;
}

/** Runs a notification after the commit; a failure is logged and never fails the review. */
async function afterCommit(deps: PostEditorContext, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    deps.log?.error(error, 'Notifying the review flow failed');
  }
}

const postRef = (row: PostRow) => ({ id: row.id, slug: row.slug, title: row.title });

/**
 * Submits a draft for review (`post:submit`: one's own draft, from guest-writer up): it must be
 * complete (SPEC §5), its status becomes `in_review`, a `submit` revision is kept, and every
 * editor and owner of the blog is notified. A post already waiting is a 409 `post_in_review`.
 */
export async function submit(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  input: PostSubmit,
): Promise<EditorPostView> {
  const at = deps.now();
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    if (isInReview(before.status)) {
      authorize(actor, 'post:edit', facts(before));
      throw new AppError(409, 'post_in_review', 'The post is already waiting for review');
    }
    // Only a post's own writer submits it: a visitor is asked to log in first (SPEC §4).
    if (actor.memberId === null) throw new PermissionError('login-required');
    authorize(actor, 'post:submit', facts(before));
    checkRevision(before, input.revision);
    const next = writeOf(before);
    checkComplete(next.title, next.content);
    next.status = 'in_review';
    const after = await updatePostIn(tx, next, before, {
      revision: before.revision + 1,
      slugs: [...before.slugs],
      updatedAt: at,
    });
    await recordRevision(tx, before, after, { kind: 'submit', authorId: actor.memberId, at });
    return after;
  });
  const notifications = deps.notifications;
  if (notifications) {
    await afterCommit(deps, async () => {
      const writer = await notifications.memberRef(site.id, row.ownerId);
      if (!writer) return;
      const reviewers = await deps.db
        .select({ id: members.id })
        .from(members)
        .where(
          and(
            eq(members.siteId, site.id),
            inArray(members.role, [...REVIEWER_ROLES]),
            eq(members.isBlocked, false),
          ),
        );
      await notifications.notifyMany(
        site.id,
        reviewers.map((r) => r.id),
        { kind: 'post-submitted', actor: writer, post: postRef(row) },
      );
    });
  }
  return presentWithReview(deps, actor, row);
}

/**
 * Sends a post waiting for review back to its writer (`post:send-back`: editors) as a draft, with
 * `input.note`, kept in a `send-back` revision; the writer is notified. A post not waiting is a
 * 409 `post_not_in_review`.
 */
export async function sendBack(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  input: PostSendBack,
): Promise<EditorPostView> {
  const at = deps.now();
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    if (!isInReview(before.status)) {
      authorize(actor, 'post:edit', facts(before));
      throw new AppError(409, 'post_not_in_review', 'The post is not waiting for review');
    }
    authorize(actor, 'post:send-back', facts(before));
    checkRevision(before, input.revision);
    const next = writeOf(before);
    next.status = 'unpublished';
    const after = await updatePostIn(tx, next, before, {
      revision: before.revision + 1,
      slugs: [...before.slugs],
      updatedAt: at,
    });
    await recordRevision(tx, before, after, {
      kind: 'send-back',
      authorId: actor.memberId,
      at,
      note: input.note,
    });
    return after;
  });
  await notifyOutcome(deps, actor, site, row, 'sent-back', input.note);
  return presentWithReview(deps, actor, row);
}

/** Tells the writer what an editor did with their submitted post (after the commit). */
export async function notifyOutcome(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  row: PostRow,
  outcome: ReviewOutcome,
  note = '',
): Promise<void> {
  const notifications = deps.notifications;
  if (!notifications || actor.memberId === null) return;
  const reviewerId = actor.memberId;
  await afterCommit(deps, async () => {
    const reviewer = await notifications.memberRef(site.id, reviewerId);
    if (!reviewer) return;
    await notifications.notifyMany(site.id, [row.ownerId], {
      kind: 'post-reviewed',
      actor: reviewer,
      post: postRef(row),
      outcome,
      note: note ? notificationExcerpt(note) : '',
    });
  });
}
