/**
 * The identity cookies (decision 017): the session (httpOnly, SameSite=Lax, Secure over https,
 * path /, with an expiry) and the anti-forgery token's cookie (the same, but readable by the
 * page's script, which echoes it in the `x-csrf-token` header).
 */
import { CSRF_COOKIE, SESSION_COOKIE } from '../../domain/session';
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS } from '../auth/device.server';

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie; absent makes it last as long as the browser session. */
  maxAge?: number;
  httpOnly: boolean;
  secure: boolean;
}

/** One `Set-Cookie` value. Values we set are base64url or UUIDs, so need no encoding. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/'];
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
    if (options.maxAge <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.httpOnly) parts.push('HttpOnly');
  parts.push('SameSite=Lax');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The session cookie for `token`, expiring with the session. */
export function sessionCookie(token: string, expiresAt: Date, now: Date, secure: boolean): string {
  const maxAge = Math.round((expiresAt.getTime() - now.getTime()) / 1000);
  return serializeCookie(SESSION_COOKIE, token, { maxAge, httpOnly: true, secure });
}

/** Deletes the session cookie. */
export function clearSessionCookie(secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, '', { maxAge: 0, httpOnly: true, secure });
}

/**
 * The anti-forgery token's cookie: as long as the session it is bound to (`maxAge`), or the
 * browser session. The script asks for a new one (`GET /api/session/csrf`) whenever it has none.
 */
export function csrfCookie(token: string, secure: boolean, maxAge?: number): string {
  return serializeCookie(CSRF_COOKIE, token, { httpOnly: false, secure, maxAge });
}

/** Deletes the anti-forgery token's cookie. */
export function clearCsrfCookie(secure: boolean): string {
  return serializeCookie(CSRF_COOKIE, '', { maxAge: 0, httpOnly: false, secure });
}

/**
 * The device cookie (decision 028): httpOnly, a year. Signing out keeps it: the browser stays
 * known to the account, which is the point.
 */
export function deviceCookie(token: string, secure: boolean): string {
  return serializeCookie(DEVICE_COOKIE, token, {
    maxAge: DEVICE_TTL_SECONDS,
    httpOnly: true,
    secure,
  });
}
