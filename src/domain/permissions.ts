/**
 * Who may do what (SPEC §6 "Roles and permissions"). `can(actor, action, context)` is the one
 * permission function: the server enforces it and the UI shows or hides with it (DESIGN.md
 * "Permissions are one function in domain/"). `whyNot` says why a refusal happened so the UI can
 * ask a logged-out visitor to log in (SPEC §4) or offer a private member to join the community
 * (SPEC §6). Decision 010 records how the SPEC's odd points were read.
 */
import type { PostStatus } from './post-status';

// ---------------------------------------------------------------------------------------------
// Roles and the actor

/** SPEC §6: the role hierarchy, lowest first; each role holds everything the previous ones do. */
export const ROLES = [
  'guest',
  'user',
  'open-blog-writer',
  'guest-writer',
  'writer',
  'editor',
  'owner',
  'service',
] as const;

/** A member role of SPEC §6. */
export type Role = (typeof ROLES)[number];

/** A member's profile privacy (SPEC §6 "private profiles"). */
export const PRIVACY_STATUSES = ['PUBLIC', 'PRIVATE'] as const;

/**
 * The actor of a request, resolved once from the session (DESIGN.md "How a request flows"):
 * an anonymous visitor (memberId null) or a member. `role` is the stored text, not yet trusted:
 * `effectiveRole` turns it into a `Role`. Its schema is actor-schemas.ts's, apart so that pages'
 * scripts asking `whyNot` carry no zod (issue 20's script budget).
 */
export type Actor = {
  /** Null for an anonymous visitor. */
  memberId: string | null;
  role: string;
  isBlocked: boolean;
  privacy: (typeof PRIVACY_STATUSES)[number];
};

/** An anonymous visitor: a guest with no member id. */
export const ANONYMOUS_ACTOR: Readonly<Actor> = Object.freeze({
  memberId: null,
  role: 'guest',
  isBlocked: false,
  privacy: 'PUBLIC',
});

/** Whether a text is one of the SPEC §6 roles. */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * The role the rules apply: SPEC §4 and §6, blocked members and unknown roles count as guests;
 * an anonymous visitor is a guest whatever role it claims.
 */
export function effectiveRole(actor: Actor): Role {
  if (actor.memberId === null || actor.isBlocked || !isRole(actor.role)) return 'guest';
  return actor.role;
}

/** Whether `role` holds everything `minimum` does (SPEC §6: each role inherits the previous). */
export function isRoleAtLeast(role: Role, minimum: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(minimum);
}

// ---------------------------------------------------------------------------------------------
// The facts a rule reads

/** The site's settings the rules depend on (SPEC §6 "if enabled", "if member app installed"). */
export interface PermissionSettings {
  /** Comments are on for the blog. */
  commentsEnabled: boolean;
  /** Visitors who are not logged in may like posts and comments. */
  anonymousLikesEnabled: boolean;
  /** Social sharing is on. */
  socialSharingEnabled: boolean;
  /** The member area (members app) is installed and active. */
  memberAreaInstalled: boolean;
  /** The site has more than one language (translate and change-language need it). */
  isMultilingual: boolean;
  /** Members may rate posts (SPEC §3 `comments.ratingsEnabled`, off by default). */
  ratingsEnabled: boolean;
}

/** A post as the rules see it. */
export interface PostFacts {
  ownerId: string;
  /** The stored role of the post's owner (SPEC §6: an owner's posts cannot be reported). */
  ownerRole: string;
  status: PostStatus;
  isCommentsDisabled: boolean;
}

/** A comment as the rules see it. */
export interface CommentFacts {
  ownerId: string;
  /** The stored role of the comment's author (SPEC §6: an owner's comments cannot be reported). */
  ownerRole: string;
}

/** The member an action is about (their record, their deletion, their promotion). */
export interface MemberFacts {
  id: string;
  /** Their stored role. */
  role: string;
}

/**
 * The site an action happens on, for the actions a demo site refuses (SPEC §4 "In demo mode
 * clicks open a demo-mode modal"). Optional: a caller that gives no site asks about the rules of
 * roles and settings only (the UI's edit and delete entries stay, their save is refused).
 */
export interface DemoFacts {
  site?: { isDemoMode: boolean };
}

