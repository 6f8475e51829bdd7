import { describe, expect, it } from 'vitest';
import { ActorSchema } from './actor-schemas';
import {
  ACTIONS,
  type Action,
  type ActionContexts,
  type Actor,
  ANONYMOUS_ACTOR,
  type CommentFacts,
  can,
  type DenialReason,
  effectiveRole,
  isRoleAtLeast,
  type PermissionSettings,
  type PostAction,
  type PostFacts,
  postActions,
  ROLES,
  type Role,
  whyNot,
} from './permissions';
import { POST_STATUSES } from './post-status';

const ME = 'member-me';
const AUTHOR = 'member-author';

function buildActor(overrides: Partial<Actor> = {}): Actor {
  return { memberId: ME, role: 'user', isBlocked: false, privacy: 'PUBLIC', ...overrides };
}

/** The actor of a role: a guest is an anonymous visitor, the others are signed-in members. */
function actorOf(role: Role, overrides: Partial<Actor> = {}): Actor {
  return role === 'guest'
    ? { ...ANONYMOUS_ACTOR, ...overrides }
    : buildActor({ role, ...overrides });
}

function buildPost(overrides: Partial<PostFacts> = {}): PostFacts {
  return {
    ownerId: AUTHOR,
    ownerRole: 'writer',
    status: 'published',
    isCommentsDisabled: false,
    ...overrides,
  };
}

function buildComment(overrides: Partial<CommentFacts> = {}): CommentFacts {
  return { ownerId: AUTHOR, ownerRole: 'user', ...overrides };
}

function buildSettings(overrides: Partial<PermissionSettings> = {}): PermissionSettings {
  return {
    commentsEnabled: true,
    anonymousLikesEnabled: true,
    socialSharingEnabled: true,
    memberAreaInstalled: true,
    isMultilingual: true,
    ratingsEnabled: true,
    ...overrides,
  };
}

type Contexts = { [A in Action]: ActionContexts[A] };

/** A context for every action from one post, comment and target member, all settings on. */
function contextsFor(post: PostFacts, comment: CommentFacts, memberId: string): Contexts {
  const settings = buildSettings();
  const member = { id: memberId, role: 'user' };
  return {
    'blog:read': {},
    'category:read': {},
    'tag:read': {},
    'post:read': { post },
    'comments:read': { hasPlanAccess: true },
    'post:share': { post, settings },
    'post:like': { settings },
    'comment:like': { settings },
    'post:rate': { settings },
    subscribe: { settings },
    'comment:create': { post, settings, hasPlanAccess: true },
    'comment:edit': { comment },
    'comment:delete': { comment },
    'post:report': { post, settings },
    'comment:report': { comment, settings },
    'member:read': { member },
    'member:edit': { member },
    'member:delete': { member },
    'post:list-own': {},
    'post:create': {},
    'post:edit': { post },
    'post:duplicate': { post },
    'post:delete': { post },
    'post:preview': { post },
    'post:publish': { post },
    'post:revert-to-draft': { post },
    'post:translate': { post },
    'post:change-language': { post },
    'file:upload': {},
    'rich-content-settings:edit': {},
    'post:search-own': {},
    'post:restore': { post },
    'post:delete-forever': { post },
    'dashboard:open': {},
    'post:edit-settings': { post },
    'post:manage-related': { post },
    'post:toggle-seo': { post },
    'post:toggle-comments': { post },
    'tag:create': {},
    'post:submit': { post },
    'author:create': {},
    'category:create': {},
    'category:edit': {},
    'category:delete': {},
    'category:reorder': {},
    'tag:edit': {},
    'tag:delete': {},
    'post:pin': { post },
    'post:feature': { post },
    'post:change-owner': { post },
    'post:view-report': { post },
    'post:change-category': { post },
    'post:list-all': {},
    'post:delete-comments': { post },
    'post:send-back': { post },
    'comments:moderate': {},
    'report:dismiss': {},
    'blog:edit': {},
    'settings:edit': {},
    'builder:open': {},
    'settings:publish': {},
    'sample-posts:add': {},
    'analytics:read': {},
    'health:read': {},
    'health:manage': {},
    'blog:import': {},
    'blog:export': {},
    'contributors:edit': {},
    'member:promote': { member },
    'member:block': { member },
    'post:reblog': { post },
  };
}

/** `can` with a context picked from a table by action (the table's types match per action). */
function canIn(contexts: Contexts, actor: Actor, action: Action): boolean {
  return can(actor, action, contexts[action] as never);
}

