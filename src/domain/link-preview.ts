/**
 * Link previews from the writer's editor (issue 4; SPEC §3 "Link preview: link, title,
 * thumbnailUrl, description"): the address the editor asks about and what the server found on
 * that page. The dialog and `GET /api/editor/link-preview` share these.
 */
import { z } from 'zod';
import { safeText } from './text-input';

/** Longest address the server will look up. */
export const LINK_PREVIEW_URL_MAX_LENGTH = 2048;
/** Longest title and description kept from a page (longer ones are cut at a word). */
export const LINK_PREVIEW_TITLE_MAX_LENGTH = 300;
export const LINK_PREVIEW_DESCRIPTION_MAX_LENGTH = 1000;

/** Whether a text is an absolute http(s) address (the only kind a server should fetch). */
export function isWebAddress(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `?url=`: an absolute http or https address. */
export const LinkPreviewQuerySchema = z.strictObject({
  url: safeText()
    .trim()
    .min(1, 'is required')
    .max(LINK_PREVIEW_URL_MAX_LENGTH)
    .refine(isWebAddress, 'must be an http or https address'),
});
export type LinkPreviewQuery = z.infer<typeof LinkPreviewQuerySchema>;

/** What a page says about itself (Open Graph, then its title and description). */
export interface LinkPreviewView {
  /** The address asked about (the card links there, not to where redirects ended). */
  url: string;
  title?: string;
  description?: string;
  /** An absolute http(s) image address. */
  thumbnailUrl?: string;
  /** `og:site_name`; the model keeps no site name, so the dialog uses it only as a title of last resort. */
  siteName?: string;
}

/** Why the server could not read a page; the dialog says each in words. */
export const LINK_PREVIEW_ERROR_CODES = [
  'link_preview_blocked',
  'link_preview_unreachable',
  'link_preview_timeout',
  'link_preview_not_html',
] as const;
export type LinkPreviewErrorCode = (typeof LINK_PREVIEW_ERROR_CODES)[number];