/** No facts needed. */
type NoFacts = Record<string, never>;
type OwnedPost = { post: Pick<PostFacts, 'ownerId' | 'status'> };

/**
 * Every action of SPEC §6 and the facts its rule needs. The keys are the `Action` union; the
 * values are what `can`'s third argument must hold for that action.
 */
export interface ActionContexts {
  // guest (SPEC §6)
  'blog:read': NoFacts;
  'category:read': NoFacts;
  'tag:read': NoFacts;
  'post:read': OwnedPost;
  /** `hasPlanAccess`: the post has no paid-plan restriction, or the actor holds one of its plans. */
  'comments:read': { hasPlanAccess: boolean };
  'post:share': {
    post: Pick<PostFacts, 'status'>;
    settings: Pick<PermissionSettings, 'socialSharingEnabled'>;
  };
  'post:like': DemoFacts & {
    settings: Pick<PermissionSettings, 'anonymousLikesEnabled' | 'memberAreaInstalled'>;
  };
  'comment:like': DemoFacts & {
    settings: Pick<PermissionSettings, 'anonymousLikesEnabled' | 'memberAreaInstalled'>;
  };
  // user
  /** Rate a post 0–5 (SPEC §1 "members like, comment, rate"; §5 ratings), when ratings are on. */
  'post:rate': DemoFacts & { settings: Pick<PermissionSettings, 'ratingsEnabled'> };
  /** Subscribe to a post or a category (SPEC §8 toasts: subscribed, category subscribed). */
  subscribe: DemoFacts & { settings: Pick<PermissionSettings, 'memberAreaInstalled'> };
  'comment:create': DemoFacts & {
    post: Pick<PostFacts, 'isCommentsDisabled'>;
    settings: Pick<PermissionSettings, 'commentsEnabled'>;
    hasPlanAccess: boolean;
  };
  'comment:edit': DemoFacts & { comment: Pick<CommentFacts, 'ownerId'> };
  'comment:delete': DemoFacts & { comment: Pick<CommentFacts, 'ownerId'> };
  'post:report': DemoFacts & {
    post: Pick<PostFacts, 'ownerId' | 'ownerRole'>;
    settings: Pick<PermissionSettings, 'memberAreaInstalled'>;
  };
  'comment:report': DemoFacts & {
    comment: CommentFacts;
    settings: Pick<PermissionSettings, 'memberAreaInstalled'>;
  };
  /** List (read) a member record: one's own. */
  'member:read': { member: Pick<MemberFacts, 'id'> };
  /** Edit one's own member record; with `site`, a change a demo site refuses (unsubscribing). */
  'member:edit': DemoFacts & { member: Pick<MemberFacts, 'id'> };
  'member:delete': { member: Pick<MemberFacts, 'role'> };
  /**
   * List one's own posts in every status (SPEC §2 my-posts). Any member: a member whose role no
   * longer writes still sees what they wrote.
   */
  'post:list-own': NoFacts;
  // open-blog-writer
  'post:create': NoFacts;
  'post:edit': OwnedPost;
  'post:duplicate': OwnedPost;
  'post:delete': OwnedPost;
  'post:preview': OwnedPost;
  'post:publish': OwnedPost;
  /** Unpublish a published or scheduled post (post action revert-to-draft). */
  'post:revert-to-draft': OwnedPost;
  'post:translate': OwnedPost;
  'post:change-language': OwnedPost;
  'file:upload': NoFacts;
  'rich-content-settings:edit': NoFacts;
  'post:search-own': NoFacts;
  /**
   * Take a post out of the trash (issue 17). `post.status` is the status it returns to: a post
   * that goes back live needs whoever may publish it.
   */
  'post:restore': OwnedPost;
  /** Delete a post in the trash for good (issue 17). */
  'post:delete-forever': OwnedPost;
  /**
   * Open the dashboard at /dashboard (issue 17): everyone who writes posts manages them there;
   * what each screen offers is decided by the actions it holds.
   */
  'dashboard:open': NoFacts;
  // guest-writer
  'post:edit-settings': OwnedPost;
  'post:manage-related': OwnedPost;
  'post:toggle-seo': OwnedPost;
  'post:toggle-comments': DemoFacts & OwnedPost;
  'tag:create': NoFacts;
  /** Submit one's own draft for an editor's review (issue 17 review flow, decision 034). */
  'post:submit': OwnedPost;
  // editor
  'author:create': NoFacts;
  'category:create': NoFacts;
  'category:edit': NoFacts;
  'category:delete': NoFacts;
  'category:reorder': NoFacts;
  'tag:edit': NoFacts;
  'tag:delete': NoFacts;
  'post:pin': OwnedPost;
  'post:feature': OwnedPost;
  'post:change-owner': OwnedPost;
  'post:view-report': OwnedPost;
  /** Move a post to a category, add or remove one, from the dashboard (issue 17). */
  'post:change-category': OwnedPost;
  /** List everyone's posts on the dashboard, with their counts (issue 17). */
  'post:list-all': NoFacts;
  /** Delete any comment of a post (SPEC §6 delete-any-post-comments). */
  'post:delete-comments': OwnedPost;
  /** Send a post waiting for review back to its writer with a note (decision 034). */
  'post:send-back': OwnedPost;
  /**
   * Issue 17: read every comment of the blog in the dashboard, held ones included, and approve
   * or reject held comments (editors delete any comment, SPEC §6).
   */
  'comments:moderate': NoFacts;
  /** Issue 17: dismiss the open reports of a post or a comment (SPEC §6 view-report). */
  'report:dismiss': NoFacts;
  // owner
  /**
   * Change the blog's own settings (issue 18). On a demo site (`site`) refused with `demo_mode`;
   * a change that switches demo mode off is asked without the demo fact, so an owner can leave.
   */
  'blog:edit': DemoFacts;
  /** Change the widgets' settings: the builder editor's draft and its reset (issue 7). */
  'settings:edit': NoFacts;
  /** Open the website builder's editor at /editor (issue 7). */
  'builder:open': NoFacts;
  /** Make the draft settings live for visitors (issue 7). */
  'settings:publish': NoFacts;
  /** Fill an empty blog with sample posts from the onboarding screen (issue 7, SPEC §1). */
  'sample-posts:add': NoFacts;
  'analytics:read': NoFacts;
  /** Read the errors the blog's pages and server reported (issue 18: the dashboard's Health). */
  'health:read': NoFacts;
  /** Resolve, ignore or reopen an error group in Health (issue 18; decision 042). */
  'health:manage': NoFacts;
  /**
   * Import a WordPress or Ghost export into the blog from the dashboard, and issue imported
   * authors their one-time claim links (issue 21).
   */
  'blog:import': NoFacts;
  /** Export the whole blog from the dashboard (issue 21). */
  'blog:export': NoFacts;
  'contributors:edit': NoFacts;
  /** Promote or demote a member (SPEC §6: moderator promote/demote). */
  'member:promote': { member: Pick<MemberFacts, 'role'> };
  /**
   * Block or unblock a member (SPEC §6 "member block/unblock exist as messages"; issue 17: owners
   * only). Never an owner, never oneself.
   */
  'member:block': { member: MemberFacts };
  // service
  'post:reblog': OwnedPost;
}

