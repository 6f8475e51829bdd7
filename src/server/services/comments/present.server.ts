/**
 * Comment rows as the API and the post page show them (issue 6): each with its author, its
 * depth and the first replies below it, read a level at a time from `comments_post_idx`: one
 * query per level below and one for the authors, whatever the page holds.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { COMMENT_MAX_DEPTH, type CommentView, REPLIES_PREVIEW } from '../../../domain/comments';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { comments } from '../../db/schema.server';
import {
  type CommentAuthor,
  type CommentRow,
  type CommentsDeps,
  commentColumns,
  loadAuthors,
  visibleTo,
} from './rows.server';

/** Rows as views, each with the replies of theirs that `children` holds. */
export function presentComments(
  rows: readonly CommentRow[],
  depth: number,
  authors: Map<string, CommentAuthor>,
  children: Map<string, CommentRow[]>,
): CommentView[] {
  return rows.map((row) => {
    const author = authors.get(row.authorId);
    const loaded = children.get(row.id) ?? [];
    const last = loaded.at(-1);
    return {
      id: row.id,
      postId: row.postId,
      parentId: row.parentId,
      depth,
      author: author
        ? {
            siteMemberId: author.siteMemberId,
            slug: author.slug,
            name: author.name,
            image: author.image,
            link: author.link,
          }
        : null,
      isByOwner: author?.role === 'owner',
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      // A comment saved again a minute or more after it was written says it was edited.
      isEdited: row.updatedAt.getTime() - row.createdAt.getTime() > 60_000,
      likeCount: row.likeCount,
      replyCount: row.replyCount,
      replies: presentComments(loaded, depth + 1, authors, children),
      repliesCursor: last && loaded.length < row.replyCount ? last.cursor : null,
      // Issue 17: a held comment, shown to its author only, says it waits for approval.
      ...(row.status === 'pending' ? { isPending: true as const } : {}),
    };
  });
}

/** One comment as a view at `depth`, with its author and without its replies. */
export async function presentOne(
  deps: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  row: CommentRow,
  depth: number,
): Promise<CommentView> {
  const authors = await loadAuthors(deps, site, [row.authorId]);
  const [comment] = presentComments([row], depth, authors, new Map());
  return comment!;
}

/**
 * The first `limit` replies of each of `parentIds` (oldest first), in one query: the replies of
 * those parents ranked per parent, from `comments_post_idx`.
 */
async function firstReplies(
  { db }: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  postId: string,
  parentIds: readonly string[],
  limit: number,
  actor: Pick<Actor, 'memberId'>,
): Promise<Map<string, CommentRow[]>> {
  const byParent = new Map<string, CommentRow[]>();
  if (parentIds.length === 0) return byParent;
  const ranked = db
    .select({
      ...commentColumns,
      rank: sql<number>`row_number() over (partition by ${comments.parentId} order by ${comments.createdAt}, ${comments.id})`.as(
        'rank',
      ),
    })
    .from(comments)
    .where(
      and(
        eq(comments.siteId, site.id),
        eq(comments.postId, postId),
        inArray(comments.parentId, [...parentIds]),
        visibleTo(actor),
      ),
    )
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(asc(ranked.createdAt), asc(ranked.id));
  for (const row of rows as unknown as CommentRow[]) {
    const list = byParent.get(row.parentId!) ?? [];
    list.push(row);
    byParent.set(row.parentId!, list);
  }
  return byParent;
}

/** Whether `actor` has a held comment on the post (issue 17), which no reply count shows. */
async function hasHeldComment(
  { db }: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  postId: string,
  actor: Pick<Actor, 'memberId'>,
): Promise<boolean> {
  if (actor.memberId === null) return false;
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.siteId, site.id),
        eq(comments.authorId, actor.memberId),
        eq(comments.postId, postId),
        eq(comments.status, 'pending'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Views of `rows` at `depth` with their first replies, down to the deepest level, and their
 * authors: one query per level below and one for the authors. The replies are those `actor` may
 * read (issue 17: their own held ones too, under any comment, since reply counts leave them out).
 */
export async function withReplies(
  deps: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  postId: string,
  rows: CommentRow[],
  depth: number,
  actor: Pick<Actor, 'memberId'>,
): Promise<CommentView[]> {
  const children = new Map<string, CommentRow[]>();
  const everyParent = await hasHeldComment(deps, site, postId, actor);
  let level = rows.filter((row) => everyParent || row.replyCount > 0);
  const all: CommentRow[] = [...rows];
  for (let d = depth; d < COMMENT_MAX_DEPTH && level.length > 0; d++) {
    const found = await firstReplies(
      deps,
      site,
      postId,
      level.map((row) => row.id),
      REPLIES_PREVIEW,
      actor,
    );
    level = [];
    for (const [parentId, replies] of found) {
      children.set(parentId, replies);
      all.push(...replies);
      level.push(...replies.filter((row) => everyParent || row.replyCount > 0));
    }
  }
  const authors = await loadAuthors(
    deps,
    site,
    all.map((row) => row.authorId),
  );
  return presentComments(rows, depth, authors, children);
}
