/**
 * The link preview dialog's client of `GET /api/editor/link-preview` (issue 4): what the page at
 * an address says about itself, or why the server could not read it. Never throws.
 */
import {
  LINK_PREVIEW_ERROR_CODES,
  type LinkPreviewErrorCode,
  type LinkPreviewView,
} from '../../domain/link-preview';
import { apiFetch, type FetchLike } from '../api-client';
import type { LinkPreviewResult } from './editor-services';

export type { LinkPreviewResult };

/** Where link previews come from. */
export const LINK_PREVIEW_URL = '/api/editor/link-preview';

/** Asks the server what the page at `url` (an absolute http(s) address) says about itself. */
export async function fetchLinkPreview(
  url: string,
  fetchFn: FetchLike = apiFetch,
  signal?: AbortSignal,
): Promise<LinkPreviewResult> {
  try {
    const response = await fetchFn(`${LINK_PREVIEW_URL}?url=${encodeURIComponent(url)}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
    const body = (await response.json().catch(() => null)) as
      | (LinkPreviewView & { error?: { code?: unknown } })
      | null;
    if (response.ok && body && typeof body.url === 'string') return { kind: 'ok', preview: body };
    const code = body?.error?.code;
    return {
      kind: 'error',
      code: (LINK_PREVIEW_ERROR_CODES as readonly unknown[]).includes(code)
        ? (code as LinkPreviewErrorCode)
        : 'failed',
    };
  } catch {
    return { kind: 'error', code: 'failed' };
  }
}
