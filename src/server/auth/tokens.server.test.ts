import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csrfTokenFor,
  hashToken,
  isCsrfTokenValid,
  isTokenShaped,
  newToken,
} from './tokens.server';

describe('tokens', () => {
  it('are 43 base64url characters of randomness, each different', () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(isTokenShaped(token)).toBe(true);
  });

  it('are recognised by shape before any lookup', () => {
    for (const text of ['bench', '', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, null]) {
      expect(isTokenShaped(text)).toBe(false);
    }
  });

  it('are stored as a hash that does not contain them', () => {
    const token = newToken();
    expect(hashToken(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(token);
  });
});

describe('anti-forgery tokens', () => {
  it('fit only the credential they are bound to', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        const token = csrfTokenFor({ kind: 'session', token: a });
        expect(isCsrfTokenValid({ kind: 'session', token: a }, token)).toBe(true);
        if (a !== b) expect(isCsrfTokenValid({ kind: 'session', token: b }, token)).toBe(false);
        // A session and a visitor id of the same text are different bindings.
        expect(isCsrfTokenValid({ kind: 'visitor', id: a }, token)).toBe(false);
      }),
    );
  });

  it('refuse a missing or malformed token', () => {
    const binding = { kind: 'visitor', id: '6f1c0c36-5f5f-4f43-9d0a-0a3b3f3c2b1a' } as const;
    expect(isCsrfTokenValid(binding, null)).toBe(false);
    expect(isCsrfTokenValid(binding, '')).toBe(false);
    expect(isCsrfTokenValid(binding, 'x')).toBe(false);
    expect(isCsrfTokenValid(binding, csrfTokenFor(binding))).toBe(true);
  });
});