// The expected allows, spelled out role by role so that a changed rule fails here.
const ALL: readonly Role[] = ROLES;
const NONE: readonly Role[] = [];
const FROM_USER: readonly Role[] = [
  'user',
  'open-blog-writer',
  'guest-writer',
  'writer',
  'editor',
  'owner',
  'service',
];
const FROM_OPEN_BLOG_WRITER: readonly Role[] = [
  'open-blog-writer',
  'guest-writer',
  'writer',
  'editor',
  'owner',
  'service',
];
const FROM_GUEST_WRITER: readonly Role[] = ['guest-writer', 'writer', 'editor', 'owner', 'service'];
const FROM_EDITOR: readonly Role[] = ['editor', 'owner', 'service'];
const FROM_OWNER: readonly Role[] = ['owner', 'service'];
// SPEC §6 as written: open-blog-writer cannot share.
const SHARERS: readonly Role[] = [
  'guest',
  'user',
  'guest-writer',
  'writer',
  'editor',
  'owner',
  'service',
];
// SPEC §6 as written: open-blog-writer and editor cannot report; owner and service can.
const REPORTERS: readonly Role[] = ['user', 'guest-writer', 'writer', 'owner', 'service'];
// SPEC §6: a guest-writer cannot publish nor edit a published post; a writer can again.
const PUBLISHERS: readonly Role[] = ['open-blog-writer', 'writer', 'editor', 'owner', 'service'];

/** Someone else's published post (by a writer), someone else's comment, another member. */
const OTHERS = contextsFor(buildPost(), buildComment(), AUTHOR);

const EXPECTED_ON_OTHERS: Record<Action, readonly Role[]> = {
  'blog:read': ALL,
  'category:read': ALL,
  'tag:read': ALL,
  'post:read': ALL,
  'comments:read': ALL,
  'post:share': SHARERS,
  'post:like': ALL,
  'comment:like': ALL,
  'post:rate': FROM_USER,
  subscribe: FROM_USER,
  'comment:create': FROM_USER,
  'comment:edit': NONE,
  'comment:delete': FROM_EDITOR,
  'post:report': REPORTERS,
  'comment:report': REPORTERS,
  'member:read': NONE,
  'member:edit': NONE,
  'member:delete': FROM_USER,
  'post:list-own': FROM_USER,
  'post:create': FROM_OPEN_BLOG_WRITER,
  'post:edit': FROM_EDITOR,
  'post:duplicate': FROM_EDITOR,
  'post:delete': FROM_EDITOR,
  'post:preview': FROM_EDITOR,
  'post:publish': FROM_EDITOR,
  'post:revert-to-draft': FROM_EDITOR,
  'post:translate': FROM_EDITOR,
  'post:change-language': FROM_EDITOR,
  'file:upload': FROM_OPEN_BLOG_WRITER,
  'rich-content-settings:edit': FROM_OPEN_BLOG_WRITER,
  'post:search-own': FROM_OPEN_BLOG_WRITER,
  'post:restore': FROM_EDITOR,
  'post:delete-forever': FROM_EDITOR,
  'dashboard:open': FROM_OPEN_BLOG_WRITER,
  'post:edit-settings': FROM_EDITOR,
  'post:manage-related': FROM_EDITOR,
  'post:toggle-seo': FROM_EDITOR,
  'post:toggle-comments': FROM_EDITOR,
  'tag:create': FROM_GUEST_WRITER,
  // Decision 034: a published post is not submitted; see the review flow's own grid below.
  'post:submit': NONE,
  'author:create': FROM_EDITOR,
  'category:create': FROM_EDITOR,
  'category:edit': FROM_EDITOR,
  'category:delete': FROM_EDITOR,
  'category:reorder': FROM_EDITOR,
  'tag:edit': FROM_EDITOR,
  'tag:delete': FROM_EDITOR,
  'post:pin': FROM_EDITOR,
  'post:feature': FROM_EDITOR,
  'post:change-owner': FROM_EDITOR,
  'post:view-report': FROM_EDITOR,
  'post:change-category': FROM_EDITOR,
  'post:list-all': FROM_EDITOR,
  'post:delete-comments': FROM_EDITOR,
  // Decision 034: only a post waiting for review is sent back.
  'post:send-back': NONE,
  'comments:moderate': FROM_EDITOR,
  'report:dismiss': FROM_EDITOR,
  'blog:edit': FROM_OWNER,
  'settings:edit': FROM_OWNER,
  'builder:open': FROM_OWNER,
  'settings:publish': FROM_OWNER,
  'sample-posts:add': FROM_OWNER,
  'analytics:read': FROM_OWNER,
  'health:read': FROM_OWNER,
  'health:manage': FROM_OWNER,
  'blog:import': FROM_OWNER,
  'blog:export': FROM_OWNER,
  'contributors:edit': FROM_OWNER,
  'member:promote': FROM_OWNER,
  'member:block': FROM_OWNER,
  'post:reblog': ['service'],
};

/** The actor's own published post, own comment and own member record. */
const OWN = contextsFor(buildPost({ ownerId: ME }), buildComment({ ownerId: ME }), ME);

