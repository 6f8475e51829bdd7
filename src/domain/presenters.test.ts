import { describe, expect, it } from 'vitest';
import { imageOf, memberSummaryOf } from './presenters';

describe('imageOf', () => {
  it('shows a stored image by id with its size, no fixed URL, alt text or empty', () => {
    expect(imageOf({ id: 'm1', width: 640, height: 480, alt: 'A cat' })).toEqual({
      id: 'm1',
      url: null,
      width: 640,
      height: 480,
      alt: 'A cat',
    });
    expect(imageOf({ id: 'm2', width: 10, height: 20 })?.alt).toBe('');
  });

  it('is null without an image', () => {
    expect(imageOf(null)).toBeNull();
    expect(imageOf(undefined)).toBeNull();
  });
});

describe('memberSummaryOf', () => {
  it('names the member by siteMemberId and slug, with their profile link (SPEC §2)', () => {
    const row = { id: 'mem-1', slug: 'ada', name: 'Ada', image: null, email: 'not shown' };
    expect(memberSummaryOf(row, '/blog')).toEqual({
      siteMemberId: 'mem-1',
      slug: 'ada',
      name: 'Ada',
      image: null,
      link: '/blog/profiles/ada',
    });
  });

  it('is an allowlist: columns it does not name stay out', () => {
    const row = { id: 'mem-1', slug: 'ada', name: 'Ada', image: null, passwordHash: 'x' };
    expect(Object.keys(memberSummaryOf(row, ''))).toEqual([
      'siteMemberId',
      'slug',
      'name',
      'image',
      'link',
    ]);
  });
});
