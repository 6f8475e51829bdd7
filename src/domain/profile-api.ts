/**
 * What crosses the HTTP boundary of the members API (issue 5 profiles): `GET /api/members/:slug`
 * and `PATCH /api/members/me`. The limits are the form's (profiles.ts), so both state them once.
 */
import { z } from 'zod';
import { PROFILE_ABOUT_MAX_LENGTH, PROFILE_NAME_MAX_LENGTH } from './profiles';
import { safeText } from './text-input';

/** `/members/:slug`: a member's slug (or id), without slashes. */
export const MemberSlugParamsSchema = z.object({
  slug: safeText()
    .min(1)
    .max(200)
    .regex(/^[^/]+$/, 'must not contain a slash'),
});

/** `?page=` of a profile: the page of the member's posts. */
export const ProfilePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});

/**
 * `PATCH /members/me`: what a member may change of their own record. Fields left out keep their
 * value; `imageId` and `coverImageId` name an image the member uploaded (null removes it). An
 * empty name is refused by the service with SPEC §5's `profile_name_required`, not here, so the
 * API and the form say it the same way.
 */
export const ProfilePatchSchema = z.strictObject({
  name: safeText().max(PROFILE_NAME_MAX_LENGTH).optional(),
  about: safeText().max(PROFILE_ABOUT_MAX_LENGTH).optional(),
  privacyStatus: z.enum(['PUBLIC', 'PRIVATE']).optional(),
  imageId: z.uuid().nullable().optional(),
  coverImageId: z.uuid().nullable().optional(),
});
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;