const EXPECTED_ON_OWN: Record<Action, readonly Role[]> = {
  ...EXPECTED_ON_OTHERS,
  'comment:edit': FROM_USER,
  'comment:delete': FROM_USER,
  // SPEC §6: not owned by them.
  'post:report': NONE,
  'comment:report': NONE,
  'member:read': FROM_USER,
  'member:edit': FROM_USER,
  'post:edit': PUBLISHERS,
  'post:duplicate': FROM_OPEN_BLOG_WRITER,
  'post:delete': FROM_OPEN_BLOG_WRITER,
  'post:preview': FROM_OPEN_BLOG_WRITER,
  'post:publish': PUBLISHERS,
  'post:revert-to-draft': PUBLISHERS,
  'post:translate': PUBLISHERS,
  'post:change-language': PUBLISHERS,
  'post:edit-settings': FROM_GUEST_WRITER,
  'post:manage-related': FROM_GUEST_WRITER,
  'post:toggle-seo': FROM_GUEST_WRITER,
  'post:toggle-comments': FROM_GUEST_WRITER,
  // Back to published: whoever may publish it (issue 17).
  'post:restore': PUBLISHERS,
  'post:delete-forever': FROM_OPEN_BLOG_WRITER,
  // Issue 17: nobody blocks themselves.
  'member:block': NONE,
};

const GRID = ROLES.flatMap((role) => ACTIONS.map((action) => [role, action] as const));

describe('roles', () => {
  it('keeps the SPEC §6 hierarchy, each role holding the previous ones', () => {
    expect(ROLES).toEqual([
      'guest',
      'user',
      'open-blog-writer',
      'guest-writer',
      'writer',
      'editor',
      'owner',
      'service',
    ]);
    expect(isRoleAtLeast('service', 'guest')).toBe(true);
    expect(isRoleAtLeast('writer', 'guest-writer')).toBe(true);
    expect(isRoleAtLeast('guest-writer', 'writer')).toBe(false);
  });

  it.each([
    ['an anonymous visitor', ANONYMOUS_ACTOR, 'guest'],
    ['a signed-in editor', buildActor({ role: 'editor' }), 'editor'],
    ['a blocked editor', buildActor({ role: 'editor', isBlocked: true }), 'guest'],
    ['an unknown role', buildActor({ role: 'admin' }), 'guest'],
    ['a role in another case', buildActor({ role: 'Editor' }), 'guest'],
    ['a visitor claiming a role', { ...ANONYMOUS_ACTOR, role: 'owner' }, 'guest'],
  ] as const)('%s acts as %s', (_name, actor, role) => {
    expect(effectiveRole(actor)).toBe(role);
  });

  it('parses an actor from the session', () => {
    expect(ActorSchema.parse(ANONYMOUS_ACTOR)).toEqual(ANONYMOUS_ACTOR);
    expect(ActorSchema.safeParse({ ...ANONYMOUS_ACTOR, privacy: 'SECRET' }).success).toBe(false);
  });
});

describe('can: every role × action on others’ content (SPEC §6)', () => {
  it('lists every action', () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(EXPECTED_ON_OTHERS).sort());
  });

  it.each(GRID)('%s × %s', (role, action) => {
    expect(canIn(OTHERS, actorOf(role), action)).toBe(EXPECTED_ON_OTHERS[action].includes(role));
  });
});

describe('can: every role × action on own content (SPEC §6)', () => {
  it.each(GRID)('%s × %s', (role, action) => {
    expect(canIn(OWN, actorOf(role), action)).toBe(EXPECTED_ON_OWN[action].includes(role));
  });
});

describe('blocked members and unknown roles are guests (SPEC §4, §6)', () => {
  const guestLike: [string, Actor][] = [
    ['blocked owner', buildActor({ role: 'owner', isBlocked: true })],
    ['blocked writer', buildActor({ role: 'writer', isBlocked: true })],
    ['unknown role', buildActor({ role: 'admin' })],
  ];
  const cases = guestLike.flatMap(([name, actor]) =>
    ACTIONS.flatMap((action) => [
      [name, actor, action, 'others', OTHERS] as const,
      [name, actor, action, 'own', OWN] as const,
    ]),
  );

  it.each(cases)('%s × %s on %s content: as a guest', (_name, actor, action, _which, contexts) => {
    expect(canIn(contexts, actor, action)).toBe(EXPECTED_ON_OTHERS[action].includes('guest'));
  });

  it('are refused as forbidden, never asked to log in again', () => {
    const blocked = buildActor({ role: 'writer', isBlocked: true });
    expect(whyNot(blocked, 'post:create', {})).toBe('forbidden');
    expect(whyNot(ANONYMOUS_ACTOR, 'post:create', {})).toBe('login-required');
  });
});

interface Case {
  name: string;
  actor: Actor;
  check: (actor: Actor) => DenialReason | null;
  expected: DenialReason | null;
}

const settings = buildSettings;
const publicUser = buildActor({ role: 'user' });
const privateUser = buildActor({ role: 'user', privacy: 'PRIVATE' });

