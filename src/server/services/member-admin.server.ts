/**
 * The dashboard's members and audit log (issue 18 § Members and contributors; decision 039): the
 * list (search, filters, keyset pages), role changes, new authors, block and unblock, delete,
 * and the audit log every one of them writes in its own transaction. One module per use case in
 * `member-admin/`; this factory binds the dependencies.
 */
import type {
  AuditQuery,
  AuthorCreate,
  DashboardMembersQuery,
  MemberDelete,
  RoleChange,
} from '../../domain/dashboard-members';
import type { Actor } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import { listAudit } from './member-admin/audit.server';
import { createAuthor, type IssueSetPasswordLink } from './member-admin/authors.server';
import { setBlocked } from './member-admin/block.server';
import { deleteMember } from './member-admin/delete.server';
import { listMembers, listPostOwners } from './member-admin/list.server';
import { changeRole } from './member-admin/roles.server';
import type { MemberAdminDeps } from './member-admin/rows.server';

export { recordAudit } from './member-admin/audit.server';
export type { IssueSetPasswordLink } from './member-admin/authors.server';

/** Builds the member service; the clock defaults to the real one. */
export function createMemberAdmin({
  now = () => new Date(),
  ...rest
}: Omit<MemberAdminDeps, 'now'> & Partial<Pick<MemberAdminDeps, 'now'>>) {
  const deps: MemberAdminDeps = { ...rest, now };
  return {
    list: (actor: Actor, site: SiteView, query: DashboardMembersQuery) =>
      listMembers(deps, actor, site, query),
    postOwners: (actor: Actor, site: SiteView) => listPostOwners(deps, actor, site),
    changeRole: (actor: Actor, site: SiteView, id: string, input: RoleChange) =>
      changeRole(deps, actor, site, id, input),
    createAuthor: (
      actor: Actor,
      site: SiteView,
      input: AuthorCreate,
      issueLink: IssueSetPasswordLink,
    ) => createAuthor(deps, actor, site, input, issueLink),
    setBlocked: (actor: Actor, site: SiteView, id: string, isBlocked: boolean) =>
      setBlocked(deps, actor, site, id, isBlocked),
    remove: (actor: Actor, site: SiteView, id: string, input: MemberDelete) =>
      deleteMember(deps, actor, site, id, input),
    audit: (actor: Actor, site: SiteView, query: AuditQuery) => listAudit(deps, actor, site, query),
  };
}

export type MemberAdminService = ReturnType<typeof createMemberAdmin>;
