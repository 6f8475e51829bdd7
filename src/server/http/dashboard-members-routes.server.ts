/**
 * The dashboard's members and audit log (issue 18 § Members and contributors):
 *
 *   GET    /dashboard/members?q=&role=&status=&sort=&cursor=  → one page (editors, owners)
 *   GET    /dashboard/members/post-owners   → who may receive a deleted member's posts (owners)
 *   POST   /dashboard/members/authors       { name, email, role } → 201 the new author (editors)
 *   PUT    /dashboard/members/:id/role      { role } → the member, and promote/demote (owners)
 *   POST   /dashboard/members/:id/block     → the member (owners)
 *   DELETE /dashboard/members/:id/block     → the member (owners)
 *   DELETE /dashboard/members/:id           { posts, reassignTo?, comments } → what went (owners)
 *   GET    /dashboard/audit?cursor=         → one page of the audit log (owners)
 *
 * Registered with `{ noStore: true, auth: 'member' }`: visitors get 401 before the handler.
 */
import type { FastifyInstance } from 'fastify';
import {
  AuditQuerySchema,
  AuthorCreateSchema,
  DashboardMembersQuerySchema,
  MemberDeleteSchema,
  MemberIdParamsSchema,
  RoleChangeSchema,
} from '../../domain/dashboard-members';
import type { AccountsService } from '../services/accounts.server';
import type { MemberAdminService } from '../services/member-admin.server';
import { resetLinkFor } from './auth-routes.server';

export interface DashboardMembersRoutesDeps {
  members: MemberAdminService;
  /** The password reset's one-time links: a new author's set-password link is one. */
  accounts: Pick<AccountsService, 'issueResetLink'>;
}

/** Registers the dashboard's member routes under the caller's prefix (normally `/api`). */
export async function dashboardMembersRoutes(
  app: FastifyInstance,
  { members, accounts }: DashboardMembersRoutesDeps,
) {
  app.get('/dashboard/members', async (request) => {
    const query = DashboardMembersQuerySchema.parse(request.query);
    return members.list(await request.actor, await request.site, query);
  });

  app.get('/dashboard/members/post-owners', async (request) => ({
    owners: await members.postOwners(await request.actor, await request.site),
  }));

  app.post('/dashboard/members/authors', async (request, reply) => {
    const input = AuthorCreateSchema.parse(request.body ?? {});
    const site = await request.site;
    const created = await members.createAuthor(await request.actor, site, input, (tx, member) =>
      accounts.issueResetLink(tx, site, member, (token) => resetLinkFor(site, token)),
    );
    return reply.status(201).send(created);
  });

  app.put('/dashboard/members/:id/role', async (request) => {
    const { id } = MemberIdParamsSchema.parse(request.params);
    const input = RoleChangeSchema.parse(request.body ?? {});
    return members.changeRole(await request.actor, await request.site, id, input);
  });

  app.post('/dashboard/members/:id/block', async (request) => {
    const { id } = MemberIdParamsSchema.parse(request.params);
    return members.setBlocked(await request.actor, await request.site, id, true);
  });

  app.delete('/dashboard/members/:id/block', async (request) => {
    const { id } = MemberIdParamsSchema.parse(request.params);
    return members.setBlocked(await request.actor, await request.site, id, false);
  });

  app.delete('/dashboard/members/:id', async (request) => {
    const { id } = MemberIdParamsSchema.parse(request.params);
    const input = MemberDeleteSchema.parse(request.body ?? {});
    return members.remove(await request.actor, await request.site, id, input);
  });

  app.get('/dashboard/audit', async (request) => {
    const query = AuditQuerySchema.parse(request.query);
    return members.audit(await request.actor, await request.site, query);
  });
}