/** Something an actor may try to do (SPEC §6). */
export type Action = keyof ActionContexts;

/**
 * Why an action is refused: `login-required` (a logged-out visitor; signing in could allow it,
 * SPEC §4), `join-community` (an authenticated private member trying a public-only action while
 * the member area is active, SPEC §6), `disabled` (the feature is off for the site or the post),
 * `demo_mode` (a demo site: the page opens its demo-mode modal, SPEC §4), `forbidden` (anything
 * else). Each is also the error `code` the API answers with (401 for `login-required`, else 403).
 */
export type DenialReason =
  | 'login-required'
  | 'forbidden'
  | 'join-community'
  | 'disabled'
  | 'demo_mode';

// ---------------------------------------------------------------------------------------------
// The rules

/** The actor as the rules see it: its effective role and whether its profile is private. */
interface RuleActor {
  memberId: string | null;
  role: Role;
  isPrivate: boolean;
}

/**
 * A rule refuses with a reason or allows with null; `login-required` and `demo_mode` are decided
 * by `whyNot`.
 */
type Refusal = Exclude<DenialReason, 'login-required' | 'demo_mode'>;
type Rule<C> = (actor: RuleActor, context: C) => Refusal | null;

const atLeast = (actor: RuleActor, minimum: Role): boolean => isRoleAtLeast(actor.role, minimum);
const allowIf = (condition: boolean): Refusal | null => (condition ? null : 'forbidden');
const isOwn = (actor: RuleActor, ownerId: string): boolean =>
  actor.memberId !== null && actor.memberId === ownerId;
