import { describe, expect, it } from 'vitest';
import {
  commentIdsOf,
  engagementGates,
  likerKeyOf,
  RatingInputSchema,
  withLikedComments,
} from './engagement';
import { type Actor, ANONYMOUS_ACTOR, type PermissionSettings } from './permissions';

const member = (overrides: Partial<Actor> = {}): Actor => ({
  memberId: 'member-1',
  role: 'user',
  isBlocked: false,
  privacy: 'PUBLIC',
  ...overrides,
});

const settings = (overrides: Partial<PermissionSettings> = {}): PermissionSettings => ({
  commentsEnabled: true,
  anonymousLikesEnabled: true,
  socialSharingEnabled: true,
  memberAreaInstalled: true,
  isMultilingual: false,
  ratingsEnabled: true,
  ...overrides,
});

describe('likerKeyOf (SPEC §6 likes)', () => {
  it('counts members as themselves and guests by their visitor id', () => {
    expect(likerKeyOf(member(), 'visitor-1')).toBe('m:member-1');
    expect(likerKeyOf(ANONYMOUS_ACTOR, 'visitor-1')).toBe('v:visitor-1');
    expect(likerKeyOf(ANONYMOUS_ACTOR, null)).toBeNull();
  });

  it('counts blocked members and unknown roles as guests (anonymous likes)', () => {
    expect(likerKeyOf(member({ isBlocked: true }), 'visitor-1')).toBe('v:visitor-1');
    expect(likerKeyOf(member({ role: 'admin' }), null)).toBeNull();
  });
});

describe('engagementGates', () => {
  it('lets a public member do everything and asks a visitor to log in where it must', () => {
    expect(engagementGates(member(), settings(), false)).toEqual({
      'post:like': null,
      'comment:like': null,
      'post:rate': null,
      subscribe: null,
    });
    expect(
      engagementGates(ANONYMOUS_ACTOR, settings({ anonymousLikesEnabled: false }), false),
    ).toEqual({
      'post:like': 'login-required',
      'comment:like': 'login-required',
      'post:rate': 'login-required',
      subscribe: 'login-required',
    });
  });

  it('offers a private member the community for public-only actions only', () => {
    const gates = engagementGates(member({ privacy: 'PRIVATE' }), settings(), false);
    expect(gates['post:like']).toBe('join-community');
    expect(gates.subscribe).toBe('join-community');
    expect(gates['post:rate']).toBeNull();
  });

  it('turns every gate into the demo-mode modal on a demo site (SPEC §4)', () => {
    const gates = engagementGates(member(), settings(), true);
    expect(Object.values(gates).every((gate) => gate === 'demo_mode')).toBe(true);
  });
});

describe('RatingInputSchema', () => {
  it('takes any number (clamped later) and names the field otherwise', () => {
    expect(RatingInputSchema.parse({ value: 9 })).toEqual({ value: 9 });
    const bad = RatingInputSchema.safeParse({ value: 'five' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['value']);
    expect(RatingInputSchema.safeParse({ value: 3, extra: true }).success).toBe(false);
  });
});

describe('comment likes on a page of threads', () => {
  const threads = [
    { id: 'a', replies: [{ id: 'a1', replies: [{ id: 'a1x', replies: [] }] }] },
    { id: 'b', replies: [] },
  ];

  it('lists every comment, replies included', () => {
    expect(commentIdsOf(threads)).toEqual(['a', 'a1', 'a1x', 'b']);
  });

  it('marks the member’s likes at any depth and leaves the rest unliked', () => {
    const marked = withLikedComments(threads, new Set(['a1x', 'b']));
    expect(marked.map((c) => (c as { isLiked?: boolean }).isLiked)).toEqual([false, true]);
    const deepest = marked[0]!.replies[0]!.replies[0] as { isLiked?: boolean };
    expect(deepest.isLiked).toBe(true);
    expect(withLikedComments(threads, new Set())).toBe(threads);
  });
});
