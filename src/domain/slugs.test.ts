import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  draftPlaceholderSlug,
  isDerivedSlug,
  isReservedSlug,
  isSlugShape,
  normalizeCategorySlug,
  RESERVED_SLUGS,
  SLUG_MAX_LENGTH,
  slugInput,
  slugify,
  uniqueSlug,
} from './slugs';

describe('RESERVED_SLUGS', () => {
  it('holds the 45 words of SPEC §2', () => {
    expect(RESERVED_SLUGS).toHaveLength(45);
    expect(new Set(RESERVED_SLUGS).size).toBe(45);
    expect(RESERVED_SLUGS).toContain('create-post');
    expect(RESERVED_SLUGS).toContain('404');
    expect(RESERVED_SLUGS).toContain('post-list-modal');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(RESERVED_SLUGS)).toBe(true);
  });
});

describe('isReservedSlug', () => {
  it('matches reserved words in any case', () => {
    expect(isReservedSlug('login')).toBe(true);
    expect(isReservedSlug('LOGIN')).toBe(true);
    expect(isReservedSlug('Sign-Up')).toBe(true);
  });

  it('does not match ordinary slugs or near misses', () => {
    expect(isReservedSlug('my-post')).toBe(false);
    expect(isReservedSlug('login-2')).toBe(false);
    expect(isReservedSlug('')).toBe(false);
  });
});

describe('slugify', () => {
  it('lowercases and dashes words', () => {
    expect(slugify('Hello, World!')).toBe('hello-world');
  });

  it('folds diacritics to ASCII', () => {
    expect(slugify('Crème brûlée à Paris')).toBe('creme-brulee-a-paris');
    expect(slugify('Ｆｕｌｌｗｉｄｔｈ ①')).toBe('fullwidth-1');
  });

  it('collapses separators and trims dashes', () => {
    expect(slugify('  --a   b__c--  ')).toBe('a-b-c');
  });

  it('falls back to post when nothing is left', () => {
    expect(slugify('')).toBe('post');
    expect(slugify('!!!')).toBe('post');
    expect(slugify('日本語')).toBe('post');
  });

  it('cuts at 100 characters without a trailing dash', () => {
    expect(slugify('a'.repeat(150))).toBe('a'.repeat(100));
    expect(slugify(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
  });

  it('always yields a well-formed slug', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('uniqueSlug', () => {
  const takenFrom = (...slugs: string[]) => {
    const set = new Set(slugs);
    return (slug: string) => set.has(slug);
  };

  it('returns the base when it is free', () => {
    expect(uniqueSlug('hello', takenFrom())).toBe('hello');
  });

  it('appends -2, -3… while taken', () => {
    expect(uniqueSlug('hello', takenFrom('hello'))).toBe('hello-2');
    expect(uniqueSlug('hello', takenFrom('hello', 'hello-2', 'hello-3'))).toBe('hello-4');
  });

  it('never returns a reserved word', () => {
    expect(uniqueSlug('login', takenFrom())).toBe('login-post');
    expect(uniqueSlug('Search', takenFrom())).toBe('Search-post');
    expect(uniqueSlug('404', takenFrom('404-post'))).toBe('404-post-2');
  });

  it('suffixes a reserved word with what the caller names (tags are not posts)', () => {
    expect(uniqueSlug('new', takenFrom(), 'tag')).toBe('new-tag');
    expect(uniqueSlug('new', takenFrom('new-tag'), 'tag')).toBe('new-tag-2');
  });

  it('uses the fallback slug for an empty base', () => {
    expect(uniqueSlug('', takenFrom())).toBe('post');
  });

  it('stays within the maximum length', () => {
    const base = 'a'.repeat(SLUG_MAX_LENGTH);
    const slug = uniqueSlug(base, takenFrom(base));
    expect(slug).toBe(`${'a'.repeat(98)}-2`);
  });

  it('gives up when every candidate is taken', () => {
    expect(() => uniqueSlug('x', () => true)).toThrow();
  });
});

describe('normalizeCategorySlug', () => {
  it('lowercases category slugs (SPEC §5)', () => {
    expect(normalizeCategorySlug(' Travel-Tips ')).toBe('travel-tips');
  });
});

describe('isSlugShape', () => {
  it('takes lowercase letters and digits joined by single dashes', () => {
    for (const slug of ['a', 'tide-tables', '2026-in-review', 'x1-y2']) {
      expect(isSlugShape(slug), slug).toBe(true);
    }
    for (const slug of ['', 'Caps', 'two  spaces', '-lead', 'trail-', 'dou--ble', 'ünï']) {
      expect(isSlugShape(slug), slug).toBe(false);
    }
    expect(isSlugShape('a'.repeat(SLUG_MAX_LENGTH + 1))).toBe(false);
  });

  it('accepts whatever slugify makes', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => isSlugShape(slugify(text))));
  });
});

describe('slugInput', () => {
  it('keeps what the writer types a slug while they type it', () => {
    expect(slugInput('Tide Tables ')).toBe('tide-tables-');
    expect(slugInput('  Über  café!')).toBe('uber-cafe-');
    expect(slugInput('a'.repeat(SLUG_MAX_LENGTH + 5))).toHaveLength(SLUG_MAX_LENGTH);
  });
});

describe('isDerivedSlug', () => {
  const id = '6f1c1f5e-3a52-4a3e-9d7b-5d8f0a1b2c3d';

  it('knows the slugs a title gives, numbered or not, and the untitled draft placeholder', () => {
    expect(isDerivedSlug('tide-tables', { id, title: 'Tide tables' })).toBe(true);
    expect(isDerivedSlug('tide-tables-3', { id, title: 'Tide tables' })).toBe(true);
    expect(isDerivedSlug('new-post', { id, title: 'New' })).toBe(true);
    expect(isDerivedSlug(draftPlaceholderSlug(id), { id, title: '' })).toBe(true);
    const long = 'word '.repeat(40);
    expect(
      isDerivedSlug(
        uniqueSlug(slugify(long), (s) => s === slugify(long)),
        { id, title: long },
      ),
    ).toBe(true);
  });

  it('knows a slug the writer chose', () => {
    expect(isDerivedSlug('my-own', { id, title: 'Tide tables' })).toBe(false);
    expect(isDerivedSlug('tide-2', { id, title: 'Tide tables' })).toBe(false);
    expect(isDerivedSlug('chosen', { id, title: '' })).toBe(false);
  });
});
