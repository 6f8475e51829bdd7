/**
 * The dashboard's reports queue (issue 17; SPEC §6 editor "view-report"): the reported posts and
 * comments, one row per reported thing with its reasons and how many members reported it, the
 * most recently reported first; and the actions on one: dismiss its reports, delete it (a post
 * to the trash through the post editor, a comment through the comments' delete), block its author
 * (owners). Reporters are never told who acted, nor that anyone did: no notification goes out.
 *
 * Speed: the queue groups the open (or dismissed, resolved) reports of the site by target from
 * `reports_target_idx` (site, status, target) and pages them by keyset on (latest report, type,
 * id). Open reports are what moderators have not handled yet, a few hundred at most on a busy
 * blog; if they ever grow to many thousands, a kept per-target summary is the next step
 * (docs/decisions/037-held-comments-and-the-reports-queue.md).
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { commentAnchor, type ReportReason, type ReportStatus } from '../../../domain/comments';
import {
  type DashboardReportsPageView,
  type DashboardReportsQuery,
  type DashboardReportsScreenView,
  REPORT_DETAILS_SHOWN,
  type ReportActionView,
  type ReportedContentView,
  type ReportedTargetView,
  type ReportTargetKey,
} from '../../../domain/dashboard-reports';
import { type Actor, can, whyNot } from '../../../domain/permissions';
import { commentExcerpt } from '../../../domain/profiles';
import { postLink } from '../../../domain/routes';
import type { SiteView } from '../../../domain/views';
import { writeMemberIdentity } from '../../cache/site-write.server';
import { comments, members, posts, reports } from '../../db/schema.server';
import { NotFoundError, PermissionError } from '../../errors.server';
import { recordAudit } from '../member-admin/audit.server';
import { actorName } from '../member-admin/rows.server';
import type { ReportsDeps } from '../reports.server';
import { memberSummaries, reportedTargets } from './queue.server';

/** A row's result of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/** Refuses anyone who may not read reports (editors and owners, SPEC §6 view-report). */
function checkModerator(actor: Actor): void {
  const refusal = whyNot(actor, 'report:dismiss', {});
  if (refusal) throw new PermissionError(refusal);
}

/** The reports on a post and on its comments (`?post=`). */
function aboutPost(siteId: string, postId: string): SQL {
  return sql`((r.target_type = 'post' and r.target_id = ${postId}) or (r.target_type = 'comment' and r.target_id in (select c.id from comments c where c.site_id = ${siteId} and c.post_id = ${postId})))`;
}

/** Targets after the cursor (latest report newest first, then type and id). */
function afterCursor(cursor: string | undefined): SQL {
  if (!cursor) return sql``;
  const [at, type, id] = [
    cursor.slice(0, 27),
    cursor.slice(28, cursor.lastIndexOf('_')),
    cursor.slice(cursor.lastIndexOf('_') + 1),
  ];
  return sql`having (max(r.created_at), r.target_type, r.target_id) < (${at}::timestamptz, ${type}, ${id}::uuid)`;
}

type GroupRow = {
  target_type: 'post' | 'comment';
  target_id: string;
  n: number | string;
  first_at: string | Date;
  last_at: string | Date;
  cursor: string;
};

/**
 * A page of the reported posts and comments in `query.status` (open by default), the most
 * recently reported first, for editors and owners; `query.post` keeps a post's and its comments'.
 */
export async function listTargets(
  deps: ReportsDeps,
  actor: Actor,
  site: SiteView,
  query: DashboardReportsQuery,
): Promise<DashboardReportsPageView> {
  checkModerator(actor);
  const groups = rowsOf<GroupRow>(
    await deps.db.execute(sql`
      select r.target_type, r.target_id, count(*) as n,
        min(r.created_at) as first_at, max(r.created_at) as last_at,
        to_char(max(r.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
          || '_' || r.target_type || '_' || r.target_id as cursor
      from reports r
      where r.site_id = ${site.id} and r.status = ${query.status}
        ${query.post ? sql`and ${aboutPost(site.id, query.post)}` : sql``}
      group by r.target_type, r.target_id
      ${afterCursor(query.cursor)}
      order by max(r.created_at) desc, r.target_type desc, r.target_id desc
      limit ${query.limit + 1}`),
  );
  const page = groups.slice(0, query.limit);
  const [targets, openCount] = await Promise.all([
    presentTargets(deps, site, query.status, page),
    countOpenReports(deps, site),
  ]);
  return {
    targets,
    nextCursor: groups.length > query.limit ? (page.at(-1)?.cursor ?? null) : null,
    openCount,
  };
}