const CONDITIONS: Case[] = [
  // Likes (SPEC §6): anonymous likes need the setting; private profiles block them.
  {
    name: 'a visitor likes a post with anonymous likes on',
    actor: ANONYMOUS_ACTOR,
    check: (a) => whyNot(a, 'post:like', { settings: settings() }),
    expected: null,
  },
  {
    name: 'a visitor likes a comment with anonymous likes off: log in',
    actor: ANONYMOUS_ACTOR,
    check: (a) =>
      whyNot(a, 'comment:like', { settings: settings({ anonymousLikesEnabled: false }) }),
    expected: 'login-required',
  },
  {
    name: 'a public member likes with anonymous likes off',
    actor: publicUser,
    check: (a) => whyNot(a, 'post:like', { settings: settings({ anonymousLikesEnabled: false }) }),
    expected: null,
  },
  {
    name: 'a private member likes: join the community',
    actor: privateUser,
    check: (a) => whyNot(a, 'post:like', { settings: settings() }),
    expected: 'join-community',
  },
  {
    name: 'a private member likes a comment with anonymous likes off: join the community',
    actor: privateUser,
    check: (a) =>
      whyNot(a, 'comment:like', { settings: settings({ anonymousLikesEnabled: false }) }),
    expected: 'join-community',
  },
  {
    name: 'a private member likes without a member area: forbidden (no popup to show)',
    actor: privateUser,
    check: (a) => whyNot(a, 'post:like', { settings: settings({ memberAreaInstalled: false }) }),
    expected: 'forbidden',
  },
  {
    name: 'a blocked member likes with anonymous likes on, as a guest',
    actor: buildActor({ isBlocked: true }),
    check: (a) => whyNot(a, 'post:like', { settings: settings() }),
    expected: null,
  },
  {
    name: 'a blocked member likes with anonymous likes off',
    actor: buildActor({ isBlocked: true }),
    check: (a) => whyNot(a, 'post:like', { settings: settings({ anonymousLikesEnabled: false }) }),
    expected: 'forbidden',
  },
  // Ratings (SPEC §1, §3 comments.ratingsEnabled): members rate when ratings are on.
  {
    name: 'a visitor rates: log in',
    actor: ANONYMOUS_ACTOR,
    check: (a) => whyNot(a, 'post:rate', { settings: settings() }),
    expected: 'login-required',
  },
  {
    name: 'a private member rates (not a public-only action)',
    actor: privateUser,
    check: (a) => whyNot(a, 'post:rate', { settings: settings() }),
    expected: null,
  },
  {
    name: 'a member rates with ratings off',
    actor: publicUser,
    check: (a) => whyNot(a, 'post:rate', { settings: settings({ ratingsEnabled: false }) }),
    expected: 'disabled',
  },
  {
    name: 'a blocked member rates: forbidden, never asked to log in',
    actor: buildActor({ isBlocked: true }),
    check: (a) => whyNot(a, 'post:rate', { settings: settings() }),
    expected: 'forbidden',
  },
  // A member's own posts (SPEC §2 my-posts): log in first; a blocked member is refused.
  {
    name: 'a visitor lists their own posts: log in',
    actor: ANONYMOUS_ACTOR,
    check: (a) => whyNot(a, 'post:list-own', {}),
    expected: 'login-required',
  },
  {
    name: 'a blocked writer lists their own posts: forbidden',
    actor: buildActor({ role: 'writer', isBlocked: true }),
    check: (a) => whyNot(a, 'post:list-own', {}),
    expected: 'forbidden',
  },
  // Subscriptions (SPEC §6).
  {
    name: 'a visitor subscribes: log in',
    actor: ANONYMOUS_ACTOR,
    check: (a) => whyNot(a, 'subscribe', { settings: settings() }),
    expected: 'login-required',
  },
  {
    name: 'a private member subscribes: join the community',
    actor: privateUser,
    check: (a) => whyNot(a, 'subscribe', { settings: settings() }),
    expected: 'join-community',
  },
  {
    name: 'a private editor subscribes: join the community',
    actor: buildActor({ role: 'editor', privacy: 'PRIVATE' }),
    check: (a) => whyNot(a, 'subscribe', { settings: settings() }),
    expected: 'join-community',
  },
  {
    name: 'a member subscribes without a member area',
    actor: publicUser,
    check: (a) => whyNot(a, 'subscribe', { settings: settings({ memberAreaInstalled: false }) }),
    expected: 'disabled',
  },
  // Comments (SPEC §6).
  {
    name: 'a member comments with comments off for the blog',
    actor: publicUser,
    check: (a) =>
      whyNot(a, 'comment:create', {
        post: buildPost(),
        settings: settings({ commentsEnabled: false }),
        hasPlanAccess: true,
      }),
    expected: 'disabled',
  },
  {
    name: 'a visitor comments with comments off for the blog: disabled, no login prompt',
    actor: ANONYMOUS_ACTOR,
    check: (a) =>
      whyNot(a, 'comment:create', {
        post: buildPost(),
        settings: settings({ commentsEnabled: false }),
        hasPlanAccess: true,
      }),
    expected: 'disabled',
  },
  {
    name: 'a member comments on a post with comments disabled',
    actor: publicUser,
    check: (a) =>
      whyNot(a, 'comment:create', {
        post: buildPost({ isCommentsDisabled: true }),
        settings: settings(),
        hasPlanAccess: true,
      }),
    expected: 'disabled',
  },
  {
    name: 'a member without the post’s plan comments',
    actor: publicUser,
    check: (a) =>
      whyNot(a, 'comment:create', {
        post: buildPost(),
        settings: settings(),
        hasPlanAccess: false,
      }),
    expected: 'forbidden',
  },
  {
    name: 'a visitor comments: log in',
    actor: ANONYMOUS_ACTOR,
    check: (a) =>
      whyNot(a, 'comment:create', { post: buildPost(), settings: settings(), hasPlanAccess: true }),
    expected: 'login-required',
  },
  {
    name: 'a private member comments (not a public-only action)',
    actor: privateUser,
    check: (a) =>
      whyNot(a, 'comment:create', { post: buildPost(), settings: settings(), hasPlanAccess: true }),
    expected: null,
  },
  {
    name: 'a visitor reads comments of a post without a paid plan',
    actor: ANONYMOUS_ACTOR,
    check: (a) => whyNot(a, 'comments:read', { hasPlanAccess: true }),
    expected: null,
  },
  {
    name: 'a member without the post’s plan reads comments',
    actor: publicUser,
    check: (a) => whyNot(a, 'comments:read', { hasPlanAccess: false }),
    expected: 'forbidden',
  },
  {
    name: 'an editor deletes someone else’s comment',
    actor: buildActor({ role: 'editor' }),
    check: (a) => whyNot(a, 'comment:delete', { comment: buildComment() }),
    expected: null,
  },
  {
    name: 'a writer deletes someone else’s comment',
    actor: buildActor({ role: 'writer' }),
    check: (a) => whyNot(a, 'comment:delete', { comment: buildComment() }),
    expected: 'forbidden',
  },
  // Sharing (SPEC §6).
  {
    name: 'a visitor shares with social sharing off',
    actor: ANONYMOUS_ACTOR,
    check: (a) =>
      whyNot(a, 'post:share', {
        post: buildPost(),
        settings: settings({ socialSharingEnabled: false }),
      }),
    expected: 'disabled',
  },
  {
    name: 'an editor shares an unpublished post',
    actor: buildActor({ role: 'editor' }),
    check: (a) =>
      whyNot(a, 'post:share', { post: buildPost({ status: 'unpublished' }), settings: settings() }),
    expected: 'forbidden',
  },
  {
    name: 'an open-blog-writer shares (SPEC §6: cannot share)',
    actor: buildActor({ role: 'open-blog-writer' }),
    check: (a) => whyNot(a, 'post:share', { post: buildPost(), settings: settings() }),
    expected: 'forbidden',
  },
  // Reports (SPEC §6).
  {
    name: 'a member reports a post without the member app',
    actor: publicUser,
    check: (a) =>
      whyNot(a, 'post:report', {
        post: buildPost(),
        settings: settings({ memberAreaInstalled: false }),
      }),
    expected: 'disabled',
  },
  {
    name: 'a member reports an owner’s post',
    actor: publicUser,
    check: (a) =>
      whyNot(a, 'post:report', { post: buildPost({ ownerRole: 'owner' }), settings: settings() }),
    expected: 'forbidden',
  },
  {
    name: 'a member reports an owner’s comment',
    actor: publicUser,
    check: (a) =>
      whyNot(a, 'comment:report', {
        comment: buildComment({ ownerRole: 'owner' }),
        settings: settings(),
      }),
    expected: 'forbidden',
  },
  {
    name: 'a visitor reports: log in',
    actor: ANONYMOUS_ACTOR,
    check: (a) => whyNot(a, 'post:report', { post: buildPost(), settings: settings() }),
    expected: 'login-required',
  },
  {
    name: 'a visitor reports an owner’s post: no one may, so no login prompt',
    actor: ANONYMOUS_ACTOR,
    check: (a) =>
      whyNot(a, 'post:report', { post: buildPost({ ownerRole: 'owner' }), settings: settings() }),
    expected: 'forbidden',
  },
  // Reading posts (SPEC §6: published for all; own for writers; any for editors).
  {
    name: 'a visitor opens an unpublished post: log in',
    actor: ANONYMOUS_ACTOR,
    check: (a) => whyNot(a, 'post:read', { post: buildPost({ status: 'unpublished' }) }),
    expected: 'login-required',
  },
  {
    name: 'a member opens someone else’s draft',
    actor: publicUser,
    check: (a) => whyNot(a, 'post:read', { post: buildPost({ status: 'unpublished' }) }),
    expected: 'forbidden',
  },
  {
    name: 'an open-blog-writer opens their own draft',
    actor: buildActor({ role: 'open-blog-writer' }),
    check: (a) =>
      whyNot(a, 'post:read', { post: buildPost({ ownerId: ME, status: 'unpublished' }) }),
    expected: null,
  },
  {
    name: 'an editor opens someone else’s post in review',
    actor: buildActor({ role: 'editor' }),
    check: (a) => whyNot(a, 'post:read', { post: buildPost({ status: 'in_review' }) }),
    expected: null,
  },
  // Creating posts (SPEC §4: a logged-out visitor is asked to log in).
  {
    name: 'a visitor creates a post: log in',
    actor: ANONYMOUS_ACTOR,
    check: (a) => whyNot(a, 'post:create', {}),
    expected: 'login-required',
  },
  {
    name: 'a member creates a post',
    actor: publicUser,
    check: (a) => whyNot(a, 'post:create', {}),
    expected: 'forbidden',
  },
  // Post state.
  {
    name: 'an editor reverts a scheduled post to draft',
    actor: buildActor({ role: 'editor' }),
    check: (a) => whyNot(a, 'post:revert-to-draft', { post: buildPost({ status: 'scheduled' }) }),
    expected: null,
  },
  {
    name: 'an editor reverts a draft to draft',
    actor: buildActor({ role: 'editor' }),
    check: (a) => whyNot(a, 'post:revert-to-draft', { post: buildPost({ status: 'unpublished' }) }),
    expected: 'forbidden',
  },
  {
    name: 'an editor pins a draft',
    actor: buildActor({ role: 'editor' }),
    check: (a) => whyNot(a, 'post:pin', { post: buildPost({ status: 'unpublished' }) }),
    expected: 'forbidden',
  },
  // Members (SPEC §6).
  {
    name: 'a member deletes another non-owner member (SPEC §6 as written)',
    actor: publicUser,
    check: (a) => whyNot(a, 'member:delete', { member: { role: 'editor' } }),
    expected: null,
  },
  {
    name: 'a member deletes an owner',
    actor: publicUser,
    check: (a) => whyNot(a, 'member:delete', { member: { role: 'owner' } }),
    expected: 'forbidden',
  },
  {
    name: 'an owner deletes another owner',
    actor: buildActor({ role: 'owner' }),
    check: (a) => whyNot(a, 'member:delete', { member: { role: 'owner' } }),
    expected: 'forbidden',
  },
  {
    name: 'an owner promotes a writer',
    actor: buildActor({ role: 'owner' }),
    check: (a) => whyNot(a, 'member:promote', { member: { role: 'writer' } }),
    expected: null,
  },
  {
    name: 'an owner promotes another owner',
    actor: buildActor({ role: 'owner' }),
    check: (a) => whyNot(a, 'member:promote', { member: { role: 'owner' } }),
    expected: 'forbidden',
  },
  {
    name: 'an editor promotes a writer',
    actor: buildActor({ role: 'editor' }),
    check: (a) => whyNot(a, 'member:promote', { member: { role: 'writer' } }),
    expected: 'forbidden',
  },
  {
    name: 'an owner blocks another owner (issue 17)',
    actor: buildActor({ role: 'owner' }),
    check: (a) => whyNot(a, 'member:block', { member: { id: 'someone-else', role: 'owner' } }),
    expected: 'forbidden',
  },
  {
    name: 'an editor blocks a user (issue 17: owners only)',
    actor: buildActor({ role: 'editor' }),
    check: (a) => whyNot(a, 'member:block', { member: { id: 'someone-else', role: 'user' } }),
    expected: 'forbidden',
  },
];

