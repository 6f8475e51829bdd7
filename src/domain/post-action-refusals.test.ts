import { describe, expect, it } from 'vitest';
import {
  type Actor,
  ANONYMOUS_ACTOR,
  type PermissionSettings,
  POST_ACTIONS,
  type PostFacts,
  postActions,
  whyNotPostAction,
} from './permissions';

const buildPost = (overrides: Partial<PostFacts> = {}): PostFacts => ({
  ownerId: 'member-author',
  ownerRole: 'writer',
  status: 'published',
  isCommentsDisabled: false,
  ...overrides,
});

const SETTINGS: PermissionSettings = {
  commentsEnabled: true,
  anonymousLikesEnabled: true,
  socialSharingEnabled: true,
  memberAreaInstalled: true,
  isMultilingual: false,
  ratingsEnabled: false,
};

const member = (overrides: Partial<Actor> = {}): Actor => ({
  memberId: 'member-me',
  role: 'user',
  isBlocked: false,
  privacy: 'PUBLIC',
  ...overrides,
});

describe('whyNotPostAction: the refusal behind each entry of the post menu (SPEC §6)', () => {
  it('is what postActions() filters by: allowed, or a private member’s join-community', () => {
    const actors = [
      ANONYMOUS_ACTOR,
      member(),
      member({ privacy: 'PRIVATE' }),
      member({ role: 'editor' }),
    ];
    for (const actor of actors) {
      const kept = POST_ACTIONS.filter((action) => {
        const reason = whyNotPostAction(actor, action, buildPost(), SETTINGS);
        return reason === null || reason === 'join-community';
      });
      expect(kept).toEqual(postActions(actor, buildPost(), SETTINGS));
    }
  });

  it('tells a visitor to log in to subscribe or report (SPEC §4), which postActions() leaves out', () => {
    expect(whyNotPostAction(ANONYMOUS_ACTOR, 'subscribe', buildPost(), SETTINGS)).toBe(
      'login-required',
    );
    expect(whyNotPostAction(ANONYMOUS_ACTOR, 'report', buildPost(), SETTINGS)).toBe(
      'login-required',
    );
    expect(postActions(ANONYMOUS_ACTOR, buildPost(), SETTINGS)).not.toContain('subscribe');
  });

  it('says disabled for an entry whose feature is off', () => {
    const off = { ...SETTINGS, commentsEnabled: false, isMultilingual: false };
    const editor = member({ role: 'editor' });
    expect(whyNotPostAction(editor, 'toggle-comments', buildPost(), off)).toBe('disabled');
    expect(whyNotPostAction(editor, 'translate', buildPost(), off)).toBe('disabled');
    expect(whyNotPostAction(editor, 'toggle-comments', buildPost(), SETTINGS)).toBeNull();
  });
});
