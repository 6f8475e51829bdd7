/**
 * The actor seam (DESIGN.md "How a request flows"): who is asking, resolved once per request.
 * Sessions arrive with members (issue 5); until then every request is anonymous, except when the
 * app runs with test routes on (ENABLE_TEST_ROUTES, the e2e and integration tests): there a
 * `x-inkwell-test-member` header naming a member of the request's site acts as that member, which
 * is how tests stand in for a signed-in writer (issue 4 allows it "in tests only").
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Actor, ANONYMOUS_ACTOR, PRIVACY_STATUSES } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { members } from '../db/schema';

/** The test-only header naming the member a request acts as. */
export const TEST_MEMBER_HEADER = 'x-inkwell-test-member';

const MemberIdSchema = z.uuid();

export interface ActorResolverDeps {
  db: Database;
  /** Honour {@link TEST_MEMBER_HEADER}. Never on in production. */
  withTestRoutes: boolean;
}

/** Resolves the actor of a request on a site. */
export type ResolveActor = (request: FastifyRequest, site: SiteView) => Promise<Actor>;

/** Builds `resolveActor(request, site)`. */
export function createActorResolver({ db, withTestRoutes }: ActorResolverDeps): ResolveActor {
  return async function resolveActor(request, site) {
    if (!withTestRoutes) return ANONYMOUS_ACTOR;
    const header = request.headers[TEST_MEMBER_HEADER];
    // Anything but one member id of this site is a visitor: never an error, never a lookup of
    // text the database would refuse to cast.
    const parsed = MemberIdSchema.safeParse(header);
    if (!parsed.success) return ANONYMOUS_ACTOR;
    const [member] = await db
      .select({
        id: members.id,
        role: members.role,
        isBlocked: members.isBlocked,
        privacy: members.privacyStatus,
      })
      .from(members)
      .where(and(eq(members.siteId, site.id), eq(members.id, parsed.data)))
      .limit(1);
    if (!member) return ANONYMOUS_ACTOR;
    return {
      memberId: member.id,
      role: member.role,
      isBlocked: member.isBlocked,
      privacy: (PRIVACY_STATUSES as readonly string[]).includes(member.privacy)
        ? (member.privacy as Actor['privacy'])
        : 'PUBLIC',
    };
  };
}
