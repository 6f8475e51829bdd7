/**
 * The dashboard's comments (issue 17 "Comments and reports"): every comment of the blog newest
 * first, filtered by post, member, status and words, for editors and owners; the count of held
 * comments (the Pending tab and the navigation's badge); the owner's switch that holds first
 * comments.
 *
 * Speed (1,000,000 comments on PostgreSQL): each filter is one range of an index in the list's
 * order, read with a keyset cursor (time to the microsecond, then id), never an OFFSET:
 * `comments_site_created_idx` (all), `comments_post_created_idx` (a post),
 * `comments_author_idx` (a member), `comments_pending_idx` (held, partial: also their count),
 * `comments_text_search_idx` (words). No count over the table: only held comments are counted,
 * from their small partial index.
 */
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { commentAnchor } from '../../../domain/comments';
import {
  type CommentModerationSettings,
  type CommentStatus,
  commentSearchQuery,
  DASHBOARD_COMMENT_EXCERPT_LENGTH,
  type DashboardCommentsPageView,
  type DashboardCommentsQuery,
  type DashboardCommentView,
} from '../../../domain/dashboard-comments';
import { type Actor, whyNot } from '../../../domain/permissions';
import { commentExcerpt } from '../../../domain/profiles';
import { postLink } from '../../../domain/routes';
import type { SiteView } from '../../../domain/views';
import { comments, members, posts, sites } from '../../db/schema.server';
import { PermissionError } from '../../errors.server';
import { type CommentRow, type CommentsDeps, loadAuthors } from './rows.server';

type ReadDeps = Pick<CommentsDeps, 'db'>;

/** The keyset cursor of a row: its time to the microsecond (UTC) and its id. */
const cursorColumn = sql<string>`to_char(${comments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${comments.id}`;

/** Refuses anyone who may not moderate comments (editors and owners, SPEC §6). */
function checkModerator(actor: Actor): void {
  const refusal = whyNot(actor, 'comments:moderate', {});
  if (refusal) throw new PermissionError(refusal);
}

/** Rows older than the cursor (newest first). */
function before(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const cut = cursor.lastIndexOf('_');
  const at = cursor.slice(0, cut);
  const id = cursor.slice(cut + 1);
  return sql`(${comments.createdAt}, ${comments.id}) < (${at}::timestamptz, ${id}::uuid)`;
}

/** The search condition of `q`, or undefined without one (null: nothing can match). */
function matching(q: string | undefined): SQL | undefined | null {
  if (q === undefined || q === '') return undefined;
  const query = commentSearchQuery(q);
  if (query === null) return null;
  return sql`to_tsvector('simple', ${comments.contentText}) @@ to_tsquery('simple', ${query})`;
}

/**
 * A page of the blog's comments, newest first, for editors and owners (issue 17): by post, by
 * member, by status (`pending`: the approval queue) and by words, with the count of held ones.
 */
export async function listForDashboard(
  deps: ReadDeps,
  actor: Actor,
  site: SiteView,
  query: DashboardCommentsQuery,
): Promise<DashboardCommentsPageView> {
  checkModerator(actor);
  const search = matching(query.q);
  const pendingCount = countHeldComments(deps, site);
  if (search === null) return { comments: [], nextCursor: null, pendingCount: await pendingCount };
  const rows = await deps.db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      authorId: comments.authorId,
      text: comments.contentText,
      status: comments.status,
      createdAt: comments.createdAt,
      likeCount: comments.likeCount,
      replyCount: comments.replyCount,
      cursor: cursorColumn,
    })
    .from(comments)
    .where(
      and(
        eq(comments.siteId, site.id),
        query.post ? eq(comments.postId, query.post) : undefined,
        query.member ? eq(comments.authorId, query.member) : undefined,
        query.status ? eq(comments.status, query.status) : undefined,
        search,
        before(query.cursor),
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    comments: await presentRows(deps, site, page),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.cursor ?? null) : null,
    pendingCount: await pendingCount,
  };
}

/** What `presentRows` needs of a comment. */
type ListedRow = Pick<
  CommentRow,
  'id' | 'postId' | 'parentId' | 'authorId' | 'status' | 'createdAt' | 'likeCount' | 'replyCount'
> & { text: string };

