/**
 * Session, reset and anti-forgery tokens (decision 017). A token is 32 random bytes in base64url
 * (43 characters); the database keeps only its SHA-256, so reading the tables does not sign
 * anyone in. The anti-forgery token is an HMAC keyed by what it is bound to (the session token,
 * or the visitor id of an anonymous visitor): the server recomputes it and stores nothing.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 32;
/** What every token we issue looks like: 43 base64url characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new random token. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Whether a text could be a token we issued (anything else needs no database lookup). */
export function isTokenShaped(value: string | null | undefined): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}

/** The stored form of a token: its SHA-256, base64url. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** What an anti-forgery token is bound to: a session token, or an anonymous visitor's id. */
export type CsrfBinding = { kind: 'session'; token: string } | { kind: 'visitor'; id: string };

/** The anti-forgery token for a binding (SPEC §7 anti-forgery token). */
export function csrfTokenFor(binding: CsrfBinding): string {
  const key = binding.kind === 'session' ? `s:${binding.token}` : `v:${binding.id}`;
  return createHmac('sha256', key).update('inkwell anti-forgery v1').digest('base64url');
}

/** Whether `presented` is the binding's anti-forgery token; constant time. */
export function isCsrfTokenValid(binding: CsrfBinding, presented: string | null): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenFor(binding));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
