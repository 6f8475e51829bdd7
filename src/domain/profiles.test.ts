import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Actor, ANONYMOUS_ACTOR, ROLES } from './permissions';
import { profileAccess } from './profile-access';
import { ProfilePatchSchema } from './profile-api';
import {
  AVATAR_SIZES,
  commentExcerpt,
  formatMemberSince,
  PROFILE_NAME_MAX_LENGTH,
  profileBadgeOf,
  profileEditUrl,
  profileSaveProblem,
  profileUrl,
} from './profiles';

const ME = 'member-me';
const member = (overrides: Partial<Actor> = {}): Actor => ({
  memberId: ME,
  role: 'user',
  isBlocked: false,
  privacy: 'PUBLIC',
  ...overrides,
});

describe('profileUrl and profileEditUrl (SPEC §2 "links use siteMemberId and slug")', () => {
  it('addresses a member by slug, by id when the slug is missing, pages past the first', () => {
    const sofia = { siteMemberId: 'm-1', slug: 'sofia-marchetti' };
    expect(profileUrl('/blog', sofia)).toBe('/blog/profiles/sofia-marchetti');
    expect(profileUrl('/blog/', sofia, 1)).toBe('/blog/profiles/sofia-marchetti');
    expect(profileUrl('/blog', sofia, 3)).toBe('/blog/profiles/sofia-marchetti/page/3');
    expect(profileUrl('', { slug: 'zoë b' })).toBe('/profiles/zo%C3%AB%20b');
    expect(profileUrl('/blog', { siteMemberId: 'm-1', slug: '' })).toBe('/blog/profiles/m-1');
    expect(profileEditUrl('/blog', sofia)).toBe('/blog/profiles/sofia-marchetti/edit');
  });
});

describe('profileAccess (SPEC §6: private profiles show only to their owner)', () => {
  const publicProfile = { id: 'someone', privacyStatus: 'PUBLIC' };
  const privateProfile = { id: 'someone', privacyStatus: 'PRIVATE' };

  it('shows a public profile to everyone and a private one to nobody else', () => {
    for (const role of ROLES) {
      const actor = role === 'guest' ? ANONYMOUS_ACTOR : member({ role });
      expect(profileAccess(actor, publicProfile)).toBe('public');
      // Editors and owners of the blog included: the profile is the member's, not the blog's.
      expect(profileAccess(actor, privateProfile)).toBe('private');
    }
  });

  it('shows the member their own profile, private or public', () => {
    for (const privacyStatus of ['PUBLIC', 'PRIVATE']) {
      expect(profileAccess(member({ privacy: 'PRIVATE' }), { id: ME, privacyStatus })).toBe('own');
      expect(profileAccess(member({ role: 'owner' }), { id: ME, privacyStatus })).toBe('own');
    }
  });

  it('treats a blocked member as a guest (SPEC §4), even on their own profile', () => {
    const blocked = member({ isBlocked: true });
    expect(profileAccess(blocked, { id: ME, privacyStatus: 'PRIVATE' })).toBe('private');
    expect(profileAccess(blocked, { id: ME, privacyStatus: 'PUBLIC' })).toBe('public');
  });

  it('counts an unknown privacy as private', () => {
    expect(profileAccess(ANONYMOUS_ACTOR, { id: 'x', privacyStatus: 'FRIENDS' })).toBe('private');
  });
});

describe('profileBadgeOf', () => {
  it('gives writing roles and the blog’s staff a badge, readers none', () => {
    expect(profileBadgeOf('owner', false)).toBe('owner');
    expect(profileBadgeOf('editor', false)).toBe('editor');
    expect(profileBadgeOf('writer', false)).toBe('writer');
    expect(profileBadgeOf('open-blog-writer', false)).toBe('writer');
    expect(profileBadgeOf('guest-writer', false)).toBe('guest-writer');
    expect(profileBadgeOf('service', false)).toBe('service');
    expect(profileBadgeOf('user', false)).toBeNull();
    expect(profileBadgeOf('guest', false)).toBeNull();
    expect(profileBadgeOf('wizard', false)).toBeNull();
    expect(profileBadgeOf('owner', true)).toBeNull();
  });
});

describe('profileSaveProblem (SPEC §5: name required, image uploading, cover uploading)', () => {
  const ready = { name: 'Ada', isImageUploading: false, isCoverUploading: false };

  it('names the first problem in the SPEC’s order', () => {
    expect(profileSaveProblem(ready)).toBeNull();
    expect(profileSaveProblem({ ...ready, name: '  \n' })).toBe('name-required');
    expect(profileSaveProblem({ name: '', isImageUploading: true, isCoverUploading: true })).toBe(
      'name-required',
    );
    expect(profileSaveProblem({ ...ready, isImageUploading: true, isCoverUploading: true })).toBe(
      'image-uploading',
    );
    expect(profileSaveProblem({ ...ready, isCoverUploading: true })).toBe('cover-uploading');
  });
});

describe('commentExcerpt', () => {
  it('keeps a short comment, collapsing its whitespace', () => {
    expect(commentExcerpt('  Lovely\n\npost,   thanks! ')).toBe('Lovely post, thanks!');
  });

  it('cuts a long one at a word, with an ellipsis', () => {
    const text = 'word '.repeat(100);
    const excerpt = commentExcerpt(text, 40);
    expect(excerpt).toBe('word word word word word word word word…');
  });

  it('never exceeds the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.integer({ min: 10, max: 300 }), (text, max) => {
        expect(commentExcerpt(text, max).length).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('ProfilePatchSchema', () => {
  it('takes any subset of the editable fields', () => {
    expect(ProfilePatchSchema.parse({})).toEqual({});
    const patch = {
      name: 'Ada',
      about: 'Hi',
      privacyStatus: 'PRIVATE',
      imageId: '0b8e2b52-1a9e-4a43-8f9b-6f1c7a2c3d4e',
      coverImageId: null,
    };
    expect(ProfilePatchSchema.parse(patch)).toEqual(patch);
  });

  it('refuses unknown fields, a bad privacy, a long name and a media id that is not one', () => {
    const fields = (input: unknown) =>
      ProfilePatchSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(fields({ role: 'owner' })).toEqual(['']);
    expect(fields({ privacyStatus: 'FRIENDS' })).toEqual(['privacyStatus']);
    expect(fields({ name: 'x'.repeat(PROFILE_NAME_MAX_LENGTH + 1) })).toEqual(['name']);
    expect(fields({ imageId: 'not-an-id' })).toEqual(['imageId']);
  });
});

describe('AVATAR_SIZES', () => {
  it('are SPEC §9’s', () => {
    expect(AVATAR_SIZES).toEqual({
      default: 32,
      large: 40,
      extraLarge: 92,
      promote: 100,
      member: 80,
      widget: 30,
      comment: 40,
      commentSearch: 30,
      header: 52,
    });
  });
});

describe('formatMemberSince', () => {
  it('says the month and year in the reader’s language and the blog’s time zone', () => {
    expect(formatMemberSince('2024-02-10T09:00:00Z', 'en')).toBe('February 2024');
    expect(formatMemberSince('2024-02-10T09:00:00Z', 'de')).toBe('Februar 2024');
    // Midnight of March 1st in UTC is still February in New York.
    expect(formatMemberSince('2024-03-01T02:00:00Z', 'en', 'America/New_York')).toBe(
      'February 2024',
    );
    expect(formatMemberSince('2024-03-01T02:00:00Z', 'en', 'Not/AZone')).toBe('March 2024');
    expect(formatMemberSince('not a date', 'en')).toBe('');
  });
});
