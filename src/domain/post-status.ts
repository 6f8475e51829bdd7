/**
 * The statuses a post moves through (SPEC §4). The database's check constraint and the
 * permission rules both read this list.
 */

/** SPEC §4: published, unpublished, scheduled, deleted, in_moderation, in_review. */
export const POST_STATUSES = [
  'published',
  'unpublished',
  'scheduled',
  'deleted',
  'in_moderation',
  'in_review',
] as const;

/** One of the SPEC §4 post statuses. */
export type PostStatus = (typeof POST_STATUSES)[number];
