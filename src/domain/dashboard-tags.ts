/**
 * The dashboard's tags (issue 17 § Tags): the list query (keyset pages, search, sort), the rename
 * and merge inputs that the screen and `/api/dashboard/tags` share, and the list's cursor.
 */
import { z } from 'zod';
import { EditedSlugSchema } from './dashboard-categories';
import { TagLabelSchema } from './tags';
import { safeText } from './text-input';

/** Tags per page of the dashboard's list. */
export const DASHBOARD_TAGS_PAGE_SIZE = 50;
/** Longest search text. */
export const TAG_SEARCH_MAX_LENGTH = 100;

/** How the list is sorted: by label A–Z, or most used first. */
export const TAG_SORTS = ['label', 'posts'] as const;
export type TagSort = (typeof TAG_SORTS)[number];

/** `GET /api/dashboard/tags?q=&sort=&cursor=` */
export const DashboardTagsQuerySchema = z.strictObject({
  q: safeText().trim().max(TAG_SEARCH_MAX_LENGTH).optional(),
  sort: z.enum(TAG_SORTS).optional(),
  cursor: safeText().max(400).optional(),
});
export type DashboardTagsQuery = z.infer<typeof DashboardTagsQuerySchema>;

/** `PATCH /api/dashboard/tags/:id`: a new label and, optionally, a new slug. */
export const TagRenameSchema = z.strictObject({
  label: TagLabelSchema,
  slug: EditedSlugSchema.optional(),
});
export type TagRename = z.infer<typeof TagRenameSchema>;

/** `POST /api/dashboard/tags/:id/merge`: the tag that survives. */
export const TagMergeSchema = z.strictObject({ into: z.uuid() });
export type TagMerge = z.infer<typeof TagMergeSchema>;

/** `:id` of a tag route. */
export const TagIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A tag as the dashboard lists it. */
export interface DashboardTagView {
  id: string;
  label: string;
  slug: string;
  slugs: string[];
  /** Published posts with the tag. */
  postCount: number;
  link: string;
}

/** One page of the dashboard's tag list. */
export interface DashboardTagsPageView {
  tags: DashboardTagView[];
  /** The next page's cursor, or null on the last page. */
  nextCursor: string | null;
}

/** The position after the last row of a page: its sort key and id. */
export type TagCursor =
  | { sort: 'label'; label: string; id: string }
  | { sort: 'posts'; postCount: number; id: string };

/** A cursor as the URL carries it (base64url JSON). */
export function encodeTagCursor(cursor: TagCursor): string {
  const json = JSON.stringify(cursor);
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const CursorSchema = z.union([
  z.strictObject({ sort: z.literal('label'), label: z.string().max(400), id: z.uuid() }),
  z.strictObject({ sort: z.literal('posts'), postCount: z.number().int().min(0), id: z.uuid() }),
]);

/** The cursor of `raw`, or null when it is not one this list made. */
export function decodeTagCursor(raw: string): TagCursor | null {
  try {
    const base64 = raw.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    const parsed = CursorSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The tags screen's read (load-context.ts `DashboardReads.tags`). */
export interface DashboardTagReads {
  /** One page of tags; refuses as `GET /api/dashboard/tags` does. */
  list(query: DashboardTagsQuery): Promise<DashboardTagsPageView>;
}
