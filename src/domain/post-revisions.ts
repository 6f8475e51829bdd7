/**
 * A post's revision history (issue 17 "Revision history", decision 034): what a revision is, how
 * the change it made is summarised, when saves coalesce, and the bodies and answers of the
 * revisions API. Pure: the server records and reads revisions, the editor's History panel shows
 * them, both with these types and limits.
 */
import { z } from 'zod';
import { RevisionSchema } from './post-editor';

/**
 * Saves by the same writer within this long of the latest `save` revision's start coalesce into
 * it, so autosave (every second or so of typing) does not flood the history: at most one
 * revision per writer per five minutes of continuous work.
 */
export const POST_REVISION_COALESCE_MS = 5 * 60 * 1000;

/** Revisions per page of the list (newest first). */
export const POST_REVISIONS_PAGE_SIZE = 20;
/** At most this many per page when the caller asks. */
export const POST_REVISIONS_PAGE_SIZE_MAX = 50;

/**
 * What made a revision: `baseline` (the post as it was before its first recorded change), `save`
 * (a save that changed the title or the text; coalesces), `publish`, `schedule`, `revert` (to
 * draft), `submit` (for review), `send-back` (to its writer, with a note), `restore` (an older
 * revision taken as a new save), `duplicate` (a copy's first revision). The table's check
 * constraint lists the same words.
 */
export const POST_REVISION_KINDS = [
  'baseline',
  'save',
  'publish',
  'schedule',
  'revert',
  'submit',
  'send-back',
  'restore',
  'duplicate',
] as const;
export type PostRevisionKind = (typeof POST_REVISION_KINDS)[number];

/** What changed against the revision before (the first revision is compared with nothing). */
export interface RevisionSummary {
  wordsAdded: number;
  wordsRemoved: number;
  isTitleChanged: boolean;
  /** The status before, when this revision changed it. */
  statusFrom?: string;
  /** The status after, when this revision changed it. */
  statusTo?: string;
  /** For a `restore`: the number of the revision it restored. */
  restoredFrom?: number;
}

/** The state a revision records, as the summary compares it. */
export interface RevisionState {
  title: string;
  /** The content's plain text (rich-content `plainText`). */
  text: string;
  status: string;
}

/** The words of a text, lowercased, as a summary counts them (letters and digits runs). */
export function revisionWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

/**
 * Words added and removed between two texts, counted as multisets: a word moved counts as
 * neither, a word typed twice more counts twice. Linear in the texts' length, so a 2 MB post
 * costs no quadratic diff on the server; the History panel shows the real diff.
 */
export function wordChanges(before: string, after: string): { added: number; removed: number } {
  const counts = new Map<string, number>();
  for (const word of revisionWords(before)) counts.set(word, (counts.get(word) ?? 0) + 1);
  let added = 0;
  for (const word of revisionWords(after)) {
    const left = counts.get(word) ?? 0;
    if (left > 0) counts.set(word, left - 1);
    else added += 1;
  }
  let removed = 0;
  for (const left of counts.values()) removed += left;
  return { added, removed };
}

/** The summary of the change from `before` (null for the first revision) to `after`. */
export function summarizeRevision(
  before: RevisionState | null,
  after: RevisionState,
  extra: Pick<RevisionSummary, 'restoredFrom'> = {},
): RevisionSummary {
  const words = wordChanges(before?.text ?? '', after.text);
  const summary: RevisionSummary = {
    wordsAdded: words.added,
    wordsRemoved: words.removed,
    isTitleChanged: before !== null && before.title !== after.title,
  };
  if (before !== null && before.status !== after.status) {
    summary.statusFrom = before.status;
    summary.statusTo = after.status;
  }
  return { ...summary, ...extra };
}

/**
 * Whether a save by `authorId` at `at` folds into the latest revision instead of adding one: the
 * latest is a `save` by the same writer that started less than POST_REVISION_COALESCE_MS ago.
 */
export function shouldCoalesce(
  latest: { kind: string; authorId: string | null; createdAt: Date } | null,
  authorId: string | null,
  at: Date,
): boolean {
  if (latest?.kind !== 'save' || authorId === null) return false;
  if (latest.authorId !== authorId) return false;
  const age = at.getTime() - latest.createdAt.getTime();
  return age >= 0 && age < POST_REVISION_COALESCE_MS;
}

/** `:id` and `:rev` of a revision's routes. */
export const RevisionParamsSchema = z.object({
  id: z.uuid(),
  rev: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** The list's query: a page size and the cursor (the number the previous page ended before). */
export const RevisionListQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(POST_REVISIONS_PAGE_SIZE_MAX)
    .default(POST_REVISIONS_PAGE_SIZE),
  cursor: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type RevisionListQuery = z.infer<typeof RevisionListQuerySchema>;

/** Restoring: the post's revision the writer's page started from (a stale one is a 409). */
export const RevisionRestoreSchema = z.strictObject({ revision: RevisionSchema });
export type RevisionRestore = z.infer<typeof RevisionRestoreSchema>;

/** A revision in the list (without its document). */
export interface PostRevisionView {
  number: number;
  kind: PostRevisionKind;
  /** Who made it, by their current name; null for the scheduled-posts job. */
  author: { id: string; name: string } | null;
  /** ISO: when it was made. */
  createdAt: string;
  /** ISO: its last coalesced save (equal to createdAt for the rest). */
  updatedAt: string;
  title: string;
  status: string;
  summary: RevisionSummary;
  /** A send-back's note to the writer. */
  note: string | null;
}

/** One revision with its document, to compare and restore. */
export interface PostRevisionDetailView extends PostRevisionView {
  /** The rich-content document (SPEC §3) as it was. */
  content: unknown;
}

/** A page of a post's revisions, newest first; `nextCursor` asks for the older ones. */
export interface PostRevisionsPageView {
  revisions: PostRevisionView[];
  nextCursor: number | null;
}
