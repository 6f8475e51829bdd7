/**
 * A post's revision history (issue 17 "Revision history", decision 034): every write of the
 * editor records what the post's title and content became, inside the write's transaction (the
 * post's row is locked, so numbers are taken one at a time); the list, one revision, and restore.
 * Whoever may edit the post (`post:edit`) may read its history and restore from it.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Actor } from '../../../domain/permissions';
import type { EditorPostView } from '../../../domain/post-editor';
import {
  type PostRevisionDetailView,
  type PostRevisionKind,
  type PostRevisionsPageView,
  type PostRevisionView,
  type RevisionListQuery,
  type RevisionRestore,
  type RevisionState,
  type RevisionSummary,
  shouldCoalesce,
  summarizeRevision,
} from '../../../domain/post-revisions';
import { isDerivedSlug } from '../../../domain/slugs';
import type { SiteView } from '../../../domain/views';
import { parseDocument, type RichDocument } from '../../../rich-content/document';
import { isEmptyDocument, plainText } from '../../../rich-content/text';
import { members, postRevisions, posts } from '../../db/schema.server';
import { AppError, NotFoundError } from '../../errors.server';
import type { Transaction } from '../post-writer.server';
import { updatePostIn } from '../post-writer.server';
import { presentWithReview } from './present.server';
import {
  authorize,
  checkComplete,
  checkRevision,
  facts,
  LIVE_STATUSES,
  lockPost,
  type PostEditorContext,
  type PostRow,
  slugFor,
  writeOf,
  writePost,
} from './rows.server';

type RevisionRow = typeof postRevisions.$inferSelect;
type Post = Pick<PostRow, 'siteId' | 'id' | 'title' | 'content' | 'status' | 'ownerId'>;

function stateOf(row: { title: string; content: unknown; status: string }): RevisionState {
  return { title: row.title, text: plainText(row.content as RichDocument), status: row.status };
}

const sameText = (a: Post, b: Post) =>
  a.title === b.title && JSON.stringify(a.content) === JSON.stringify(b.content);

/** What a write records: its kind, who made it and when, and a send-back's note. */
export interface RevisionRecord {
  kind: PostRevisionKind;
  authorId: string | null;
  at: Date;
  note?: string;
  restoredFrom?: number;
}

async function revisionAt(tx: Transaction, post: Post, number: number) {
  const [row] = await tx
    .select()
    .from(postRevisions)
    .where(
      and(
        eq(postRevisions.siteId, post.siteId),
        eq(postRevisions.postId, post.id),
        eq(postRevisions.number, number),
      ),
    );
  return row ?? null;
}

async function latestRevision(tx: Transaction, post: Post): Promise<RevisionRow | null> {
  const [row] = await tx
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.siteId, post.siteId), eq(postRevisions.postId, post.id)))
    .orderBy(desc(postRevisions.number))
    .limit(1);
  return row ?? null;
}

/**
 * Inside a write's transaction (the post locked), records the revision `after` makes. `before` is
 * the post as it was (null for a new copy). A post's first recorded change first keeps a
 * `baseline` of how it was, unless it had no text yet. A `save` that changed neither title
 * nor content records nothing; one by the writer of the latest `save` within the coalescing
 * window updates that revision instead of adding one. Returns the revision's number, or null.
 */
export async function recordRevision(
  tx: Transaction,
  before: Post | null,
  after: Post,
  record: RevisionRecord,
): Promise<number | null> {
  if (record.kind === 'save' && before && sameText(before, after)) return null;
  let latest = await latestRevision(tx, after);
  if (!latest && before) {
    // A new draft with no text yet (a title at most) has nothing worth going back to.
    if (!isEmptyDocument(before.content as RichDocument)) {
      const [baseline] = await tx
        .insert(postRevisions)
        .values({
          siteId: after.siteId,
          postId: after.id,
          number: 1,
          kind: 'baseline',
          authorId: before.ownerId,
          title: before.title,
          content: before.content,
          status: before.status,
          summary: summarizeRevision(null, stateOf(before)),
        })
        .returning();
      latest = baseline!;
    }
  }
  const extra = record.restoredFrom ? { restoredFrom: record.restoredFrom } : {};
  if (record.kind === 'save' && latest && shouldCoalesce(latest, record.authorId, record.at)) {
    const previous = latest.number > 1 ? await revisionAt(tx, after, latest.number - 1) : null;
    await tx
      .update(postRevisions)
      .set({
        title: after.title,
        content: after.content,
        status: after.status,
        summary: summarizeRevision(previous && stateOf(previous), stateOf(after), extra),
        updatedAt: record.at,
      })
      .where(
        and(
          eq(postRevisions.siteId, after.siteId),
          eq(postRevisions.postId, after.id),
          eq(postRevisions.number, latest.number),
        ),
      );
    return latest.number;
  }
  const number = (latest?.number ?? 0) + 1;
  const summary: RevisionSummary = summarizeRevision(
    latest && stateOf(latest),
    stateOf(after),
    extra,
  );
  await tx.insert(postRevisions).values({
    siteId: after.siteId,
    postId: after.id,
    number,
    kind: record.kind,
    authorId: record.authorId,
    title: after.title,
    content: after.content,
    status: after.status,
    summary,
    note: record.note ?? null,
    createdAt: record.at,
    updatedAt: record.at,
  });
  return number;
}

