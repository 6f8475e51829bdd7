/**
 * The comment edit page's address (SPEC §2 `/:postSlug/edit-comment/:commentId`). The route table
 * (routes.ts) holds the pattern; the builder lives here, like the profile builders in profiles.ts,
 * so that the feed pages, which load routes.ts, don't carry it (decision 009).
 */
import { trimBase } from './routes';

/** The comment edit page, {base}/{slug}/edit-comment/{commentId}. */
export function commentEditUrl(base: string, postSlug: string, commentId: string): string {
  const slug = encodeURIComponent(postSlug);
  return `${trimBase(base)}/${slug}/edit-comment/${encodeURIComponent(commentId)}`;
}
