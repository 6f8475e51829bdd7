/**
 * Tags as writers create them (SPEC §3 "Tag: id, slug"; SPEC §6 guest-writers and up "may create
 * tags"): the label rules the editor's tag field and `POST /api/editor/tags` share, and the
 * matching that finds an existing tag for what a writer typed, so a label is stated once.
 */
import { z } from 'zod';
import { safeText } from './text-input';

/** Longest tag label (SPEC gives none; tag buttons stay one short line, SPEC §9 tag layout). */
export const TAG_LABEL_MAX_LENGTH = 50;

/**
 * A label as the writer meant it: without surrounding spaces, runs of white space as one space,
 * and without the `#` writers type out of habit (hashtags are another thing, SPEC §5).
 */
export function normalizeTagLabel(raw: string): string {
  return raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^#+\s*/, '');
}

/** The key two labels are the same tag by: case-insensitive (`Coffee` is `coffee`). */
export function tagLabelKey(label: string): string {
  return normalizeTagLabel(label).toLocaleLowerCase('en');
}

/** Why a label cannot be a tag, or null when it can. Codes are the field messages' keys. */
export function tagLabelProblem(raw: string): 'required' | 'tooLong' | 'noLetters' | null {
  const label = normalizeTagLabel(raw);
  if (label === '') return 'required';
  if ([...label].length > TAG_LABEL_MAX_LENGTH) return 'tooLong';
  // A label of punctuation alone has no slug to live at (SPEC §2 tag URL {base}/tags/{tagSlug}).
  if (!/[\p{L}\p{N}]/u.test(label)) return 'noLetters';
  return null;
}

const PROBLEM_MESSAGES = {
  required: 'is required',
  tooLong: `must be at most ${TAG_LABEL_MAX_LENGTH} characters`,
  noLetters: 'must contain a letter or a digit',
} as const;

/** A tag label from input: normalised, then checked by `tagLabelProblem`. */
export const TagLabelSchema = safeText()
  .max(TAG_LABEL_MAX_LENGTH * 4)
  .transform(normalizeTagLabel)
  .check((ctx) => {
    const problem = tagLabelProblem(ctx.value);
    if (problem)
      ctx.issues.push({ code: 'custom', message: PROBLEM_MESSAGES[problem], input: ctx.value });
  });

/** `POST /api/editor/tags`: a new tag's label. */
export const TagCreateSchema = z.strictObject({ label: TagLabelSchema });
export type TagCreate = z.infer<typeof TagCreateSchema>;

/** A tag as the editor gets it back. */
export interface EditorTagView {
  id: string;
  slug: string;
  label: string;
}

/** The existing tag whose label is the same as `label` (case-insensitive), if any. */
export function findTagByLabel<T extends { label: string }>(
  tags: readonly T[],
  label: string,
): T | undefined {
  const key = tagLabelKey(label);
  return key === '' ? undefined : tags.find((tag) => tagLabelKey(tag.label) === key);
}

/** Most tag suggestions the tag field lists at once. */
export const TAG_SUGGESTIONS_MAX = 8;

/**
 * The tags to suggest for what the writer has typed: labels that start with it first, then labels
 * with a word that starts with it, then labels that contain it; `exclude` (already chosen) never.
 */
export function suggestTags<T extends { id: string; label: string }>(
  tags: readonly T[],
  query: string,
  exclude: ReadonlySet<string>,
  max = TAG_SUGGESTIONS_MAX,
): T[] {
  const key = tagLabelKey(query);
  const ranked: { tag: T; rank: number }[] = [];
  for (const tag of tags) {
    if (exclude.has(tag.id)) continue;
    const label = tagLabelKey(tag.label);
    let rank: number;
    if (key === '') rank = 0;
    else if (label.startsWith(key)) rank = 0;
    else if (label.split(/[\s\-_/]+/).some((word) => word.startsWith(key))) rank = 1;
    else if (label.includes(key)) rank = 2;
    else continue;
    ranked.push({ tag, rank });
  }
  // Stable: within a rank, the given order (the reader lists the most used tags first).
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, max)
    .map((entry) => entry.tag);
}
