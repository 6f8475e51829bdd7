/**
 * Member profiles (issue 5; SPEC §2 "Member profile links use siteMemberId and slug", §3 Member,
 * §5 profile errors, §9 avatar sizes): the profile's addresses, what a profile page shows, the
 * limits of the fields a member edits and the SPEC §5 rule for saving them. No zod and no
 * permission rules here: the profile pages' scripts import this module (the API's schema is in
 * `api.ts`, who may see a profile in `profile-access.ts`).
 */
import { DEFAULT_TIME_ZONE, isValidTimeZone, resolveLocale } from './dates';
import { pageSuffix, trimBase } from './routes';
import type { FeedPageView, ImageView } from './views';

// ---------------------------------------------------------------------------------------------
// Addresses

/** A member as profile links name them (SPEC §2: "Member profile links use siteMemberId and slug"). */
export interface ProfileRef {
  siteMemberId?: string | null;
  slug: string;
}

/**
 * SPEC §2, §7 `navigateToProfile(siteMemberId, slug)`: a member's profile page,
 * {base}/profiles/{slug}, with the page of their posts past page 1. A member without a slug is
 * addressed by their id, which the page answers with a redirect to the slug address. The route
 * table (routes.ts) holds the pattern; the builders live here so that the feed pages, which load
 * routes.ts, don't carry them.
 */
export function profileUrl(base: string, member: ProfileRef, page?: number): string {
  const key = member.slug || member.siteMemberId || '';
  return `${trimBase(base)}/profiles/${encodeURIComponent(key)}${pageSuffix(page)}`;
}

/** The member's own profile form, {base}/profiles/{slug}/edit. */
export function profileEditUrl(base: string, member: ProfileRef): string {
  return `${profileUrl(base, member)}/edit`;
}

// ---------------------------------------------------------------------------------------------
// Limits and sizes

/** Longest name a member may give themselves. */
export const PROFILE_NAME_MAX_LENGTH = 80;
/** Longest "about" text (the short bio on the profile). */
export const PROFILE_ABOUT_MAX_LENGTH = 500;
/** A member's posts per page on their profile: four rows of three cards. */
export const PROFILE_POSTS_PAGE_SIZE = 12;
/** How many of a member's latest comments their profile shows. */
export const PROFILE_RECENT_COMMENTS = 5;
/** A comment on the profile is cut to about this many characters. */
export const PROFILE_COMMENT_EXCERPT_LENGTH = 280;

/** SPEC §9 avatar sizes in px: the profile page shows the extra large one. */
export const AVATAR_SIZES = {
  default: 32,
  large: 40,
  extraLarge: 92,
  promote: 100,
  member: 80,
  widget: 30,
  comment: 40,
  commentSearch: 30,
  header: 52,
} as const;

// ---------------------------------------------------------------------------------------------
// What a profile shows

/** SPEC §3 Member privacyStatus. */
export type ProfilePrivacy = 'PUBLIC' | 'PRIVATE';

/** The badge beside a name: the member's part in the blog, for those who have one. */
export type ProfileBadge = 'owner' | 'editor' | 'writer' | 'guest-writer' | 'service';

/**
 * The badge a member's role earns on their profile (SPEC §6 roles): writing roles and the
 * blog's staff; readers (`user`), blocked members and unknown roles show none.
 */
export function profileBadgeOf(role: string, isBlocked: boolean): ProfileBadge | null {
  if (isBlocked) return null;
  switch (role) {
    case 'owner':
    case 'editor':
    case 'guest-writer':
    case 'service':
      return role;
    case 'writer':
    case 'open-blog-writer':
      return 'writer';
    default:
      return null;
  }
}

/** A member as their profile shows them (an allowlist: no email, no role, no blocked flag). */
export interface ProfileMemberView {
  siteMemberId: string;
  slug: string;
  name: string;
  image: ImageView | null;
  cover: ImageView | null;
  about: string;
  badge: ProfileBadge | null;
  privacyStatus: ProfilePrivacy;
  /** When they joined the site (ISO). */
  memberSince: string;
  /** Their profile's address. */
  link: string;
  counters: {
    /** Published posts. */
    posts: number;
    /** Published comments on published posts. */
    comments: number;
    /** Likes their published posts received. */
    likesReceived: number;
  };
}

/** One of a member's latest comments: its text (cut), when, and the post it is on. */
export interface ProfileCommentView {
  id: string;
  text: string;
  createdAt: string;
  post: { title: string; link: string };
}

/** A profile page: the member, one page of their published posts, their latest comments. */
export interface ProfilePageView {
  member: ProfileMemberView;
  /** Whether the one asking is this member (the page then offers Edit profile). */
  isOwn: boolean;
  posts: FeedPageView;
  comments: ProfileCommentView[];
}

/** A profile as the actor may see it, or why not (the profile pages and the API read this). */
export type ProfileLookup =
  | { kind: 'profile'; view: ProfilePageView }
  /** SPEC §6: a private profile, asked for by someone else; none of its data. */
  | { kind: 'private' }
  /** Asked for by the member's id: the address to use is their slug's. */
  | { kind: 'moved'; slug: string }
  | { kind: 'not-found' };

/** What the member's own form edits (SPEC §3 Member: name, image; plus cover, bio, privacy). */
export interface OwnProfileView {
  siteMemberId: string;
  slug: string;
  name: string;
  about: string;
  privacyStatus: ProfilePrivacy;
  image: ImageView | null;
  cover: ImageView | null;
  link: string;
}

/**
 * A comment's text as the profile shows it: whitespace collapsed, cut at a word before
 * `max` characters with an ellipsis.
 */
export function commentExcerpt(text: string, max = PROFILE_COMMENT_EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // A cut that ends a word keeps it; otherwise back to the last space, if not too far back.
  const lastSpace = flat[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?]+$/, '')}…`;
}

const monthFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The month a member joined, as "Member since …" shows it ('February 2024'), in the reader's
 * language and the blog's time zone (unknown ones fall back as dates.ts does); '' for a bad date.
 */
export function formatMemberSince(
  iso: string,
  locale: string,
  timeZone = DEFAULT_TIME_ZONE,
): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const key = `${locale}|${zone}`;
  let formatter = monthFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(resolveLocale(locale), {
      month: 'long',
      year: 'numeric',
      timeZone: zone,
    });
    monthFormatters.set(key, formatter);
  }
  return formatter.format(instant);
}

// ---------------------------------------------------------------------------------------------
// Saving (SPEC §5)

/** SPEC §5 "Profile by field: name required, image uploading, cover uploading". */
export type ProfileSaveProblem = 'name-required' | 'image-uploading' | 'cover-uploading';

/** The state of the form when the member presses Save. */
export interface ProfileDraftState {
  name: string;
  isImageUploading: boolean;
  isCoverUploading: boolean;
}

/**
 * Why the profile cannot be saved yet, in the SPEC §5 order (the name first, then the picture,
 * then the cover still uploading), or null. The server checks the name the same way.
 */
export function profileSaveProblem(draft: ProfileDraftState): ProfileSaveProblem | null {
  if (draft.name.trim() === '') return 'name-required';
  if (draft.isImageUploading) return 'image-uploading';
  if (draft.isCoverUploading) return 'cover-uploading';
  return null;
}
