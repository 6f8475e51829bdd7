/**
 * Row-to-view mappings that several of the server's presenters share (CONVENTIONS "Presenters
 * are allowlists"): one home each, so that a stored image or a member is shown alike on a post
 * card, beside a comment, in the moderation queue and on a profile (issue 16 §4). Pure: they read
 * the columns they name and nothing else, and take the row's shape structurally so that domain/
 * needs nothing of the server's schema.
 */
import { profileUrl } from './profiles';
import type { ImageView, MemberSummary } from './views';

/** A stored media reference as the database holds it (server/db/schema.ts `MediaRef`). */
export interface StoredImageRef {
  id: string;
  width: number;
  height: number;
  alt?: string;
}

/** A stored image reference as pages show it: sizes from `mediaSrcSet`, no fixed URL. */
export function imageOf(ref: StoredImageRef | null | undefined): ImageView | null {
  if (!ref) return null;
  return { id: ref.id, url: null, width: ref.width, height: ref.height, alt: ref.alt ?? '' };
}

/** The member columns `memberSummaryOf` reads. */
export interface MemberSummaryRow {
  id: string;
  slug: string;
  name: string;
  image: StoredImageRef | null;
}

/**
 * A member row as shown beside their posts, comments and reports (SPEC §3 owner), with the link
 * to their profile built here (SPEC §2: profile links use siteMemberId and slug).
 */
export function memberSummaryOf(row: MemberSummaryRow, blogBase: string): MemberSummary {
  return {
    siteMemberId: row.id,
    slug: row.slug,
    name: row.name,
    image: imageOf(row.image),
    link: profileUrl(blogBase, { siteMemberId: row.id, slug: row.slug }),
  };
}
