import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { likeApiUrl, toggledLike } from './like-actions';
import { isLikeCountShown, likeActionKey } from './likes';

describe('toggledLike (SPEC §4 like button)', () => {
  it('adds one when newly liked and takes one when unliked', () => {
    expect(toggledLike({ isLiked: false, likeCount: 3 })).toEqual({ isLiked: true, likeCount: 4 });
    expect(toggledLike({ isLiked: true, likeCount: 4 })).toEqual({ isLiked: false, likeCount: 3 });
  });

  it('never goes below zero, even from a count that was already stale', () => {
    expect(toggledLike({ isLiked: true, likeCount: 0 })).toEqual({ isLiked: false, likeCount: 0 });
  });

  it('comes back to where it started after two presses', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.nat(), (isLiked, count) => {
        // A liked target has at least its liker's like.
        const start = { isLiked, likeCount: isLiked ? count + 1 : count };
        expect(toggledLike(toggledLike(start))).toEqual(start);
      }),
    );
  });
});

describe('isLikeCountShown', () => {
  it('hides the count at zero unless asked to show it', () => {
    expect(isLikeCountShown(0)).toBe(false);
    expect(isLikeCountShown(0, true)).toBe(true);
    expect(isLikeCountShown(1)).toBe(true);
  });
});

describe('addresses', () => {
  it('keeps post and comment likes apart', () => {
    expect(likeApiUrl('post', 'p1')).toBe('/api/posts/p1/like');
    expect(likeApiUrl('comment', 'c1')).toBe('/api/comments/c1/like');
    expect(likeActionKey('post', 'p1')).not.toBe(likeActionKey('comment', 'p1'));
  });
});