describe('whyNot: the conditions of SPEC §6', () => {
  it.each(CONDITIONS)('$name', ({ actor, check, expected }) => {
    expect(check(actor)).toBe(expected);
  });

  it('agrees with can', () => {
    for (const { actor, check, expected } of CONDITIONS) {
      expect(check(actor) === null).toBe(expected === null);
    }
    expect(can(privateUser, 'post:like', { settings: settings() })).toBe(false);
    expect(can(publicUser, 'post:like', { settings: settings() })).toBe(true);
  });
});

describe('guest-writer restrictions on own posts (SPEC §6)', () => {
  const guestWriter = buildActor({ role: 'guest-writer' });
  const writer = buildActor({ role: 'writer' });
  const openBlogWriter = buildActor({ role: 'open-blog-writer' });
  const LOCKED = ['published', 'scheduled'];

  it.each(POST_STATUSES)('own %s post', (status) => {
    const post = buildPost({ ownerId: ME, status });
    const isLocked = LOCKED.includes(status);
    expect(can(guestWriter, 'post:edit', { post })).toBe(!isLocked);
    expect(can(guestWriter, 'post:translate', { post })).toBe(!isLocked);
    expect(can(guestWriter, 'post:publish', { post })).toBe(false);
    for (const action of [
      'post:edit-settings',
      'post:manage-related',
      'post:toggle-seo',
      'post:toggle-comments',
      'post:preview',
      'post:duplicate',
      'post:delete',
    ] as const) {
      expect(can(guestWriter, action, { post })).toBe(true);
    }
    // A writer publishes and edits own posts again.
    expect(can(writer, 'post:edit', { post })).toBe(true);
    expect(can(writer, 'post:publish', { post })).toBe(true);
    // An open-blog-writer edits and publishes own posts but has no post settings.
    expect(can(openBlogWriter, 'post:edit', { post })).toBe(true);
    expect(can(openBlogWriter, 'post:publish', { post })).toBe(true);
    expect(can(openBlogWriter, 'post:edit-settings', { post })).toBe(false);
  });

  it('may create tags but not manage them', () => {
    expect(can(guestWriter, 'tag:create', {})).toBe(true);
    expect(can(guestWriter, 'tag:edit', {})).toBe(false);
  });

  it('cannot touch someone else’s draft', () => {
    const post = buildPost({ status: 'unpublished' });
    expect(can(guestWriter, 'post:edit', { post })).toBe(false);
    expect(can(guestWriter, 'post:toggle-seo', { post })).toBe(false);
  });
});

