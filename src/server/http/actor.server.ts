/**
 * The actor seam (DESIGN.md "How a request flows"): who is asking, resolved once per request from
 * the session cookie (issue 5; decision 017). The cookie's token is looked up on the request's
 * site with its member in one indexed query; a cookie that cannot be a token costs no query (a
 * visitor at once). Blocked members and unknown roles keep
 * their member id but count as guests (`effectiveRole`, SPEC §4 and §6).
 *
 * When the app runs with test routes on (ENABLE_TEST_ROUTES: the e2e and integration tests), a
 * `x-inkwell-test-member` header naming a member of the request's site acts as that member and
 * takes precedence over any cookie. Never on in production.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Actor, ANONYMOUS_ACTOR, can } from '../../domain/permissions';
import { profileUrl } from '../../domain/profiles';
import { readCookie, SESSION_COOKIE, type SessionMemberView } from '../../domain/session';
import type { MemberSummary, SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { members } from '../db/schema.server';
import { IDENTITY_MEMBER_COLUMNS, identityOfMember } from '../services/accounts/sessions.server';
import type { AccountsService } from '../services/accounts.server';

/** The test-only header naming the member a request acts as. */
export const TEST_MEMBER_HEADER = 'x-inkwell-test-member';

const MemberIdSchema = z.uuid();

/** Who a request is, and how we know. */
export interface RequestIdentity {
  actor: Actor;
  /** The member as pages show them; null for a visitor. */
  member: (MemberSummary & { isBlocked: boolean }) | null;
  /**
   * The member's own language for the pages they work in (issue 22: dashboard, editors); null or
   * absent: the site's language.
   */
  uiLanguage?: string | null;
  /** The session cookie's token when it names a live session (anti-forgery binding, logout). */
  sessionToken: string | null;
  /**
   * `session`: a live session cookie; `test-header`: the test-only header (not sent by a browser
   * on its own, so no anti-forgery token is needed); `none`: a visitor.
   */
  via: 'session' | 'test-header' | 'none';
  /** The request carried a session cookie that names no live session (to be cleared). */
  hasDeadSessionCookie: boolean;
  /** When the live session ends (its cookies last as long). */
  sessionExpiresAt?: Date;
  /** The session's anti-forgery token, when its lookup made it (`SessionRecord.csrfToken`). */
  sessionCsrfToken?: string;
}

export interface ActorResolverDeps {
  db: Database;
  accounts: Pick<AccountsService, 'findSession'>;
  /** Honour {@link TEST_MEMBER_HEADER}. Never on in production. */
  withTestRoutes: boolean;
}

/** Resolves the actor of a request on a site. */
export type ResolveActor = (request: FastifyRequest, site: SiteView) => Promise<Actor>;

/** `resolveActor(request, site)`, plus the whole identity behind it. Memoised per request. */
export type ActorResolver = ResolveActor & {
  identity(request: FastifyRequest, site: SiteView): Promise<RequestIdentity>;
  /**
   * The identity the request already resolved, with its site; undefined when nothing asked
   * (static files, media): what a response hook may act on without a lookup of its own.
   */
  resolved(request: FastifyRequest): { identity: RequestIdentity; site: SiteView } | undefined;
};

/** A visitor: nobody signed in, no credential. */
export const VISITOR_IDENTITY: RequestIdentity = Object.freeze({
  actor: ANONYMOUS_ACTOR,
  member: null,
  sessionToken: null,
  via: 'none' as const,
  hasDeadSessionCookie: false,
});

/** The session cookie's value on a request, if any. */
export function readSessionToken(request: FastifyRequest): string | null {
  return readCookie(request.headers.cookie, SESSION_COOKIE);
}

/** Builds `resolveActor(request, site)` (and its `identity`). */
export function createActorResolver({
  db,
  accounts,
  withTestRoutes,
}: ActorResolverDeps): ActorResolver {
  async function fromTestHeader(header: unknown, site: SiteView): Promise<RequestIdentity> {
    const identity: RequestIdentity = { ...VISITOR_IDENTITY, via: 'test-header' };
    // Anything but one member id of this site is a visitor: never an error, never a lookup of
    // text the database would refuse to cast.
    const parsed = MemberIdSchema.safeParse(header);
    if (!parsed.success) return identity;
    const [member] = await db
      .select(IDENTITY_MEMBER_COLUMNS)
      .from(members)
      .where(and(eq(members.siteId, site.id), eq(members.id, parsed.data)))
      .limit(1);
    if (!member) return identity;
    const { actor, member: view, uiLanguage } = identityOfMember(member);
    return {
      ...identity,
      actor,
      uiLanguage,
      member: {
        ...view,
        link: profileUrl(site.blogBase, { siteMemberId: member.id, slug: member.slug }),
      },
    };
  }

  async function resolveIdentity(
    request: FastifyRequest,
    site: SiteView,
  ): Promise<RequestIdentity> {
    if (withTestRoutes) {
      const header = request.headers[TEST_MEMBER_HEADER];
      if (header !== undefined) return fromTestHeader(header, site);
    }
    const token = readSessionToken(request);
    if (token === null) return VISITOR_IDENTITY;
    const session = await accounts.findSession(site, token);
    if (!session) return { ...VISITOR_IDENTITY, hasDeadSessionCookie: true };
    return {
      actor: session.actor,
      // Their profile's address, built here: the header's My profile needs no URL builder.
      member: { ...session.member, link: profileUrl(site.blogBase, session.member) },
      uiLanguage: session.uiLanguage ?? null,
      sessionToken: token,
      via: 'session',
      hasDeadSessionCookie: false,
      sessionExpiresAt: session.expiresAt,
      ...(session.csrfToken ? { sessionCsrfToken: session.csrfToken } : {}),
    };
  }

  // Once per request: the API's guard, the handler and the page all ask.
  const memo = new WeakMap<FastifyRequest, Promise<RequestIdentity>>();
  const settled = new WeakMap<FastifyRequest, { identity: RequestIdentity; site: SiteView }>();
  function identity(request: FastifyRequest, site: SiteView): Promise<RequestIdentity> {
    let found = memo.get(request);
    if (!found) {
      found = resolveIdentity(request, site).then((resolvedIdentity) => {
        settled.set(request, { identity: resolvedIdentity, site });
        return resolvedIdentity;
      });
      memo.set(request, found);
    }
    return found;
  }
  const resolveActor: ResolveActor = async (request, site) => (await identity(request, site)).actor;
  return Object.assign(resolveActor, {
    identity,
    resolved: (request: FastifyRequest) => settled.get(request),
  });
}

/** The signed-in member as pages and `GET /api/session` show them; null for a visitor. */
export function sessionMemberView(
  identity: Pick<RequestIdentity, 'actor' | 'member'>,
): SessionMemberView | null {
  if (!identity.member) return null;
  return {
    ...identity.member,
    canCreatePost: can(identity.actor, 'post:create', {}),
    canOpenDashboard: can(identity.actor, 'dashboard:open', {}),
    canCustomizeBlog: can(identity.actor, 'builder:open', {}),
  };
}
