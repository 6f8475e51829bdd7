/**
 * A comment of the file (issue 21), in its own transaction: its author as a member (one per
 * address), its text as a comment document (the comment box's own rules, `prepareCommentDocument`),
 * its place in the thread, and its approval: an approved comment is published and counted like
 * one written here (the post's, the parent's and the author's counters); a pending one is held
 * (`pending`, issue 17), counted by nothing until an editor approves it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { COMMENT_MAX_DEPTH } from '../../../domain/comments';
import { prepareCommentDocument } from '../../../rich-content/comment-document';
import { DOCUMENT_VERSION } from '../../../rich-content/model/envelope';
import { writeSiteContent } from '../../cache/site-write.server';
import { comments, members, posts } from '../../db/schema.server';
import type { ImportComment } from '../records';
import { type ImportContext, keyOf, reasonOf, resolveId } from './context.server';
import { rememberId } from './import-ids.server';
import { addFailure } from './report';
import { commenterFor } from './store-people.server';

/** The comment's plain text as the comment box would have written it: one paragraph a line. */
export function commentDocumentOf(text: string, createdAt: Date) {
  const stamp = createdAt.toISOString();
  const nodes = text.split('\n').map((line, i) => ({
    type: 'PARAGRAPH',
    id: `c${i + 1}`,
    nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: line, decorations: [] } }],
    paragraphData: {},
  }));
  const document = {
    nodes,
    metadata: { version: DOCUMENT_VERSION, createdTimestamp: stamp, updatedTimestamp: stamp },
  };
  return prepareCommentDocument(document, createdAt);
}

/**
 * Where a reply goes: under the comment it answers, or, at the deepest level, in that
 * comment's thread (as a reply written here would).
 */
async function threadParentOf(context: ImportContext, answeredId: string | null) {
  if (answeredId === null) return null;
  const parentOf = async (id: string) => {
    const [row] = await context.deps.db
      .select({ parentId: comments.parentId })
      .from(comments)
      .where(and(eq(comments.siteId, context.site.id), eq(comments.id, id)));
    return row?.parentId ?? null;
  };
  // The answered comment's depth: how many comments it sits under (counted up to the limit).
  const answeredParent = await parentOf(answeredId);
  let depth = 0;
  for (let cursor = answeredParent; cursor !== null && depth < COMMENT_MAX_DEPTH; depth += 1) {
    cursor = depth + 1 < COMMENT_MAX_DEPTH ? await parentOf(cursor) : null;
  }
  return depth >= COMMENT_MAX_DEPTH ? answeredParent : answeredId;
}

/** Stores a comment (or finds it from an earlier import); counted in the report. */
export async function storeComment(context: ImportContext, record: ImportComment): Promise<void> {
  const counts = context.report.counts.comment;
  const fail = (reason: string) =>
    addFailure(context.report, { kind: 'comment', sourceId: record.sourceId, reason });
  try {
    if ((await resolveId(context, 'comment', record.sourceId)) !== null) {
      counts.existing += 1;
      return;
    }
    const postId = await resolveId(context, 'post', record.postSourceId);
    if (postId === null) return fail(`Its post (${record.postSourceId}) was not imported`);
    const prepared = commentDocumentOf(record.text, record.createdAt);
    if (!prepared.ok) return fail(`Its text cannot be a comment (${prepared.problem})`);
    const answered = await resolveId(context, 'comment', record.parentSourceId);
    const authorId = await commenterFor(context, record);
    if (context.dryRun) {
      context.wouldCreate.add(`comment:${record.sourceId}`);
      counts.created += 1;
      return;
    }
    const parentId = await threadParentOf(context, answered);
    const siteId = context.site.id;
    await writeSiteContent(
      context.deps,
      siteId,
      async (tx) => {
        const id = randomUUID();
        await tx.insert(comments).values({
          siteId,
          id,
          postId,
          parentId,
          authorId: authorId!,
          content: prepared.document,
          contentText: prepared.text,
          status: record.approved ? 'published' : 'pending',
          createdAt: record.createdAt,
          updatedAt: record.createdAt,
        });
        await rememberId(tx, keyOf(context, 'comment', record.sourceId), id);
        if (!record.approved) return;
        await tx
          .update(posts)
          .set({ commentCount: sql`${posts.commentCount} + 1` })
          .where(and(eq(posts.siteId, siteId), eq(posts.id, postId)));
        if (parentId !== null) {
          await tx
            .update(comments)
            .set({ replyCount: sql`${comments.replyCount} + 1` })
            .where(and(eq(comments.siteId, siteId), eq(comments.id, parentId)));
        }
        await tx
          .update(members)
          .set({ commentCount: sql`${members.commentCount} + 1`, hasApprovedComment: true })
          .where(and(eq(members.siteId, siteId), eq(members.id, authorId!)));
      },
      { didChange: () => false },
    );
    counts.created += 1;
  } catch (error) {
    fail(reasonOf(error));
  }
}