describe('postActions (SPEC §6)', () => {
  const othersPost = buildPost();
  const ownPost = buildPost({ ownerId: ME });
  const everythingOff = buildSettings({
    commentsEnabled: false,
    socialSharingEnabled: false,
    memberAreaInstalled: false,
    isMultilingual: false,
  });

  const cases: [string, Actor, PostFacts, PermissionSettings, PostAction[]][] = [
    ['a visitor', ANONYMOUS_ACTOR, othersPost, buildSettings(), ['share', 'print']],
    [
      'a member',
      publicUser,
      othersPost,
      buildSettings(),
      ['subscribe', 'share', 'print', 'report'],
    ],
    [
      // Subscribe stays: pressing it shows the join-community popup.
      'a private member',
      privateUser,
      othersPost,
      buildSettings(),
      ['subscribe', 'share', 'print', 'report'],
    ],
    [
      'a private member without a member area',
      privateUser,
      othersPost,
      buildSettings({ memberAreaInstalled: false }),
      ['share', 'print'],
    ],
    [
      'a blocked editor',
      buildActor({ role: 'editor', isBlocked: true }),
      othersPost,
      buildSettings(),
      ['share', 'print'],
    ],
    [
      'an open-blog-writer on their published post',
      buildActor({ role: 'open-blog-writer' }),
      ownPost,
      buildSettings(),
      [
        'subscribe',
        'edit',
        'print',
        'revert-to-draft',
        'delete',
        'translate',
        'change-language',
        'duplicate',
      ],
    ],
    [
      'a guest-writer on their published post',
      buildActor({ role: 'guest-writer' }),
      ownPost,
      buildSettings(),
      ['subscribe', 'share', 'print', 'toggle-comments', 'delete', 'duplicate'],
    ],
    [
      'a writer on their published post',
      buildActor({ role: 'writer' }),
      ownPost,
      buildSettings(),
      [
        'subscribe',
        'edit',
        'share',
        'print',
        'revert-to-draft',
        'toggle-comments',
        'delete',
        'translate',
        'change-language',
        'duplicate',
      ],
    ],
    [
      'a writer on someone else’s post',
      buildActor({ role: 'writer' }),
      othersPost,
      buildSettings(),
      ['subscribe', 'share', 'print', 'report'],
    ],
    [
      'an editor on someone else’s post',
      buildActor({ role: 'editor' }),
      othersPost,
      buildSettings(),
      [
        'subscribe',
        'edit',
        'share',
        'print',
        'pin',
        'revert-to-draft',
        'toggle-comments',
        'delete',
        'translate',
        'change-language',
        'duplicate',
      ],
    ],
    [
      'an owner on a writer’s post',
      buildActor({ role: 'owner' }),
      othersPost,
      buildSettings(),
      [
        'subscribe',
        'edit',
        'share',
        'print',
        'pin',
        'revert-to-draft',
        'toggle-comments',
        'report',
        'delete',
        'translate',
        'change-language',
        'duplicate',
      ],
    ],
    [
      'an editor with member area, comments, sharing and languages off',
      buildActor({ role: 'editor' }),
      othersPost,
      everythingOff,
      ['edit', 'print', 'pin', 'revert-to-draft', 'delete', 'duplicate'],
    ],
    [
      'an editor on their own draft',
      buildActor({ role: 'editor' }),
      buildPost({ ownerId: ME, status: 'unpublished' }),
      buildSettings(),
      [
        'subscribe',
        'edit',
        'print',
        'toggle-comments',
        'delete',
        'translate',
        'change-language',
        'duplicate',
      ],
    ],
    [
      'a visitor on a draft',
      ANONYMOUS_ACTOR,
      buildPost({ status: 'unpublished' }),
      buildSettings(),
      [],
    ],
  ];

  it.each(cases)('%s', (_name, actor, post, postSettings, expected) => {
    expect(postActions(actor, post, postSettings)).toEqual(expected);
  });
});

