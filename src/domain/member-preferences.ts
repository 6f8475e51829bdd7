/**
 * A member's own preferences (issue 22): the language of their dashboard and editors. The site's
 * language (the owner's setting, SPEC §3) is the blog's for everyone; a member may choose another
 * for the pages they work in: the dashboard, the post editor and the builder's editor. Reader
 * pages stay in the site's language (they are shared and cached; decision 064).
 *
 * What crosses the HTTP boundary (`GET` and `PATCH /api/members/:memberId/preferences`, `me` for
 * the asker) and the one rule that picks a page's language. Pure: the form and the server import it.
 */
import { z } from 'zod';
import { BLOG_LANGUAGES, type BlogLanguage } from './blog-settings';

/** The asker's own preferences (`:memberId` may be `me` or their own id; nobody else's). */
export const MY_PREFERENCES_URL = '/api/members/me/preferences';

/** `:memberId` of the preferences routes: `me`, or a member id (which must be the asker's). */
export const MemberPreferencesParamsSchema = z.object({
  memberId: z.union([z.literal('me'), z.uuid()]),
});

/**
 * `PATCH /members/:memberId/preferences`: `uiLanguage` one of SPEC §9's languages, or null to
 * follow the site's language. A value outside the list is a 400 naming `uiLanguage`.
 */
export const MemberPreferencesPatchSchema = z.strictObject({
  uiLanguage: z
    .enum(BLOG_LANGUAGES, { message: `must be one of ${BLOG_LANGUAGES.join(', ')}, or null` })
    .nullable(),
});
export type MemberPreferencesPatch = z.infer<typeof MemberPreferencesPatchSchema>;

/** The member's preferences as the API answers them, with the site's language they fall back to. */
export interface MemberPreferencesView {
  uiLanguage: BlogLanguage | null;
  siteLanguage: string;
}

/**
 * A route handle's say in its page's language: pages a member works in (the dashboard's shell,
 * the post editor, the builder's editor) set `usesMemberLanguage`; every other page is the
 * blog's and renders in the site's language.
 */
export interface MemberLanguageHandle {
  usesMemberLanguage?: boolean;
}

/** Whether a stored value is one of SPEC §9's languages (a stale or hand-written one is not). */
export function isBlogLanguage(value: string | null | undefined): value is BlogLanguage {
  return value != null && (BLOG_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a page renders in: the member's own on a page they work in, when they chose one;
 * the site's language everywhere else and for everyone else.
 */
export function pageLanguageOf(
  siteLanguage: string,
  memberLanguage: string | null | undefined,
  usesMemberLanguage: boolean,
): string {
  return usesMemberLanguage && isBlogLanguage(memberLanguage) ? memberLanguage : siteLanguage;
}
