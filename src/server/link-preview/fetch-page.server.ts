/**
 * Fetches a web page for a link preview (issue 4), guarded against server-side request forgery:
 * only http and https; every host is resolved by our own lookup, which refuses names that resolve
 * to private, loopback, link-local or other non-public addresses (and the connection goes to the
 * very address that was checked, so a DNS answer cannot change in between); at most 3 redirects,
 * each checked again; 3 seconds for everything; at most 512 KB of body read (a head is enough);
 * HTML only. Loopback can be allowed for tests, which serve their pages on 127.0.0.1.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { LinkPreviewErrorCode } from '../../domain/link-preview';

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

/** Whether an IP address is one the server may connect to: public unicast, or loopback if allowed. */
export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() reads ::ffff:10.0.0.1 as 10.0.0.1.
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  const range = parsed.range();
  if (range === 'unicast') return true;
  return allowLoopback && range === 'loopback';
}

/** A DNS lookup that answers only with allowed addresses and fails for a name with any other. */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => !isAllowedAddress(entry.address, allowLoopback));
      if (list.length === 0 || refused) {
        const blocked = Object.assign(new Error(`${hostname} is not a public address`), {
          code: 'EBLOCKEDADDRESS',
        });
        callback(blocked, '', 4);
        return;
      }
      if (options.all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      } else {
        callback(null, list[0]!.address, list[0]!.family);
      }
    });
  };
}

/** The host of a URL as an IP address when it is one (`[::1]` → `::1`). */
function ipHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/** Checks a URL before connecting: scheme, and an IP host (names are checked by the lookup). */
function checkTarget(url: URL, allowLoopback: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LinkPreviewFetchError('link_preview_blocked', 'Only http and https pages');
  }
  if (url.username || url.password) {
    throw new LinkPreviewFetchError('link_preview_blocked', 'Addresses with credentials');
  }
  const ip = ipHost(url);
  if (ip !== null && !isAllowedAddress(ip, allowLoopback)) {
    throw new LinkPreviewFetchError('link_preview_blocked', 'Not a public address');
  }
}

function request(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(url, {
      lookup,
      signal,
      headers: {
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'accept-encoding': 'identity',
        'user-agent': 'InkwellLinkPreview/1.0 (+link previews for blog posts)',
      },
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
  });
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

function failureOf(error: unknown, signal: AbortSignal): LinkPreviewFetchError {
  if (error instanceof LinkPreviewFetchError) return error;
  if (signal.aborted) return new LinkPreviewFetchError('link_preview_timeout', 'Too slow');
  const code = (error as { code?: string } | null)?.code;
  if (code === 'EBLOCKEDADDRESS') {
    return new LinkPreviewFetchError('link_preview_blocked', 'Not a public address');
  }
  return new LinkPreviewFetchError('link_preview_unreachable', 'The page could not be reached');
}

/** Fetches the HTML page at `address` within the limits; throws `LinkPreviewFetchError`. */
export async function fetchPage(
  address: string,
  options: FetchPageOptions = {},
): Promise<FetchedPage> {
  const allowLoopback = options.allowLoopback ?? false;
  const maxBytes = options.maxBytes ?? LINK_PREVIEW_FETCH.maxBytes;
  const maxRedirects = options.maxRedirects ?? LINK_PREVIEW_FETCH.maxRedirects;
  const signal = AbortSignal.timeout(options.timeoutMs ?? LINK_PREVIEW_FETCH.timeoutMs);
  const lookup = guardedLookup(allowLoopback);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new LinkPreviewFetchError('link_preview_unreachable', 'Not an address');
  }
  try {
    for (let redirects = 0; ; redirects++) {
      checkTarget(url, allowLoopback);
      const response = await request(url, lookup, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        if (redirects >= maxRedirects) {
          throw new LinkPreviewFetchError('link_preview_unreachable', 'Too many redirects');
        }
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new LinkPreviewFetchError('link_preview_unreachable', `The page answered ${status}`);
      }
      const contentType = response.headers['content-type'] ?? '';
      if (!HTML_TYPES.test(contentType)) {
        response.destroy();
        throw new LinkPreviewFetchError('link_preview_not_html', 'Not an HTML page');
      }
      const body = await readCapped(response, maxBytes);
      return { finalUrl: url.href, html: decoderFor(contentType).decode(body) };
    }
  } catch (error) {
    throw failureOf(error, signal);
  }
}