const isOwnerRole = (role: string): boolean => role === 'owner';

// SPEC §6 states some refusals on a single role; they bind that role only, not the roles above
// it, since each higher role's line re-grants or re-states what it may do (editor repeats "cannot
// report", writer re-grants publishing). Decision 010.
/** SPEC §6, as written: "open-blog-writer: … cannot share or report". */
const CANNOT_SHARE: ReadonlySet<Role> = new Set(['open-blog-writer']);
/** SPEC §6, as written: open-blog-writer "cannot share or report"; editor "cannot report". */
const CANNOT_REPORT: ReadonlySet<Role> = new Set(['open-blog-writer', 'editor']);
/** Decision 034: the statuses of a post waiting for an editor (domain/post-review.ts). */
const WAITING_FOR_REVIEW: ReadonlySet<PostStatus> = new Set(['in_review', 'in_moderation']);
/** SPEC §6: a guest-writer cannot edit published or scheduled posts. */
const GUEST_WRITER_LOCKED: ReadonlySet<PostStatus> = new Set(['published', 'scheduled']);

/** SPEC §6: public-only actions show the join-community popup when the member area is active. */
function privateProfileRefusal(settings: { memberAreaInstalled: boolean }): Refusal {
  return settings.memberAreaInstalled ? 'join-community' : 'forbidden';
}

/** Editors act on any post; from `minimum` up, members act on their own posts. */
function ownPostOrEditor(minimum: Role): Rule<OwnedPost> {
  return (actor, { post }) =>
    allowIf(atLeast(actor, 'editor') || (atLeast(actor, minimum) && isOwn(actor, post.ownerId)));
}

const everyone: Rule<unknown> = () => null;
const roleAtLeast =
  (minimum: Role): Rule<unknown> =>
  (actor) =>
    allowIf(atLeast(actor, minimum));
const editorOnPost: Rule<OwnedPost> = (actor) => allowIf(atLeast(actor, 'editor'));

/** SPEC §6: open-blog-writers edit their own posts; a guest-writer not once published or scheduled. */
const editPost: Rule<OwnedPost> = (actor, context) => {
  if (ownPostOrEditor('open-blog-writer')(actor, context) !== null) return 'forbidden';
  if (actor.role === 'guest-writer' && GUEST_WRITER_LOCKED.has(context.post.status)) {
    return 'forbidden';
  }
  return null;
};

/** SPEC §6: open-blog-writers publish their own posts, guest-writers never, writers again. */
const publishPost: Rule<OwnedPost> = (actor, context) => {
  if (ownPostOrEditor('open-blog-writer')(actor, context) !== null) return 'forbidden';
  return allowIf(actor.role !== 'guest-writer');
};

/** SPEC §6: likes by guests are anonymous likes; a private profile blocks them for members. */
const like: Rule<ActionContexts['post:like']> = (actor, { settings }) => {
  if (actor.role === 'guest') return allowIf(settings.anonymousLikesEnabled);
  return actor.isPrivate ? privateProfileRefusal(settings) : null;
};

/** SPEC §6: members report what is not theirs and not an owner's, if the member app is installed. */
function report(
  actor: RuleActor,
  target: { ownerId: string; ownerRole: string },
  settings: { memberAreaInstalled: boolean },
): Refusal | null {
  if (!settings.memberAreaInstalled) return 'disabled';
  return allowIf(
    atLeast(actor, 'user') &&
      !CANNOT_REPORT.has(actor.role) &&
      !isOwn(actor, target.ownerId) &&
      !isOwnerRole(target.ownerRole),
  );
}

