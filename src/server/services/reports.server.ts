/**
 * Reports and the moderation queue (issue 6; SPEC §6 "report posts and comments not owned by them
 * or an owner", editor "view-report"): a member reports a post or a comment once, with a reason;
 * editors and owners read the reports newest first (`GET /api/moderation/reports`), each with what
 * it is about as it is now. Rows of `reports`, read by `reports_status_idx` (site, status,
 * created_at desc); `reports_once_idx` makes a second report of the same thing by the same member
 * the first one.
 *
 * Reports change no page, so they leave the page cache alone.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  commentAnchor,
  MODERATION_PAGE_SIZE,
  type ModerationQueueView,
  type ModerationReportView,
  type ReportReason,
  type ReportReceipt,
  type ReportStatus,
} from '../../domain/comments';
import type { ModerationQuery, ReportCreate } from '../../domain/comments-api';
import { type Actor, type PermissionSettings, whyNot } from '../../domain/permissions';
import { commentExcerpt, profileUrl } from '../../domain/profiles';
import { postUrl } from '../../domain/routes';
import type { Device } from '../../domain/settings';
import type { MemberSummary, SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { comments, members, posts, reports } from '../db/schema';
import { NotFoundError, PermissionError } from '../errors';
import { imageOf } from './blog-reader.server';

export interface ReportsDeps {
  db: Database;
  /** The permission facts of the blog's settings on a device (permission-settings.server.ts). */
  permissionSettings(
    site: SiteView,
    device: Device,
  ): Promise<Pick<PermissionSettings, 'memberAreaInstalled'>>;
}

/** Builds the reports service. */
export function createReports({ db, permissionSettings }: ReportsDeps) {
  /** The owner and their role of what is reported: a published post, or a comment on one. */
  async function targetOwner(
    site: SiteView,
    input: Pick<ReportCreate, 'targetType' | 'targetId'>,
  ): Promise<{ ownerId: string; ownerRole: string }> {
    if (input.targetType === 'post') {
      const [row] = await db
        .select({ ownerId: posts.ownerId, ownerRole: members.role })
        .from(posts)
        .innerJoin(members, and(eq(members.siteId, posts.siteId), eq(members.id, posts.ownerId)))
        .where(
          and(
            eq(posts.siteId, site.id),
            eq(posts.id, input.targetId),
            eq(posts.status, 'published'),
          ),
        )
        .limit(1);
      if (!row) throw new NotFoundError('post_not_found', 'Post not found');
      return row;
    }
    const [row] = await db
      .select({ ownerId: comments.authorId, ownerRole: members.role })
      .from(comments)
      .innerJoin(
        members,
        and(eq(members.siteId, comments.siteId), eq(members.id, comments.authorId)),
      )
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
  async function report(
    actor: Actor,
    site: SiteView,
    input: ReportCreate,
    device: Device,
  ): Promise<ReportReceipt> {
    const owner = await targetOwner(site, input);
    const settings = await permissionSettings(site, device);
    const refusal =
      input.targetType === 'post'
        ? whyNot(actor, 'post:report', { post: owner, settings, site })
        : whyNot(actor, 'comment:report', { comment: owner, settings, site });
    // SPEC §4: a demo site refuses with `demo_mode` (its gated actions open the demo-mode modal).
    if (refusal) throw new PermissionError(refusal);
    const reporterId = actor.memberId!;
    const [created] = await db
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
    const [existing] = await db
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

  async function memberSummaries(site: SiteView, ids: string[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map<string, MemberSummary>();
    const rows = await db
      .select({ id: members.id, slug: members.slug, name: members.name, image: members.image })
      .from(members)
      .where(and(eq(members.siteId, site.id), inArray(members.id, unique)));
    return new Map(
      rows.map((m): [string, MemberSummary] => [
        m.id,
        {
          siteMemberId: m.id,
          slug: m.slug,
          name: m.name,
          image: imageOf(m.image),
          link: profileUrl(site.blogBase, { siteMemberId: m.id, slug: m.slug }),
        },
      ]),
    );
  }

  /**
   * A page of the moderation queue, newest first, for editors and owners (SPEC §6 view-report:
   * the queue holds the reports of every post and its comments). Each report names what it is
   * about as it is now, or that it is gone, and how many members reported the same thing.
   */
  async function queue(
    actor: Actor,
    site: SiteView,
    query: ModerationQuery,
  ): Promise<ModerationQueueView> {
    // `post:view-report` is the editors' on any post: the rule reads no fact of the post.
    const refusal = whyNot(actor, 'post:view-report', {
      post: { ownerId: '', status: 'published' },
    });
    if (refusal) throw new PermissionError(refusal);
    const rows = await db
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
    const idsOf = (type: string) =>
      page.filter((r) => r.targetType === type).map((r) => r.targetId);
    const postIds = idsOf('post');
    const commentIds = idsOf('comment');
    const targetIds = [...new Set([...postIds, ...commentIds])];
    const [postRows, commentRows, tallies] = await Promise.all([
      postIds.length === 0
        ? []
        : db
            .select({ id: posts.id, title: posts.title, slug: posts.slug, ownerId: posts.ownerId })
            .from(posts)
            .where(and(eq(posts.siteId, site.id), inArray(posts.id, postIds))),
      commentIds.length === 0
        ? []
        : db
            .select({
              id: comments.id,
              text: comments.contentText,
              authorId: comments.authorId,
              postTitle: posts.title,
              postSlug: posts.slug,
            })
            .from(comments)
            .innerJoin(posts, and(eq(posts.siteId, comments.siteId), eq(posts.id, comments.postId)))
            .where(and(eq(comments.siteId, site.id), inArray(comments.id, commentIds))),
      targetIds.length === 0
        ? []
        : db
            .select({ targetId: reports.targetId, targetType: reports.targetType, n: count() })
            .from(reports)
            .where(and(eq(reports.siteId, site.id), inArray(reports.targetId, targetIds)))
            .groupBy(reports.targetType, reports.targetId),
    ]);
    const people = await memberSummaries(site, [
      ...page.map((r) => r.reporterId),
      ...postRows.map((p) => p.ownerId),
      ...commentRows.map((c) => c.authorId),
    ]);
    const postsById = new Map(postRows.map((p) => [p.id, p]));
    const commentsById = new Map(commentRows.map((c) => [c.id, c]));
    const tally = new Map(tallies.map((t) => [`${t.targetType}|${t.targetId}`, Number(t.n)]));
    const base = site.blogBase;
    const views = page.map((row): ModerationReportView => {
      let target: ModerationReportView['target'];
      const post = row.targetType === 'post' ? postsById.get(row.targetId) : undefined;
      const comment = row.targetType === 'comment' ? commentsById.get(row.targetId) : undefined;
      if (post) {
        target = {
          type: 'post',
          id: post.id,
          title: post.title,
          link: postUrl(base, post),
          author: people.get(post.ownerId) ?? null,
        };
      } else if (comment) {
        target = {
          type: 'comment',
          id: comment.id,
          excerpt: commentExcerpt(comment.text),
          link: `${postUrl(base, { slug: comment.postSlug })}#${commentAnchor(comment.id)}`,
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

  return { report, queue };
}

export type ReportsService = ReturnType<typeof createReports>;
