/**
 * The moderation queue (issue 6; SPEC §6 editor "view-report"): editors and owners read the
 * reports newest first from `reports_status_idx`, each with what it is about as it is now.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  commentAnchor,
  MODERATION_PAGE_SIZE,
  type ModerationQueueView,
  type ModerationReportView,
  type ReportReason,
  type ReportStatus,
} from '../../../domain/comments';
import type { ModerationQuery } from '../../../domain/comments-api';
import { type Actor, whyNot } from '../../../domain/permissions';
import { memberSummaryOf } from '../../../domain/presenters';
import { commentExcerpt } from '../../../domain/profiles';
import { postLink } from '../../../domain/routes';
import type { MemberSummary, SiteView } from '../../../domain/views';
import { comments, members, posts, reports } from '../../db/schema.server';
import { PermissionError } from '../../errors.server';

import type { ReportsDeps } from '../reports.server';

export async function memberSummaries(deps: ReportsDeps, site: SiteView, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, MemberSummary>();
  const rows = await deps.db
    .select({ id: members.id, slug: members.slug, name: members.name, image: members.image })
    .from(members)
    .where(and(eq(members.siteId, site.id), inArray(members.id, unique)));
  return new Map(
    rows.map((m): [string, MemberSummary] => [m.id, memberSummaryOf(m, site.blogBase)]),
  );
}

/**
 * The reported posts and comments as they are now (a comment with the post it is on), one query
 * each: what the queue and the dashboard's reports screen show beside the reports.
 */
export function reportedTargets(
  deps: Pick<ReportsDeps, 'db'>,
  site: SiteView,
  postIds: string[],
  commentIds: string[],
) {
  return Promise.all([
    postIds.length === 0
      ? []
      : deps.db
          .select({
            id: posts.id,
            title: posts.title,
            slug: posts.slug,
            status: posts.status,
            ownerId: posts.ownerId,
            firstPublishedDate: posts.firstPublishedDate,
          })
          .from(posts)
          .where(and(eq(posts.siteId, site.id), inArray(posts.id, postIds))),
    commentIds.length === 0
      ? []
      : deps.db
          .select({
            id: comments.id,
            text: comments.contentText,
            authorId: comments.authorId,
            postId: posts.id,
            postTitle: posts.title,
            postSlug: posts.slug,
            postFirstPublishedDate: posts.firstPublishedDate,
          })
          .from(comments)
          .innerJoin(posts, and(eq(posts.siteId, comments.siteId), eq(posts.id, comments.postId)))
          .where(and(eq(comments.siteId, site.id), inArray(comments.id, commentIds))),
  ]);
}

/**
 * A page of the moderation queue, newest first, for editors and owners (SPEC §6 view-report:
 * the queue holds the reports of every post and its comments). Each report names what it is
 * about as it is now, or that it is gone, and how many members reported the same thing.
 */
export async function queue(
  deps: ReportsDeps,
  actor: Actor,
  site: SiteView,
  query: ModerationQuery,
): Promise<ModerationQueueView> {
  // `post:view-report` is the editors' on any post: the rule reads no fact of the post.
  const refusal = whyNot(actor, 'post:view-report', {
    post: { ownerId: '', status: 'published' },
  });
  if (refusal) throw new PermissionError(refusal);
  const rows = await deps.db
    .select({
      id: reports.id,
      reporterId: reports.reporterId,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(eq(reports.siteId, site.id), eq(reports.status, query.status)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(MODERATION_PAGE_SIZE + 1)
    .offset((query.page - 1) * MODERATION_PAGE_SIZE);
  const page = rows.slice(0, MODERATION_PAGE_SIZE);
  const idsOf = (type: string) => page.filter((r) => r.targetType === type).map((r) => r.targetId);
  const postIds = idsOf('post');
  const commentIds = idsOf('comment');
  const targetIds = [...new Set([...postIds, ...commentIds])];
  const [[postRows, commentRows], tallies] = await Promise.all([
    reportedTargets(deps, site, postIds, commentIds),
    targetIds.length === 0
      ? []
      : deps.db
          .select({ targetId: reports.targetId, targetType: reports.targetType, n: count() })
          .from(reports)
          .where(and(eq(reports.siteId, site.id), inArray(reports.targetId, targetIds)))
          .groupBy(reports.targetType, reports.targetId),
  ]);
  const people = await memberSummaries(deps, site, [
    ...page.map((r) => r.reporterId),
    ...postRows.map((p) => p.ownerId),
    ...commentRows.map((c) => c.authorId),
  ]);
  const postsById = new Map(postRows.map((p) => [p.id, p]));
  const commentsById = new Map(commentRows.map((c) => [c.id, c]));
  const tally = new Map(tallies.map((t) => [`${t.targetType}|${t.targetId}`, Number(t.n)]));
  const views = page.map((row): ModerationReportView => {
    let target: ModerationReportView['target'];
    const post = row.targetType === 'post' ? postsById.get(row.targetId) : undefined;
    const comment = row.targetType === 'comment' ? commentsById.get(row.targetId) : undefined;
    if (post) {
      target = {
        type: 'post',
        id: post.id,
        title: post.title,
        link: postLink(site, post),
        author: people.get(post.ownerId) ?? null,
      };
    } else if (comment) {
      target = {
        type: 'comment',
        id: comment.id,
        excerpt: commentExcerpt(comment.text),
        link: `${postLink(site, { slug: comment.postSlug, firstPublishedDate: comment.postFirstPublishedDate })}#${commentAnchor(comment.id)}`,
        postTitle: comment.postTitle,
        author: people.get(comment.authorId) ?? null,
      };
    } else {
      target = {
        type: row.targetType === 'post' ? 'post' : 'comment',
        id: row.targetId,
        isDeleted: true,
      };
    }
    return {
      id: row.id,
      reason: row.reason as ReportReason,
      details: row.details,
      status: row.status as ReportStatus,
      createdAt: row.createdAt.toISOString(),
      reporter: people.get(row.reporterId) ?? null,
      reportsOfTarget: tally.get(`${row.targetType}|${row.targetId}`) ?? 1,
      target,
    };
  });
  return { reports: views, page: query.page, hasMore: rows.length > MODERATION_PAGE_SIZE };
}