const RULES: { [A in Action]: Rule<ActionContexts[A]> } = {
  // guest: SPEC §6
  'blog:read': everyone,
  'category:read': everyone,
  'tag:read': everyone,
  // Published posts are public; unpublished ones are read by their owner (open-blog-writer up)
  // and by editors ("all post actions").
  'post:read': (actor, context) =>
    context.post.status === 'published'
      ? null
      : ownPostOrEditor('open-blog-writer')(actor, context),
  // "read comments without paid-plan restriction": reading needs the plan when the post has one.
  'comments:read': (_actor, { hasPlanAccess }) => allowIf(hasPlanAccess),
  // "share (if enabled)"; "Share is public only when the share permission on the post holds":
  // only a published post has a public address to share.
  'post:share': (actor, { post, settings }) => {
    if (!settings.socialSharingEnabled) return 'disabled';
    return allowIf(!CANNOT_SHARE.has(actor.role) && post.status === 'published');
  },
  'post:like': like,
  'comment:like': like,
  // user: SPEC §6
  // SPEC §1: members rate; a private profile does not stop it (only likes and subscriptions are
  // public-only, decision 010).
  'post:rate': (actor, { settings }) => {
    if (!settings.ratingsEnabled) return 'disabled';
    return allowIf(atLeast(actor, 'user'));
  },
  // Subscriptions live in the member area; private profiles block them.
  subscribe: (actor, { settings }) => {
    if (!settings.memberAreaInstalled) return 'disabled';
    if (!atLeast(actor, 'user')) return 'forbidden';
    return actor.isPrivate ? privateProfileRefusal(settings) : null;
  },
  'comment:create': (actor, { post, settings, hasPlanAccess }) => {
    if (!settings.commentsEnabled || post.isCommentsDisabled) return 'disabled';
    return allowIf(atLeast(actor, 'user') && hasPlanAccess);
  },
  'comment:edit': (actor, { comment }) =>
    allowIf(atLeast(actor, 'user') && isOwn(actor, comment.ownerId)),
  // editor: "delete any comment".
  'comment:delete': (actor, { comment }) =>
    allowIf(atLeast(actor, 'editor') || (atLeast(actor, 'user') && isOwn(actor, comment.ownerId))),
  'post:report': (actor, { post, settings }) => report(actor, post, settings),
  'comment:report': (actor, { comment, settings }) => report(actor, comment, settings),
  'member:read': (actor, { member }) => allowIf(atLeast(actor, 'user') && isOwn(actor, member.id)),
  'member:edit': (actor, { member }) => allowIf(atLeast(actor, 'user') && isOwn(actor, member.id)),
  // SPEC §6 grants "delete a non-owner member" to user, and again to owner. Implemented as written
  // (decision 010); the services may want it narrowed to one's own membership.
  'member:delete': (actor, { member }) =>
    allowIf(atLeast(actor, 'user') && !isOwnerRole(member.role)),
  'post:list-own': roleAtLeast('user'),
  // open-blog-writer: SPEC §6
  'post:create': roleAtLeast('open-blog-writer'),
  'post:edit': editPost,
  'post:duplicate': ownPostOrEditor('open-blog-writer'),
  'post:delete': ownPostOrEditor('open-blog-writer'),
  'post:preview': ownPostOrEditor('open-blog-writer'),
  'post:publish': publishPost,
  // Reverting to draft unpublishes: whoever may publish the post may take it back.
  'post:revert-to-draft': (actor, context) =>
    GUEST_WRITER_LOCKED.has(context.post.status) ? publishPost(actor, context) : 'forbidden',
  // A translation is an edit of the post in another language.
  'post:translate': editPost,
  'post:change-language': editPost,
  'file:upload': roleAtLeast('open-blog-writer'),
  'rich-content-settings:edit': roleAtLeast('open-blog-writer'),
  'post:search-own': roleAtLeast('open-blog-writer'),
  // Whoever may delete a post may take it back; back to published or scheduled only whoever may
  // publish it (a guest writer's once-live post stays in the trash for an editor).
  'post:restore': (actor, context) =>
    GUEST_WRITER_LOCKED.has(context.post.status)
      ? publishPost(actor, context)
      : ownPostOrEditor('open-blog-writer')(actor, context),
  'post:delete-forever': ownPostOrEditor('open-blog-writer'),
  'dashboard:open': roleAtLeast('open-blog-writer'),
  // guest-writer: SPEC §6, on own posts whatever their status
  'post:edit-settings': ownPostOrEditor('guest-writer'),
  'post:manage-related': ownPostOrEditor('guest-writer'),
  'post:toggle-seo': ownPostOrEditor('guest-writer'),
  'post:toggle-comments': ownPostOrEditor('guest-writer'),
  'tag:create': roleAtLeast('guest-writer'),
  // Decision 034: the way out of a draft for those who may not publish; one's own drafts only.
  'post:submit': (actor, { post }) =>
    allowIf(
      atLeast(actor, 'guest-writer') && isOwn(actor, post.ownerId) && post.status === 'unpublished',
    ),
  // editor: SPEC §6
  'author:create': roleAtLeast('editor'),
  'category:create': roleAtLeast('editor'),
  'category:edit': roleAtLeast('editor'),
  'category:delete': roleAtLeast('editor'),
  'category:reorder': roleAtLeast('editor'),
  'tag:edit': roleAtLeast('editor'),
  'tag:delete': roleAtLeast('editor'),
  // Pinning orders the feed (SPEC §4), which lists published posts only.
  'post:pin': (actor, context) =>
    context.post.status === 'published' ? editorOnPost(actor, context) : 'forbidden',
  'post:feature': editorOnPost,
  'post:change-owner': editorOnPost,
  'post:view-report': editorOnPost,
  'post:change-category': editorOnPost,
  'post:list-all': roleAtLeast('editor'),
  'post:delete-comments': editorOnPost,
  // Decision 034: an editor answers a post waiting for review (publishing it is `post:publish`).
  'post:send-back': (actor, context) =>
    WAITING_FOR_REVIEW.has(context.post.status) ? editorOnPost(actor, context) : 'forbidden',
  'comments:moderate': roleAtLeast('editor'),
  'report:dismiss': roleAtLeast('editor'),
  // owner: SPEC §6
  'blog:edit': roleAtLeast('owner'),
  'settings:edit': roleAtLeast('owner'),
  'builder:open': roleAtLeast('owner'),
  'settings:publish': roleAtLeast('owner'),
  'sample-posts:add': roleAtLeast('owner'),
  'analytics:read': roleAtLeast('owner'),
  'health:read': roleAtLeast('owner'),
  'health:manage': roleAtLeast('owner'),
  'blog:import': roleAtLeast('owner'),
  'blog:export': roleAtLeast('owner'),
  'contributors:edit': roleAtLeast('owner'),
  'member:promote': (actor, { member }) =>
    allowIf(atLeast(actor, 'owner') && !isOwnerRole(member.role)),
  'member:block': (actor, { member }) =>
    allowIf(atLeast(actor, 'owner') && !isOwnerRole(member.role) && !isOwn(actor, member.id)),
  // service: SPEC §6
  'post:reblog': roleAtLeast('service'),
};

