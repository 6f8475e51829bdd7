/**
 * Fetches a web page for a link preview (issue 4) through the server's guarded GET
 * (`net/guarded-get`: public addresses only, pinned lookup, redirects checked again): at most 3
 * redirects; 3 seconds for everything; at most 512 KB of body read (a head is enough); HTML only.
 * Loopback can be allowed for tests, which serve their pages on 127.0.0.1.
 */
import type { IncomingMessage } from 'node:http';
import type { LinkPreviewErrorCode } from '../../domain/link-preview';
import { GuardedGetError, guardedGet } from '../net/guarded-get.server';

export { isAllowedAddress } from '../net/guarded-get.server';

/** The limits of one fetch. */
export const LINK_PREVIEW_FETCH = {
  timeoutMs: 3000,
  maxBytes: 512 * 1024,
  maxRedirects: 3,
} as const;

export interface FetchPageOptions {
  /** Allow loopback addresses (127.0.0.0/8, ::1): tests only. */
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** A page that was read: where it ended up, and its text. */
export interface FetchedPage {
  finalUrl: string;
  html: string;
}

/** Why a page could not be read, with the code the API answers. */
export class LinkPreviewFetchError extends Error {
  constructor(
    readonly code: LinkPreviewErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LinkPreviewFetchError';
  }
}

/** Reads at most `maxBytes` of a response, then stops reading it. */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    chunks.push(buffer);
    size += buffer.length;
    if (size >= maxBytes) break;
  }
  response.destroy();
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

/** The charset a Content-Type names, if TextDecoder knows it. */
function decoderFor(contentType: string): TextDecoder {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/** The link preview's code for a failed guarded GET (messages as the API has always said). */
function failureOf(error: unknown, signal: AbortSignal): LinkPreviewFetchError {
  if (error instanceof LinkPreviewFetchError) return error;
  if (signal.aborted) return new LinkPreviewFetchError('link_preview_timeout', 'Too slow');
  if (!(error instanceof GuardedGetError)) {
    return new LinkPreviewFetchError('link_preview_unreachable', 'The page could not be reached');
  }
  switch (error.failure) {
    case 'blocked':
      return new LinkPreviewFetchError('link_preview_blocked', error.message);
    case 'timeout':
      return new LinkPreviewFetchError('link_preview_timeout', 'Too slow');
    case 'redirects':
      return new LinkPreviewFetchError('link_preview_unreachable', 'Too many redirects');
    case 'status':
      return new LinkPreviewFetchError(
        'link_preview_unreachable',
        `The page answered ${error.status}`,
      );
    default:
      return new LinkPreviewFetchError('link_preview_unreachable', 'The page could not be reached');
  }
}

/** Fetches the HTML page at `address` within the limits; throws `LinkPreviewFetchError`. */
export async function fetchPage(
  address: string,
  options: FetchPageOptions = {},
): Promise<FetchedPage> {
  const maxBytes = options.maxBytes ?? LINK_PREVIEW_FETCH.maxBytes;
  const signal = AbortSignal.timeout(options.timeoutMs ?? LINK_PREVIEW_FETCH.timeoutMs);
  try {
    const { response, url } = await guardedGet(address, {
      ...(options.allowLoopback !== undefined && { allowLoopback: options.allowLoopback }),
      signal,
      maxRedirects: options.maxRedirects ?? LINK_PREVIEW_FETCH.maxRedirects,
      headers: {
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'accept-encoding': 'identity',
        'user-agent': 'InkwellLinkPreview/1.0 (+link previews for blog posts)',
      },
    });
    const contentType = response.headers['content-type'] ?? '';
    if (!HTML_TYPES.test(contentType)) {
      response.destroy();
      throw new LinkPreviewFetchError('link_preview_not_html', 'Not an HTML page');
    }
    const body = await readCapped(response, maxBytes);
    return { finalUrl: url.href, html: decoderFor(contentType).decode(body) };
  } catch (error) {
    throw failureOf(error, signal);
  }
}