/** The post (not in the trash) whose history `actor` asks for, if they may edit it. */
async function postForHistory(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
) {
  const [row] = await deps.db
    .select({ ownerId: posts.ownerId, status: posts.status })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)));
  if (!row || row.status === 'deleted') throw new NotFoundError('post_not_found', 'Post not found');
  authorize(actor, 'post:edit', facts(row));
}

const revisionColumns = {
  number: postRevisions.number,
  kind: postRevisions.kind,
  authorId: postRevisions.authorId,
  authorName: members.name,
  createdAt: postRevisions.createdAt,
  updatedAt: postRevisions.updatedAt,
  title: postRevisions.title,
  status: postRevisions.status,
  summary: postRevisions.summary,
  note: postRevisions.note,
};

type ListedRevision = {
  [K in keyof typeof revisionColumns]: (typeof revisionColumns)[K]['_']['data'] | null;
};

function presentRevision(row: ListedRevision): PostRevisionView {
  return {
    number: row.number!,
    kind: row.kind as PostRevisionKind,
    author: row.authorId ? { id: row.authorId, name: row.authorName ?? '' } : null,
    createdAt: row.createdAt!.toISOString(),
    updatedAt: row.updatedAt!.toISOString(),
    title: row.title ?? '',
    status: row.status ?? '',
    summary: (row.summary ?? {}) as RevisionSummary,
    note: row.note,
  };
}

/** A page of a post's revisions, newest first (keyset on the number, the primary key's order). */
export async function listRevisions(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  query: RevisionListQuery,
): Promise<PostRevisionsPageView> {
  await postForHistory(deps, actor, site, postId);
  const rows = await deps.db
    .select(revisionColumns)
    .from(postRevisions)
    .leftJoin(
      members,
      and(eq(members.siteId, postRevisions.siteId), eq(members.id, postRevisions.authorId)),
    )
    .where(
      and(
        eq(postRevisions.siteId, site.id),
        eq(postRevisions.postId, postId),
        query.cursor === undefined ? undefined : lt(postRevisions.number, query.cursor),
      ),
    )
    .orderBy(desc(postRevisions.number))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    revisions: page.map(presentRevision),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.number : null,
  };
}

/** One revision of a post with its document. */
export async function getRevision(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  number: number,
): Promise<PostRevisionDetailView> {
  await postForHistory(deps, actor, site, postId);
  const [row] = await deps.db
    .select({ ...revisionColumns, content: postRevisions.content })
    .from(postRevisions)
    .leftJoin(
      members,
      and(eq(members.siteId, postRevisions.siteId), eq(members.id, postRevisions.authorId)),
    )
    .where(
      and(
        eq(postRevisions.siteId, site.id),
        eq(postRevisions.postId, postId),
        eq(postRevisions.number, number),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError('revision_not_found', 'Revision not found');
  return { ...presentRevision(row), content: row.content };
}

/**
 * Restores revision `number`: the post takes its title and content as a new save (`post:edit`;
 * a stale `input.revision` is the usual 409 `edit-conflict`; a live post must stay complete),
 * recorded as a `restore` revision of its own.
 */
export async function restoreRevision(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  number: number,
  input: RevisionRestore,
): Promise<EditorPostView> {
  const at = deps.now();
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    authorize(actor, 'post:edit', facts(before));
    checkRevision(before, input.revision);
    const revision = await revisionAt(tx, before, number);
    if (!revision) throw new NotFoundError('revision_not_found', 'Revision not found');
    // Stored documents are brought to today's version as any stored post is.
    const parsed = parseDocument(revision.content);
    if (!parsed.ok) throw new AppError(409, 'revision_unreadable', 'The revision cannot be read');
    const next = writeOf(before);
    next.title = revision.title;
    next.content = parsed.document;
    if (LIVE_STATUSES.has(before.status)) checkComplete(next.title, next.content);
    const isDraftSlug = before.firstPublishedDate === null && before.status !== 'published';
    // A slug the writer chose stays; a derived one follows the title (issue 19).
    if (isDraftSlug && next.title !== before.title && isDerivedSlug(before.slug, before)) {
      next.slug = await slugFor(tx, next);
    }
    const after = await updatePostIn(tx, next, before, {
      revision: before.revision + 1,
      slugs: isDraftSlug ? [next.slug] : [...before.slugs],
      updatedAt: at,
    });
    await recordRevision(tx, before, after, {
      kind: 'restore',
      authorId: actor.memberId,
      at,
      restoredFrom: number,
    });
    return after;
  });
  return presentWithReview(deps, actor, row);
}
