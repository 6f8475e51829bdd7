import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePostsForFeed, type FeedOrderable, sortPostsForFeed } from './ordering';

const buildPost = (overrides: Partial<FeedOrderable> = {}): FeedOrderable => ({
  isPinned: false,
  firstPublishedDate: '2026-05-01T10:00:00Z',
  id: 'post-1',
  ...overrides,
});

const ids = (posts: FeedOrderable[]) => sortPostsForFeed(posts).map((post) => post.id);

describe('comparePostsForFeed', () => {
  it('puts pinned posts first, even when older', () => {
    const pinned = buildPost({ id: 'pinned', isPinned: true, firstPublishedDate: '2020-01-01' });
    const recent = buildPost({ id: 'recent', firstPublishedDate: '2026-06-01' });
    expect(ids([recent, pinned])).toEqual(['pinned', 'recent']);
  });

  it('orders by first-published date, newest first', () => {
    const posts = [
      buildPost({ id: 'a', firstPublishedDate: '2026-01-01T00:00:00Z' }),
      buildPost({ id: 'b', firstPublishedDate: new Date('2026-03-01T00:00:00Z') }),
      buildPost({ id: 'c', firstPublishedDate: '2026-02-01T00:00:00Z' }),
    ];
    expect(ids(posts)).toEqual(['b', 'c', 'a']);
  });

  it('orders pinned posts among themselves by date', () => {
    const posts = [
      buildPost({ id: 'old', isPinned: true, firstPublishedDate: '2025-01-01' }),
      buildPost({ id: 'new', isPinned: true, firstPublishedDate: '2026-01-01' }),
    ];
    expect(ids(posts)).toEqual(['new', 'old']);
  });

  it('breaks ties by id descending', () => {
    const posts = [buildPost({ id: 'a' }), buildPost({ id: 'c' }), buildPost({ id: 'b' })];
    expect(ids(posts)).toEqual(['c', 'b', 'a']);
  });

  it('puts posts without a valid date after dated ones', () => {
    const posts = [
      buildPost({ id: 'none', firstPublishedDate: null }),
      buildPost({ id: 'bad', firstPublishedDate: 'not a date' }),
      buildPost({ id: 'dated', firstPublishedDate: '1999-01-01' }),
    ];
    expect(ids(posts)).toEqual(['dated', 'none', 'bad']);
  });

  it('returns 0 only for the same pin, date and id', () => {
    expect(comparePostsForFeed(buildPost(), buildPost())).toBe(0);
  });

  it('is a consistent total order', () => {
    const post = fc.record({
      isPinned: fc.boolean(),
      firstPublishedDate: fc.option(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
      ),
      id: fc.string({ maxLength: 3 }),
    });
    fc.assert(
      fc.property(post, post, post, (a, b, c) => {
        const sum = Math.sign(comparePostsForFeed(a, b)) + Math.sign(comparePostsForFeed(b, a));
        expect(sum).toBe(0);
        if (comparePostsForFeed(a, b) <= 0 && comparePostsForFeed(b, c) <= 0) {
          expect(comparePostsForFeed(a, c)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });
});

describe('sortPostsForFeed', () => {
  it('leaves the input untouched', () => {
    const posts = [buildPost({ id: 'a' }), buildPost({ id: 'b' })];
    sortPostsForFeed(posts);
    expect(posts.map((post) => post.id)).toEqual(['a', 'b']);
  });
});
