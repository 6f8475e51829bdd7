/**
 * What the browser and the server both need to know about sessions and the anti-forgery token
 * (SPEC §7 "anti-forgery token from a cookie"; decision 017): cookie and header names, reading a
 * cookie, the `next` address a login continues to (SPEC §4), and the signed-in member as the
 * header shows them. No zod and no I/O: the feed's script may import this.
 */
import type { MemberSummary } from './views';

/** The session cookie (httpOnly). The page cache never serves or stores a request carrying it. */
export const SESSION_COOKIE = 'inkwell_session';

/** The anti-forgery token's cookie: readable by the page's script, which echoes it in a header. */
export const CSRF_COOKIE = 'inkwell_csrf';

/** The header state-changing requests carry the anti-forgery token in. */
export const CSRF_HEADER = 'x-csrf-token';

/** The form field a route action's form carries the token in (forms cannot set headers). */
export const CSRF_FIELD = '_csrf';

/** The error code of a request refused for a missing or wrong anti-forgery token (403). */
export const CSRF_ERROR_CODE = 'csrf_invalid';

/** Where the browser asks for a token when it has none (it also sets the cookie). */
export const CSRF_TOKEN_URL = '/api/session/csrf';

/** Methods that change state and therefore need the token. */
export function isStateChangingMethod(method: string): boolean {
  const upper = method.toUpperCase();
  return upper !== 'GET' && upper !== 'HEAD' && upper !== 'OPTIONS';
}

/** The value of cookie `name` in a `Cookie` header (or `document.cookie`), or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** Longest `next` address kept (anything longer is dropped, not cut). */
export const NEXT_PATH_MAX_LENGTH = 2000;

/**
 * The address a login continues to (SPEC §4 "the action then continues"), or `fallback`: only a
 * path of this site (`/…`), never another origin. `//evil.example`, `/\evil.example`,
 * `https://…`, `javascript:…` and control characters are refused (no open redirect), and so is
 * the login page itself (a loop).
 */
export function safeNextPath(
  next: string | null | undefined,
  fallback: string,
  loginPath?: string,
): string {
  if (typeof next !== 'string' || next === '' || next.length > NEXT_PATH_MAX_LENGTH) {
    return fallback;
  }
  // One path of this origin: a single leading slash, then no second slash or backslash.
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // Browsers drop tabs and newlines from URLs ('/\t/evil.example' is '//evil.example').
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(next, 'http://inkwell.invalid');
  } catch {
    return fallback;
  }
  if (parsed.origin !== 'http://inkwell.invalid') return fallback;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  if (loginPath && parsed.pathname.replace(/\/+$/, '') === loginPath.replace(/\/+$/, '')) {
    return fallback;
  }
  return path;
}

/**
 * The signed-in member as the pages show them (the header's profile area, SPEC §2/§9): their
 * public summary and what the header offers them. Null for a visitor.
 */
export interface SessionMemberView extends MemberSummary {
  /** Blocked members are signed in but count as guests (SPEC §4, §6). */
  isBlocked: boolean;
  /** Whether the profile menu offers Create post (`can(actor, 'post:create')`). */
  canCreatePost: boolean;
  /** Whether the profile menu offers Dashboard (`can(actor, 'dashboard:open')`, issue 17). */
  canOpenDashboard: boolean;
  /** Whether the profile menu offers Customize blog, the builder's editor (`builder:open`). */
  canCustomizeBlog: boolean;
}