/** The reasons and latest explanations of each target of a page, in `status`. */
async function reasonsOf(
  deps: ReportsDeps,
  site: SiteView,
  status: ReportStatus,
  targetIds: string[],
) {
  const rows = await deps.db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(
      and(
        eq(reports.siteId, site.id),
        eq(reports.status, status),
        inArray(reports.targetId, targetIds),
      ),
    );
  const byTarget = new Map<string, { reasons: Map<string, number>; details: typeof rows }>();
  for (const row of rows) {
    const key = `${row.targetType}|${row.targetId}`;
    const entry = byTarget.get(key) ?? {
      reasons: new Map<string, number>(),
      details: [] as typeof rows,
    };
    entry.reasons.set(row.reason, (entry.reasons.get(row.reason) ?? 0) + 1);
    if (row.details.trim() !== '') entry.details.push(row);
    byTarget.set(key, entry);
  }
  return byTarget;
}

/** The page's groups with their reasons and what each reported thing is now. */
async function presentTargets(
  deps: ReportsDeps,
  site: SiteView,
  status: ReportStatus,
  page: GroupRow[],
): Promise<ReportedTargetView[]> {
  if (page.length === 0) return [];
  const idsOf = (type: string) =>
    page.filter((g) => g.target_type === type).map((g) => g.target_id);
  const postIds = idsOf('post');
  const commentIds = idsOf('comment');
  const [reasons, [postRows, commentRows]] = await Promise.all([
    reasonsOf(
      deps,
      site,
      status,
      page.map((g) => g.target_id),
    ),
    reportedTargets(deps, site, postIds, commentIds),
  ]);
  const authorIds = [...postRows.map((p) => p.ownerId), ...commentRows.map((c) => c.authorId)];
  const [people, blocked] = await Promise.all([
    memberSummaries(deps, site, authorIds),
    blockedAmong(deps, site, authorIds),
  ]);
  const postsById = new Map(postRows.map((p) => [p.id, p]));
  const commentsById = new Map(commentRows.map((c) => [c.id, c]));
  return page.map((group): ReportedTargetView => {
    let content: ReportedContentView;
    const post = group.target_type === 'post' ? postsById.get(group.target_id) : undefined;
    const comment = group.target_type === 'comment' ? commentsById.get(group.target_id) : undefined;
    if (post) {
      content = {
        type: 'post',
        id: post.id,
        title: post.title,
        link: postLink(site, post),
        status: post.status,
        author: people.get(post.ownerId) ?? null,
        isAuthorBlocked: blocked.has(post.ownerId),
      };
    } else if (comment) {
      const link = postLink(site, {
        slug: comment.postSlug,
        firstPublishedDate: comment.postFirstPublishedDate,
      });
      content = {
        type: 'comment',
        id: comment.id,
        excerpt: commentExcerpt(comment.text, 280),
        link: `${link}#${commentAnchor(comment.id)}`,
        post: { id: comment.postId, title: comment.postTitle, link },
        author: people.get(comment.authorId) ?? null,
        isAuthorBlocked: blocked.has(comment.authorId),
      };
    } else {
      content = { type: group.target_type, id: group.target_id, isDeleted: true };
    }
    const found = reasons.get(`${group.target_type}|${group.target_id}`);
    return {
      targetType: group.target_type,
      targetId: group.target_id,
      status,
      reportCount: Number(group.n),
      reasons: [...(found?.reasons ?? new Map<string, number>())]
        .map(([reason, count]) => ({ reason: reason as ReportReason, count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      details: (found?.details ?? [])
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, REPORT_DETAILS_SHOWN)
        .map((row) => row.details),
      firstReportedAt: new Date(group.first_at).toISOString(),
      lastReportedAt: new Date(group.last_at).toISOString(),
      content,
    };
  });
}

/** Which of `ids` are blocked members. */
async function blockedAmong(deps: ReportsDeps, site: SiteView, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set<string>();
  const rows = await deps.db
    .select({ id: members.id })
    .from(members)
    .where(
      and(eq(members.siteId, site.id), inArray(members.id, unique), eq(members.isBlocked, true)),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Reported posts and comments with open reports on `site` (issue 17; the navigation's badge):
 * distinct targets among the open reports, an index-only read of `reports_target_idx`.
 */
export async function countOpenReports(deps: Pick<ReportsDeps, 'db'>, site: Pick<SiteView, 'id'>) {
  const [row] = rowsOf<{ n: number | string }>(
    await deps.db.execute(sql`
      select count(*) as n from (
        select distinct target_type, target_id from reports
        where site_id = ${site.id} and status = 'open'
      ) open_targets`),
  );
  return Number(row?.n ?? 0);
}

/** Moves the open reports of a target to `status`; how many moved. */
async function closeReports(
  deps: Pick<ReportsDeps, 'db'>,
  site: SiteView,
  target: ReportTargetKey,
  status: Exclude<ReportStatus, 'open'>,
): Promise<number> {
  const closed = await deps.db
    .update(reports)
    .set({ status })
    .where(
      and(
        eq(reports.siteId, site.id),
        eq(reports.status, 'open'),
        eq(reports.targetType, target.targetType),
        eq(reports.targetId, target.targetId),
      ),
    )
    .returning({ id: reports.id });
  return closed.length;
}

/** The reports' answer after an action: how many closed, and the badge's new count. */
async function answer(deps: ReportsDeps, site: SiteView, closed: number) {
  return { closed, openCount: await countOpenReports(deps, site) } satisfies ReportActionView;
}

/** Dismisses the open reports of a post or a comment (editors and owners): nothing is wrong. */
export async function dismiss(
  deps: ReportsDeps,
  actor: Actor,
  site: SiteView,
  target: ReportTargetKey,
): Promise<ReportActionView> {
  checkModerator(actor);
  const closed = await closeReports(deps, site, target, 'dismissed');
  if (closed === 0) throw new NotFoundError('report_not_found', 'No open reports of this');
  return answer(deps, site, closed);
}

/**
 * Deletes the reported thing and resolves its reports (editors and owners): a post goes to the
 * trash through the post editor (its rules, counts and listing rows), a comment through the
 * comments' delete (its replies, counters). Something already gone only resolves its reports.
 */
export async function deleteContent(
  deps: ReportsDeps,
  actor: Actor,
  site: SiteView,
  target: ReportTargetKey,
): Promise<ReportActionView> {
  checkModerator(actor);
  try {
    if (target.targetType === 'post') await deps.deletePost(actor, site, target.targetId);
    else await deps.deleteComment(actor, site, target.targetId);
  } catch (error) {
    // Deleted since it was reported: the reports still close.
    if (!(error instanceof NotFoundError)) throw error;
  }
  return answer(deps, site, await closeReports(deps, site, target, 'resolved'));
}

/** The author of a reported post or comment; 404 when it is gone. */
async function authorOf(deps: ReportsDeps, site: SiteView, target: ReportTargetKey) {
  const table = target.targetType === 'post' ? posts : comments;
  const ownerColumn = target.targetType === 'post' ? posts.ownerId : comments.authorId;
  const [row] = await deps.db
    .select({ id: members.id, role: members.role, name: members.name })
    .from(table)
    .innerJoin(members, and(eq(members.siteId, table.siteId), eq(members.id, ownerColumn)))
    .where(and(eq(table.siteId, site.id), eq(table.id, target.targetId)))
    .limit(1);
  if (!row) {
    throw new NotFoundError(
      target.targetType === 'post' ? 'post_not_found' : 'comment_not_found',
      'Not found',
    );
  }
  return row;
}

/**
 * Blocks the author of a reported post or comment and resolves its reports (owners only; never an
 * owner, never oneself). A blocked member counts as a guest from their next request (SPEC §4, §6):
 * they can no longer comment, like as a member, write or report. Their content stays until
 * someone deletes it.
 */
export async function blockAuthor(
  deps: ReportsDeps,
  actor: Actor,
  site: SiteView,
  target: ReportTargetKey,
): Promise<ReportActionView & { memberId: string }> {
  const author = await authorOf(deps, site, target);
  const refusal = whyNot(actor, 'member:block', { member: author });
  if (refusal) throw new PermissionError(refusal);
  // Blocked members drop out of mention suggestions and their badges change: pages change.
  await writeMemberIdentity(deps, site.id, author.id, async (tx) => {
    await tx
      .update(members)
      .set({ isBlocked: true, updatedAt: new Date() })
      .where(and(eq(members.siteId, site.id), eq(members.id, author.id)));
    // The audit log's line, in the same transaction (issue 18; decision 039).
    await recordAudit(tx, {
      siteId: site.id,
      actorId: actor.memberId,
      actorName: await actorName(tx, site.id, actor),
      action: 'member.blocked',
      targetId: author.id,
      targetName: author.name,
      details: { from: 'report' },
    });
  });
  const closed = await closeReports(deps, site, target, 'resolved');
  return { ...(await answer(deps, site, closed)), memberId: author.id };
}

/** The Reports screen's data (its loader): a page, the status shown, the post filtered by. */
export async function reportsScreen(
  deps: ReportsDeps,
  actor: Actor,
  site: SiteView,
  query: DashboardReportsQuery,
): Promise<DashboardReportsScreenView> {
  const [page, post] = await Promise.all([
    listTargets(deps, actor, site, query),
    query.post
      ? deps.db
          .select({ id: posts.id, title: posts.title })
          .from(posts)
          .where(and(eq(posts.siteId, site.id), eq(posts.id, query.post)))
          .limit(1)
          .then(([row]) => row ?? null)
      : null,
  ]);
  return {
    page,
    status: query.status,
    post,
    // Owners block members; the rule reads the member, so ask about an ordinary one.
    canBlock: can(actor, 'member:block', { member: { id: '', role: 'user' } }),
  };
}