describe('whyNot on a demo site (SPEC §4 "In demo mode clicks open a demo-mode modal")', () => {
  const demo = { isDemoMode: true };
  const live = { isDemoMode: false };
  const settings = buildSettings();
  const post = buildPost();
  const comment = buildComment();

  it('refuses likes and ratings with demo_mode whoever asks', () => {
    for (const actor of [ANONYMOUS_ACTOR, buildActor(), buildActor({ privacy: 'PRIVATE' })]) {
      expect(whyNot(actor, 'post:like', { settings, site: demo })).toBe('demo_mode');
      expect(whyNot(actor, 'comment:like', { settings, site: demo })).toBe('demo_mode');
      expect(whyNot(actor, 'post:rate', { settings, site: demo })).toBe('demo_mode');
    }
    const noAnonymous = buildSettings({ anonymousLikesEnabled: false });
    expect(whyNot(ANONYMOUS_ACTOR, 'post:like', { settings: noAnonymous, site: demo })).toBe(
      'demo_mode',
    );
  });

  it('refuses members’ writes with demo_mode, after asking a visitor to log in', () => {
    const member = buildActor();
    const own = { ownerId: ME };
    const cases: [DenialReason | null, DenialReason | null][] = [
      [whyNot(member, 'subscribe', { settings, site: demo }), 'demo_mode'],
      [
        whyNot(member, 'comment:create', { post, settings, hasPlanAccess: true, site: demo }),
        'demo_mode',
      ],
      [whyNot(member, 'comment:edit', { comment: own, site: demo }), 'demo_mode'],
      [whyNot(member, 'comment:delete', { comment: own, site: demo }), 'demo_mode'],
      [whyNot(member, 'post:report', { post, settings, site: demo }), 'demo_mode'],
      [whyNot(member, 'comment:report', { comment, settings, site: demo }), 'demo_mode'],
      [whyNot(member, 'member:edit', { member: { id: ME }, site: demo }), 'demo_mode'],
      [
        whyNot(buildActor({ role: 'editor' }), 'post:toggle-comments', { post, site: demo }),
        'demo_mode',
      ],
      // A visitor logs in first; what is switched off stays off.
      [whyNot(ANONYMOUS_ACTOR, 'subscribe', { settings, site: demo }), 'login-required'],
      [
        whyNot(member, 'comment:create', {
          post: buildPost({ isCommentsDisabled: true }),
          settings,
          hasPlanAccess: true,
          site: demo,
        }),
        'disabled',
      ],
      // A member refused for another reason sees the demo-mode modal as well.
      [
        whyNot(buildActor({ role: 'editor' }), 'post:report', { post, settings, site: demo }),
        'demo_mode',
      ],
    ];
    for (const [reason, expected] of cases) expect(reason).toBe(expected);
  });

  it('changes nothing on a live site, nor for actions a demo site does not gate', () => {
    const member = buildActor();
    expect(whyNot(member, 'subscribe', { settings, site: live })).toBeNull();
    expect(whyNot(member, 'post:like', { settings, site: live })).toBeNull();
    expect(whyNot(member, 'subscribe', { settings })).toBeNull();
    expect(whyNot(member, 'post:read', { post })).toBeNull();
  });
});

