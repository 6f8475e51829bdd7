/**
 * The server's one way to GET something from an address a user gave (link previews, issue 4;
 * media of an import, issue 21), guarded against server-side request forgery: only http and
 * https, no credentials in the address; every host is resolved by our own lookup, which refuses
 * names that resolve to private, loopback, link-local or other non-public addresses (and the
 * connection goes to the very address that was checked, so a DNS answer cannot change in
 * between); redirects are followed up to a limit, each checked again. Loopback can be allowed
 * for tests, which serve on 127.0.0.1. What the body may be (HTML, an image) and how much of it
 * is read is the caller's business: this answers a 2xx response, not yet read.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Why a GET failed: `blocked` (not http(s), credentials, a non-public address), `unresolved`
 * (the name has no address), `unreachable` (no connection, or it broke), `timeout`, `redirects`
 * (too many), `status` (a non-2xx answer).
 */
export type GuardedGetFailure =
  | 'blocked'
  | 'unresolved'
  | 'unreachable'
  | 'timeout'
  | 'redirects'
  | 'status';

/** A failed guarded GET; `isHostFailure` when the host itself cannot be reached at all. */
export class GuardedGetError extends Error {
  constructor(
    readonly failure: GuardedGetFailure,
    message: string,
    /** The host that failed (after redirects, the one last tried). */
    readonly host: string,
    details: { status?: number; isHostFailure?: boolean } = {},
  ) {
    super(message);
    this.name = 'GuardedGetError';
    this.status = details.status;
    this.isHostFailure = details.isHostFailure ?? failure === 'unresolved';
  }

  /** The answer's status, for `status`. */
  readonly status: number | undefined;
  /**
   * The host could not be resolved or no connection to it could be opened: every other address
   * on it would fail the same way, so a caller with many may stop trying that host.
   */
  readonly isHostFailure: boolean;
}

export interface GuardedGetOptions {
  /** Allow loopback addresses (127.0.0.0/8, ::1): tests only. */
  allowLoopback?: boolean;
  /** Ends everything (lookup, connection, redirects) when it aborts. */
  signal: AbortSignal;
  maxRedirects: number;
  /** How long a connection may take to open; past it the host counts as unreachable. */
  connectTimeoutMs?: number;
  headers: Record<string, string>;
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
    throw new GuardedGetError('blocked', 'Only http and https addresses', url.host);
  }
  if (url.username || url.password) {
    throw new GuardedGetError('blocked', 'Addresses with credentials', url.host);
  }
  const ip = ipHost(url);
  if (ip !== null && !isAllowedAddress(ip, allowLoopback)) {
    throw new GuardedGetError('blocked', 'Not a public address', url.host);
  }
}

/**
 * Why `address` would be refused before any lookup (not http(s), credentials, an IP address that
 * is not public), or null: a dry run can tell without the network. Names are only checked when
 * looked up.
 */
export function refusalOf(address: string, allowLoopback = false): string | null {
  try {
    checkTarget(new URL(address), allowLoopback);
    return null;
  } catch (error) {
    return error instanceof GuardedGetError ? error.message : 'Not an address';
  }
}

/** The error a connection that took too long to open is destroyed with. */
const CONNECT_TIMEOUT = 'ECONNECTTIMEOUT';

function request(
  url: URL,
  lookup: LookupFunction,
  options: GuardedGetOptions,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(url, { lookup, signal: options.signal, headers: options.headers });
    if (options.connectTimeoutMs !== undefined) {
      const timer = setTimeout(() => {
        outgoing.destroy(
          Object.assign(new Error('Connection too slow'), { code: CONNECT_TIMEOUT }),
        );
      }, options.connectTimeoutMs);
      timer.unref();
      outgoing.on('socket', (socket) => {
        // A reused socket is connected already; a new one clears the timer when it connects.
        if (!socket.connecting) clearTimeout(timer);
        else socket.once('connect', () => clearTimeout(timer));
      });
      outgoing.once('close', () => clearTimeout(timer));
    }
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
  });
}

/** Network error codes that say the host cannot be reached at all (not this one address). */
const HOST_UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);
const HOST_UNREACHABLE = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  CONNECT_TIMEOUT,
]);

function failureOf(error: unknown, url: URL, signal: AbortSignal): GuardedGetError {
  if (error instanceof GuardedGetError) return error;
  if (signal.aborted) return new GuardedGetError('timeout', 'Too slow', url.host);
  const code = (error as { code?: string } | null)?.code ?? '';
  if (code === 'EBLOCKEDADDRESS') {
    return new GuardedGetError('blocked', 'Not a public address', url.host);
  }
  if (HOST_UNRESOLVED.has(code)) {
    return new GuardedGetError('unresolved', `${url.hostname} has no address`, url.host);
  }
  if (HOST_UNREACHABLE.has(code)) {
    return new GuardedGetError('unreachable', `${url.host} cannot be reached (${code})`, url.host, {
      isHostFailure: true,
    });
  }
  return new GuardedGetError('unreachable', 'The address could not be reached', url.host);
}

/**
 * GETs `address` within the guard and answers its 2xx response (unread: the caller reads or
 * destroys it) and the address it ended at. Throws `GuardedGetError`.
 */
export async function guardedGet(
  address: string,
  options: GuardedGetOptions,
): Promise<{ response: IncomingMessage; url: URL }> {
  const allowLoopback = options.allowLoopback ?? false;
  const lookup = guardedLookup(allowLoopback);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new GuardedGetError('unreachable', 'Not an address', '');
  }
  try {
    for (let redirects = 0; ; redirects++) {
      checkTarget(url, allowLoopback);
      const response = await request(url, lookup, options);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        if (redirects >= options.maxRedirects) {
          throw new GuardedGetError('redirects', 'Too many redirects', url.host);
        }
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new GuardedGetError('status', `The address answered ${status}`, url.host, { status });
      }
      return { response, url };
    }
  } catch (error) {
    throw failureOf(error, url, options.signal);
  }
}
