/**
 * The dashboard's members list (issue 18): keyset pages newest first (`members_joined_idx`, or
 * `members_role_joined_idx` under a role filter, `members_blocked_joined_idx` for the blocked) or
 * by name (`members_name_idx`), optionally narrowed by a search of name and address. Editors and
 * owners read it (the `members` area); what each may do to a row is on the row.
 */
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { commentSearchQuery } from '../../../domain/dashboard-comments';
import {
  authorRolesFor,
  DASHBOARD_MEMBERS_PAGE_SIZE,
  type DashboardMembersPageView,
  type DashboardMembersQuery,
  decodeMemberCursor,
  encodeMemberCursor,
  type MemberCursor,
  type PostOwnerChoiceView,
} from '../../../domain/dashboard-members';
import { type Actor, can, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { members } from '../../db/schema.server';
import { ValidationError } from '../../errors.server';
import { mayOwnPosts } from '../post-admin/rows.server';
import {
  beforeKey,
  ensure,
  MEMBER_COLUMNS,
  type MemberAdminDeps,
  microsecondsOf,
  presentMember,
} from './rows.server';

/** Refuses whoever may not open the members area (editors and owners: SPEC §6 author:create). */
export function ensureMembersArea(actor: Actor): void {
  ensure(whyNot(actor, 'author:create', {}));
}

/** One page of the site's members. */
export async function listMembers(
  { db }: Pick<MemberAdminDeps, 'db'>,
  actor: Actor,
  site: SiteView,
  query: DashboardMembersQuery,
  pageSize = DASHBOARD_MEMBERS_PAGE_SIZE,
): Promise<DashboardMembersPageView> {
  ensureMembersArea(actor);
  const sort = query.sort ?? 'joined';
  const cursor = query.cursor ? decodeMemberCursor(query.cursor, sort) : null;
  if (query.cursor && cursor === null) {
    throw new ValidationError({ cursor: 'is not a cursor of this list' });
  }
  const conditions: (SQL | undefined)[] = [eq(members.siteId, site.id)];
  if (query.q) {
    // Words of the name or the address, the last one a prefix (members_search_idx); a search of
    // nothing but punctuation finds nobody.
    const words = commentSearchQuery(query.q);
    conditions.push(
      words === null
        ? sql`false`
        : sql`to_tsvector('simple', ${members.name} || ' ' || translate(coalesce(${members.email}, ''), '@.-_+', '     ')) @@ to_tsquery('simple', ${words})`,
    );
  }
  if (query.role) conditions.push(eq(members.role, query.role));
  if (query.status) conditions.push(eq(members.isBlocked, query.status === 'blocked'));
  if (cursor?.sort === 'joined') {
    conditions.push(beforeKey(members.createdAt, members.id, cursor));
  } else if (cursor?.sort === 'name') {
    // A row comparison: one range of members_name_idx.
    conditions.push(sql`(${members.name}, ${members.id}) > (${cursor.name}, ${cursor.id}::uuid)`);
  }
  const rows = await db
    .select({ ...MEMBER_COLUMNS, at: microsecondsOf(members.createdAt) })
    .from(members)
    .where(and(...conditions))
    .orderBy(
      ...(sort === 'joined'
        ? [desc(members.createdAt), desc(members.id)]
        : [asc(members.name), asc(members.id)]),
    )
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  let next: MemberCursor | null = null;
  if (rows.length > pageSize && last) {
    next =
      sort === 'joined'
        ? { sort, at: last.at, id: last.id }
        : { sort, name: last.name, id: last.id };
  }
  return {
    members: page.map((row) => presentMember(site, actor, row)),
    nextCursor: next ? encodeMemberCursor(next) : null,
    authorRoles: authorRolesFor(actor),
    canChangeRoles: can(actor, 'member:promote', { member: { role: 'user' } }),
  };
}

/**
 * The members who may own posts (open-blog-writer and up, not blocked), by name: where a deleted
 * member's posts may go. Owners only (they delete). Writers are few next to readers: the role
 * filter keeps this to the writing roles' rows.
 */
export async function listPostOwners(
  { db }: Pick<MemberAdminDeps, 'db'>,
  actor: Actor,
  site: SiteView,
): Promise<PostOwnerChoiceView[]> {
  ensure(whyNot(actor, 'contributors:edit', {}));
  const rows = await db
    .select({
      id: members.id,
      name: members.name,
      role: members.role,
      isBlocked: members.isBlocked,
    })
    .from(members)
    .where(
      and(
        eq(members.siteId, site.id),
        eq(members.isBlocked, false),
        sql`${members.role} in ('open-blog-writer', 'guest-writer', 'writer', 'editor', 'owner')`,
      ),
    )
    .orderBy(asc(members.name), asc(members.id))
    .limit(500);
  return rows.filter(mayOwnPosts).map(({ id, name, role }) => ({ id, name, role }));
}