describe('restoring from the trash (issue 17)', () => {
  it('lets a guest writer restore their own draft but not a post that would go live again', () => {
    const guestWriter = actorOf('guest-writer');
    const own = (status: PostFacts['status']) => ({ post: buildPost({ ownerId: ME, status }) });
    expect(whyNot(guestWriter, 'post:restore', own('unpublished'))).toBeNull();
    expect(whyNot(guestWriter, 'post:restore', own('in_review'))).toBeNull();
    expect(whyNot(guestWriter, 'post:restore', own('published'))).toBe('forbidden');
    expect(whyNot(guestWriter, 'post:restore', own('scheduled'))).toBe('forbidden');
    expect(
      whyNot(actorOf('editor'), 'post:restore', { post: buildPost({ status: 'scheduled' }) }),
    ).toBeNull();
  });
});

describe('the review flow (decision 034): submit, send back, publish by status', () => {
  const draft = (ownerId: string) => buildPost({ ownerId, status: 'unpublished' });
  const waiting = (ownerId: string) => buildPost({ ownerId, status: 'in_review' });

  it.each(ROLES)('%s × post:submit of own draft, others’ draft, own post in review', (role) => {
    const actor = actorOf(role);
    expect(can(actor, 'post:submit', { post: draft(ME) })).toBe(FROM_GUEST_WRITER.includes(role));
    expect(can(actor, 'post:submit', { post: draft(AUTHOR) })).toBe(false);
    expect(can(actor, 'post:submit', { post: waiting(ME) })).toBe(false);
  });

  it.each(ROLES)(
    '%s × post:send-back of a post in review or in moderation, not of a draft',
    (role) => {
      const actor = actorOf(role);
      const isEditor = FROM_EDITOR.includes(role);
      expect(can(actor, 'post:send-back', { post: waiting(AUTHOR) })).toBe(isEditor);
      const held = buildPost({ ownerId: AUTHOR, status: 'in_moderation' });
      expect(can(actor, 'post:send-back', { post: held })).toBe(isEditor);
      expect(can(actor, 'post:send-back', { post: draft(AUTHOR) })).toBe(false);
    },
  );

  it('a guest-writer edits its submitted post but never publishes it; an editor may', () => {
    const guestWriter = actorOf('guest-writer');
    expect(can(guestWriter, 'post:edit', { post: waiting(ME) })).toBe(true);
    expect(can(guestWriter, 'post:publish', { post: waiting(ME) })).toBe(false);
    expect(can(actorOf('editor'), 'post:publish', { post: waiting(AUTHOR) })).toBe(true);
    expect(can(actorOf('writer'), 'post:publish', { post: waiting(AUTHOR) })).toBe(false);
  });

  it('a visitor is asked to log in to submit; a blocked guest-writer is refused', () => {
    expect(whyNot(ANONYMOUS_ACTOR, 'post:submit', { post: draft(ME) })).toBe('forbidden');
    expect(
      whyNot(actorOf('guest-writer', { isBlocked: true }), 'post:submit', { post: draft(ME) }),
    ).toBe('forbidden');
  });
});