/** Every action, in the order of SPEC §6. */
export const ACTIONS = Object.keys(RULES) as readonly Action[];

// A signed-in public member who holds every role: if it may act, signing in could help.
const SIGNED_IN_PROBE: RuleActor = {
  memberId: '\u0000signed-in-probe',
  role: 'service',
  isPrivate: false,
};

function ruleActor(actor: Actor): RuleActor {
  return {
    memberId: actor.memberId,
    role: effectiveRole(actor),
    isPrivate: actor.memberId !== null && actor.privacy === 'PRIVATE',
  };
}

// SPEC §4 "In demo mode clicks open a demo-mode modal": the gated actions a demo site refuses.
/** Refused on a demo site whatever else holds (the like button and the stars, decision 020). */
const DEMO_FIRST: ReadonlySet<Action> = new Set(['post:like', 'comment:like', 'post:rate']);
/**
 * Refused on a demo site unless logging in or the feature being off explains the refusal first
 * (decision 021: the page asks to log in, or hides what is switched off).
 */
const DEMO_GATED: ReadonlySet<Action> = new Set([
  'subscribe',
  'comment:create',
  'comment:edit',
  'comment:delete',
  'post:report',
  'comment:report',
  'member:edit',
  'post:toggle-comments',
  'blog:edit',
]);

/** The refusal on a demo site (the one home of demo mode, issue 16 §4), else `refusal`. */
function demoRefusal(
  action: Action,
  context: DemoFacts,
  refusal: DenialReason | null,
): DenialReason | null {
  if (context.site?.isDemoMode !== true) return refusal;
  if (DEMO_FIRST.has(action)) return 'demo_mode';
  if (!DEMO_GATED.has(action) || refusal === 'login-required' || refusal === 'disabled') {
    return refusal;
  }
  return 'demo_mode';
}

