/**
 * A member reports a post or a comment (issue 6; SPEC §6 "report posts and comments not owned by
 * them or an owner"): once, with a reason; `reports_once_idx` makes a second report of the same
 * thing by the same member the first one.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ReportReceipt } from '../../../domain/comments';
import type { ReportCreate } from '../../../domain/comments-api';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { Device } from '../../../domain/settings';
import type { SiteView } from '../../../domain/views';
import { comments, members, posts, reports } from '../../db/schema.server';
import { NotFoundError, PermissionError } from '../../errors.server';

import type { ReportsDeps } from '../reports.server';

/** The owner and their role of what is reported: a published post, or a comment on one. */
export async function targetOwner(
  deps: ReportsDeps,
  site: SiteView,
  input: Pick<ReportCreate, 'targetType' | 'targetId'>,
): Promise<{ ownerId: string; ownerRole: string }> {
  if (input.targetType === 'post') {
    const [row] = await deps.db
      .select({ ownerId: posts.ownerId, ownerRole: members.role })
      .from(posts)
      .innerJoin(members, and(eq(members.siteId, posts.siteId), eq(members.id, posts.ownerId)))
      .where(
        and(eq(posts.siteId, site.id), eq(posts.id, input.targetId), eq(posts.status, 'published')),
      )
      .limit(1);
    if (!row) throw new NotFoundError('post_not_found', 'Post not found');
    return row;
  }
  const [row] = await deps.db
    .select({ ownerId: comments.authorId, ownerRole: members.role })
    .from(comments)
    .innerJoin(members, and(eq(members.siteId, comments.siteId), eq(members.id, comments.authorId)))
    .innerJoin(posts, and(eq(posts.siteId, comments.siteId), eq(posts.id, comments.postId)))
    .where(
      and(
        eq(comments.siteId, site.id),
        eq(comments.id, input.targetId),
        eq(comments.status, 'published'),
        eq(posts.status, 'published'),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError('comment_not_found', 'Comment not found');
  return row;
}

/**
 * Reports a post or a comment. SPEC §6: members, not their own, not an owner's, with the member
 * area on; open-blog-writers and editors may not (decision 010). A second report of the same
 * thing by the same member is the first one (`isNew: false`).
 */
export async function report(
  deps: ReportsDeps,
  actor: Actor,
  site: SiteView,
  input: ReportCreate,
  device: Device,
): Promise<ReportReceipt> {
  const owner = await targetOwner(deps, site, input);
  const settings = await deps.permissionSettings(site, device);
  const refusal =
    input.targetType === 'post'
      ? whyNot(actor, 'post:report', { post: owner, settings, site })
      : whyNot(actor, 'comment:report', { comment: owner, settings, site });
  // SPEC §4: a demo site refuses with `demo_mode` (its gated actions open the demo-mode modal).
  if (refusal) throw new PermissionError(refusal);
  const reporterId = actor.memberId!;
  const [created] = await deps.db
    .insert(reports)
    .values({
      siteId: site.id,
      id: randomUUID(),
      reporterId,
      targetType: input.targetType,
      targetId: input.targetId,
      reason: input.reason,
      details: input.details,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (created) return { id: created.id, isNew: true };
  const [existing] = await deps.db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.siteId, site.id),
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
      ),
    )
    .limit(1);
  return { id: existing!.id, isNew: false };
}
