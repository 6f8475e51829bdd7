/**
 * The review flow (issue 17 "The review flow", decision 034; SPEC §4 statuses in_review and
 * in_moderation, §6 guest-writer): a writer who may not publish submits a post for review; an
 * editor publishes it, schedules it, or sends it back with a note. The statuses, the note's limits
 * and the bodies of the review API, shared by the editor page and the server.
 */
import { z } from 'zod';
import { RevisionSchema } from './post-editor';
import type { PostStatus } from './post-status';
import { safeText } from './text-input';

/**
 * SPEC §4's two waiting statuses (decision 034): `in_review` is a post its writer submitted for
 * an editor (the only one this flow writes); `in_moderation` is a post held for an editor by
 * something other than its writer (an import of a pending post, a future content filter). Both
 * wait for an editor, and every read and rule treats them alike.
 */
export const REVIEW_STATUSES: readonly PostStatus[] = ['in_review', 'in_moderation'];

/** Whether a post of `status` waits for an editor. */
export function isInReview(status: string): boolean {
  return (REVIEW_STATUSES as readonly string[]).includes(status);
}

/** Longest note an editor may send back with a post. */
export const REVIEW_NOTE_MAX_LENGTH = 2000;

/** Submitting for review; `revision`, when given, must be the current one (else 409). */
export const PostSubmitSchema = z
  .strictObject({ revision: RevisionSchema.optional() })
  .prefault({});
export type PostSubmit = z.infer<typeof PostSubmitSchema>;

/** Sending back: a note of 1..REVIEW_NOTE_MAX_LENGTH characters (trimmed) for the writer. */
export const PostSendBackSchema = z.strictObject({
  note: safeText()
    .trim()
    .min(1, 'Write a note for the writer')
    .max(REVIEW_NOTE_MAX_LENGTH, `At most ${REVIEW_NOTE_MAX_LENGTH} characters`),
  revision: RevisionSchema.optional(),
});
export type PostSendBack = z.infer<typeof PostSendBackSchema>;

/** What the writer's editor shows of the last review: an editor's note, sent back. */
export interface ReviewNoteView {
  note: string;
  /** The editor who sent it back, by their current name. */
  by: { id: string; name: string } | null;
  /** ISO. */
  at: string;
}