/** Rows as the list shows them, with their authors and posts (one query each). */
export async function presentRows(
  deps: ReadDeps,
  site: SiteView,
  rows: readonly ListedRow[],
): Promise<DashboardCommentView[]> {
  if (rows.length === 0) return [];
  const postIds = [...new Set(rows.map((row) => row.postId))];
  const [authors, postRows] = await Promise.all([
    loadAuthors(
      deps,
      site,
      rows.map((row) => row.authorId),
    ),
    deps.db
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        firstPublishedDate: posts.firstPublishedDate,
      })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), inArray(posts.id, postIds))),
  ]);
  const postsById = new Map(postRows.map((post) => [post.id, post]));
  return rows.map((row) => {
    const post = postsById.get(row.postId);
    const link = post ? postLink(site, post) : '';
    const author = authors.get(row.authorId);
    return {
      id: row.id,
      excerpt: commentExcerpt(row.text, DASHBOARD_COMMENT_EXCERPT_LENGTH),
      author: author
        ? {
            siteMemberId: author.siteMemberId,
            slug: author.slug,
            name: author.name,
            image: author.image,
            link: author.link,
          }
        : null,
      post: { id: row.postId, title: post?.title ?? '', link },
      createdAt: row.createdAt.toISOString(),
      status: row.status as CommentStatus,
      likeCount: row.likeCount,
      replyCount: row.replyCount,
      contextLink: `${link}#${commentAnchor(row.id)}`,
      isReply: row.parentId !== null,
    };
  });
}

/**
 * Held comments waiting for approval on `site` (issue 17; the navigation's badge): counted from
 * the partial index `comments_pending_idx`, which holds only them.
 */
export async function countHeldComments(deps: ReadDeps, site: Pick<SiteView, 'id'>) {
  const [row] = await deps.db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.siteId, site.id), eq(comments.status, 'pending')));
  return Number(row?.n ?? 0);
}

/** The blog's comment moderation settings (editors read them; the screen shows the switch). */
export async function moderationSettings(
  deps: ReadDeps,
  actor: Actor,
  site: SiteView,
): Promise<CommentModerationSettings> {
  checkModerator(actor);
  const [row] = await deps.db
    .select({ holdFirstComments: sites.holdFirstComments })
    .from(sites)
    .where(eq(sites.id, site.id))
    .limit(1);
  return { holdFirstComments: row?.holdFirstComments ?? false };
}

/**
 * Turns holding first comments on or off (issue 17: owners, `blog:edit`). Comments held already
 * stay held until an editor approves or rejects them.
 */
export async function setModerationSettings(
  deps: ReadDeps,
  actor: Actor,
  site: SiteView,
  input: CommentModerationSettings,
): Promise<CommentModerationSettings> {
  const refusal = whyNot(actor, 'blog:edit', {});
  if (refusal) throw new PermissionError(refusal);
  // No page shows the switch: the site's cached pages stay.
  const [row] = await deps.db
    .update(sites)
    .set({ holdFirstComments: input.holdFirstComments })
    .where(eq(sites.id, site.id))
    .returning({ holdFirstComments: sites.holdFirstComments });
  return { holdFirstComments: row?.holdFirstComments ?? input.holdFirstComments };
}

/** The name of a member of the site, for a filter's label; null when there is none. */
export async function memberName(deps: ReadDeps, site: SiteView, memberId: string) {
  const [row] = await deps.db
    .select({ name: members.name })
    .from(members)
    .where(and(eq(members.siteId, site.id), eq(members.id, memberId)))
    .limit(1);
  return row?.name ?? null;
}

/** The title of a post of the site, for a filter's label; null when there is none. */
export async function postTitle(deps: ReadDeps, site: SiteView, postId: string) {
  const [row] = await deps.db
    .select({ title: posts.title })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
    .limit(1);
  return row?.title ?? null;
}

/** One comment as the list shows it, whatever its status; null when there is none. */
export async function listedComment(
  deps: ReadDeps,
  site: SiteView,
  commentId: string,
): Promise<DashboardCommentView | null> {
  const rows = await deps.db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      authorId: comments.authorId,
      text: comments.contentText,
      status: comments.status,
      createdAt: comments.createdAt,
      likeCount: comments.likeCount,
      replyCount: comments.replyCount,
    })
    .from(comments)
    .where(and(eq(comments.siteId, site.id), eq(comments.id, commentId)))
    .limit(1);
  const [view] = await presentRows(deps, site, rows);
  return view ?? null;
}
