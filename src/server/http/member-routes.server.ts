/**
 * Member profiles (issue 5; SPEC §3 Member, §5 profile errors, §6 private profiles), the API
 * beside the profile pages. Thin: resolve the site and who is asking, parse, call the service,
 * present.
 *
 *   GET   /members/:slug?page=N   a member's profile (by slug, or by id), page N of their posts
 *                                 and their latest comments, as the asker may see it
 *   PATCH /members/me             the asker's own name, bio, privacy, picture and cover
 *   GET   /members/:memberId/preferences   the asker's own preferences (`me` or their id;
 *   PATCH /members/:memberId/preferences   issue 22: their dashboard and editors' language)
 *
 * Errors take the shape of DESIGN.md: 404 `member_not_found` (no such member on this site),
 * 403 `profile_private` (SPEC §6: a private profile asked for by someone else), 400
 * `validation_failed` or `profile_name_required` naming the field, 401 `login-required` for a
 * visitor, 403 `forbidden` for a blocked member. A member's own profile is never cached.
 */
import type { FastifyInstance } from 'fastify';
import {
  MemberPreferencesParamsSchema,
  MemberPreferencesPatchSchema,
} from '../../domain/member-preferences';
import {
  MemberSlugParamsSchema,
  ProfilePageQuerySchema,
  ProfilePatchSchema,
} from '../../domain/profile-api';
import { AppError, NotFoundError } from '../errors.server';
import type { ProfilesService } from '../services/profiles.server';
import { NO_STORE } from './request-context.server';

export interface MemberRoutesDeps {
  profiles: ProfilesService;
}

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function memberRoutes(app: FastifyInstance, { profiles }: MemberRoutesDeps) {
  // The member's own answer: `noStore`.
  app.patch('/members/me', { config: { noStore: true } }, async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const patch = ProfilePatchSchema.parse(request.body ?? {});
    return profiles.updateOwnProfile(actor, site, patch);
  });

  // Issue 22: the member's own preferences, never anyone else's (403 `forbidden`).
  app.get('/members/:memberId/preferences', { config: { noStore: true } }, async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { memberId } = MemberPreferencesParamsSchema.parse(request.params);
    return profiles.getPreferences(actor, site, memberId);
  });

  app.patch('/members/:memberId/preferences', { config: { noStore: true } }, async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { memberId } = MemberPreferencesParamsSchema.parse(request.params);
    const patch = MemberPreferencesPatchSchema.parse(request.body ?? {});
    return profiles.updatePreferences(actor, site, memberId, patch);
  });

  app.get('/members/:slug', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const { slug } = MemberSlugParamsSchema.parse(request.params);
    const { page } = ProfilePageQuerySchema.parse(request.query);
    let found = await profiles.getProfilePage(actor, site, slug, page);
    // Asked for by id: the same profile, by the slug it has.
    if (found.kind === 'moved')
      found = await profiles.getProfilePage(actor, site, found.slug, page);
    switch (found.kind) {
      case 'profile':
        // The member's own view is theirs only.
        if (found.view.isOwn) reply.header('cache-control', NO_STORE);
        return found.view;
      case 'private':
        throw new AppError(403, 'profile_private', 'This profile is private');
      default:
        throw new NotFoundError('member_not_found', 'No such member');
    }
  });
}
