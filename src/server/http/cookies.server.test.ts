import { describe, expect, it } from 'vitest';
import {
  clearCsrfCookie,
  clearSessionCookie,
  csrfCookie,
  serializeCookie,
  sessionCookie,
} from './cookies.server';

describe('identity cookies', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const in30Days = new Date(now.getTime() + 30 * 86_400_000);

  it('the session: httpOnly, SameSite=Lax, path /, expiring with the session', () => {
    expect(sessionCookie('tok', in30Days, now, false)).toBe(
      'inkwell_session=tok; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax',
    );
  });

  it('Secure over https', () => {
    expect(sessionCookie('tok', in30Days, now, true)).toMatch(/; Secure$/);
    expect(csrfCookie('t', true)).toMatch(/; Secure$/);
  });

  it('the token cookie: readable by script, for the browser session', () => {
    expect(csrfCookie('t', false)).toBe('inkwell_csrf=t; Path=/; SameSite=Lax');
  });

  it('clearing expires at once', () => {
    expect(clearSessionCookie(false)).toBe(
      'inkwell_session=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    );
    expect(clearCsrfCookie(false)).toMatch(/^inkwell_csrf=; Path=\/; Max-Age=0;/);
    expect(serializeCookie('a', 'b', { maxAge: -5, httpOnly: false, secure: false })).toMatch(
      /Max-Age=0/,
    );
  });
});
