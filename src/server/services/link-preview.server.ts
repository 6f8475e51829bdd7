/**
 * Link previews for the writer's editor (issue 4): what the page at an address says about itself
 * (`link-preview/page-metadata`), read through the guarded fetch (`link-preview/fetch-page`).
 * Only members who may write posts may ask (SPEC §6 `post:create`): the server fetching pages
 * for anyone would be an open proxy.
 */
import type { LinkPreviewView } from '../../domain/link-preview';
import { type Actor, whyNot } from '../../domain/permissions';
import { AppError, PermissionError } from '../errors.server';
import {
  type FetchPageOptions,
  fetchPage,
  LinkPreviewFetchError,
} from '../link-preview/fetch-page.server';

export interface LinkPreviewDeps {
  /** The fetch's limits; `allowLoopback` only in tests. */
  fetch?: FetchPageOptions;
}

/** The HTTP status of each failure: the page's fault (422) or the network's (502, 504). */
const STATUS = {
  link_preview_blocked: 422,
  link_preview_not_html: 422,
  link_preview_unreachable: 502,
  link_preview_timeout: 504,
} as const;

/** Builds the link preview service. */
export function createLinkPreviews({ fetch = {} }: LinkPreviewDeps = {}) {
  /** The preview of the page at `url` (an http(s) address the caller has parsed). */
  async function preview(actor: Actor, url: string): Promise<LinkPreviewView> {
    const reason = whyNot(actor, 'post:create', {});
    if (reason !== null) throw new PermissionError(reason);
    let page: Awaited<ReturnType<typeof fetchPage>>;
    try {
      page = await fetchPage(url, fetch);
    } catch (error) {
      if (error instanceof LinkPreviewFetchError) {
        throw new AppError(STATUS[error.code], error.code, error.message);
      }
      throw error;
    }
    // The HTML parser (htmlparser2) loads with the first preview, not at start-up (decision 056).
    const { parsePageMetadata } = await import('../link-preview/page-metadata.server');
    const { title, description, imageUrl, siteName } = parsePageMetadata(page.html, page.finalUrl);
    return {
      url,
      ...(title !== undefined && { title }),
      ...(description !== undefined && { description }),
      ...(imageUrl !== undefined && { thumbnailUrl: imageUrl }),
      ...(siteName !== undefined && { siteName }),
    };
  }

  return { preview };
}

export type LinkPreviewService = ReturnType<typeof createLinkPreviews>;
