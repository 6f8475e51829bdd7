import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStateChangingMethod, readCookie, safeNextPath } from './session';

describe('safeNextPath (no open redirect)', () => {
  const fallback = '/blog';

  it('keeps paths of this site, with their query and hash', () => {
    expect(safeNextPath('/blog/create-post', fallback)).toBe('/blog/create-post');
    expect(safeNextPath('/my-posts?status=drafts', fallback)).toBe('/my-posts?status=drafts');
    expect(safeNextPath('/blog/a-post#comments', fallback)).toBe('/blog/a-post#comments');
  });

  it('refuses anything that could leave the site', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeNextPath(next, fallback)).toBe(fallback);
    }
  });

  it('never returns to the login page itself', () => {
    expect(safeNextPath('/blog/login?next=/x', fallback, '/blog/login')).toBe(fallback);
    expect(safeNextPath('/blog/login/', fallback, '/blog/login')).toBe(fallback);
  });

  it('whatever it is given, answers a same-origin path', () => {
    fc.assert(
      fc.property(fc.string(), (next) => {
        const safe = safeNextPath(next, fallback);
        expect(safe.startsWith('/')).toBe(true);
        expect(safe.startsWith('//')).toBe(false);
        expect(new URL(safe, 'https://site.example').origin).toBe('https://site.example');
      }),
    );
  });
});

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    const header = 'a=1; inkwell_csrf=tok%3D; inkwell_session=s';
    expect(readCookie(header, 'inkwell_csrf')).toBe('tok=');
    expect(readCookie(header, 'inkwell_session')).toBe('s');
    expect(readCookie(header, 'missing')).toBeNull();
    expect(readCookie(undefined, 'a')).toBeNull();
    expect(readCookie('xinkwell_csrf=1', 'inkwell_csrf')).toBeNull();
  });
});

describe('isStateChangingMethod', () => {
  it('is every method but the safe ones', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'get'].map(isStateChangingMethod)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].every(isStateChangingMethod)).toBe(true);
  });
});