/**
 * Why `actor` may not do `action` in `context`, or null when it may. A logged-out visitor is told
 * `login-required` when signing in as some member could allow it (SPEC §4: create post asks to
 * log in, then continues); blocked members are guests but are never asked to log in again. On a
 * demo site (`context.site`) the gated actions are refused with `demo_mode` (SPEC §4).
 */
export function whyNot<A extends Action>(
  actor: Actor,
  action: A,
  context: ActionContexts[A],
): DenialReason | null {
  const rule: Rule<ActionContexts[A]> = RULES[action];
  const refusal = rule(ruleActor(actor), context);
  const reason =
    refusal !== 'forbidden' || actor.memberId !== null
      ? refusal
      : rule(SIGNED_IN_PROBE, context) === null
        ? 'login-required'
        : 'forbidden';
  return demoRefusal(action, context as DemoFacts, reason);
}

/** Whether `actor` may do `action` in `context` (SPEC §6). */
export function can<A extends Action>(
  actor: Actor,
  action: A,
  context: ActionContexts[A],
): boolean {
  return whyNot(actor, action, context) === null;
}

// ---------------------------------------------------------------------------------------------
// The post-actions menu

/** SPEC §6: the actions a post's menu may offer, in menu order. */
export const POST_ACTIONS = [
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
] as const;

/** An entry of a post's action menu. */
export type PostAction = (typeof POST_ACTIONS)[number];

type PostActionCheck = (
  actor: Actor,
  post: PostFacts,
  settings: PermissionSettings,
  site?: DemoFacts['site'],
) => DenialReason | null;

const POST_ACTION_CHECKS: Record<PostAction, PostActionCheck> = {
  subscribe: (actor, _post, settings, site) => whyNot(actor, 'subscribe', { settings, site }),
  edit: (actor, post) => whyNot(actor, 'post:edit', { post }),
  share: (actor, post, settings) => whyNot(actor, 'post:share', { post, settings }),
  print: (actor, post) => whyNot(actor, 'post:read', { post }),
  pin: (actor, post) => whyNot(actor, 'post:pin', { post }),
  'revert-to-draft': (actor, post) => whyNot(actor, 'post:revert-to-draft', { post }),
  // SPEC §6: filtered by comments being on.
  'toggle-comments': (actor, post, settings, site) =>
    settings.commentsEnabled ? whyNot(actor, 'post:toggle-comments', { post, site }) : 'disabled',
  report: (actor, post, settings, site) => whyNot(actor, 'post:report', { post, settings, site }),
  delete: (actor, post) => whyNot(actor, 'post:delete', { post }),
  translate: (actor, post, settings) =>
    settings.isMultilingual ? whyNot(actor, 'post:translate', { post }) : 'disabled',
  'change-language': (actor, post, settings) =>
    settings.isMultilingual ? whyNot(actor, 'post:change-language', { post }) : 'disabled',
  duplicate: (actor, post) => whyNot(actor, 'post:duplicate', { post }),
};

/**
 * The post-actions menu of SPEC §6 for `actor`: the actions it may take, filtered by member area,
 * comments and social sharing being on. A public-only action refused to a private member stays in
 * the menu, since pressing it shows the join-community popup (SPEC §6).
 */
export function postActions(
  actor: Actor,
  post: PostFacts,
  settings: PermissionSettings,
): PostAction[] {
  return POST_ACTIONS.filter((action) => {
    const reason = POST_ACTION_CHECKS[action](actor, post, settings);
    return reason === null || reason === 'join-community';
  });
}

/**
 * Why `actor` may not take the menu entry `action` on `post`, or null when it may: the check
 * `postActions` filters by, for a menu that presents some refusals itself (an entry that asks a
 * visitor to log in, SPEC §4, or, on a demo `site`, opens the demo-mode modal).
 */
export function whyNotPostAction(
  actor: Actor,
  action: PostAction,
  post: PostFacts,
  settings: PermissionSettings,
  site?: DemoFacts['site'],
): DenialReason | null {
  return POST_ACTION_CHECKS[action](actor, post, settings, site);
}
