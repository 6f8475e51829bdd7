/**
 * What the dashboard's member use cases share (issue 18; decision 039): their dependencies, the
 * presenter (an allowlist of the row, with what the actor may do to it), the member row under a
 * lock, the refusals, and the count of owners that keeps a blog from losing its last one.
 */
import { and, type Column, count, eq, type SQL, sql } from 'drizzle-orm';
import { ASSIGNABLE_ROLES, type DashboardMemberView } from '../../../domain/dashboard-members';
import { type Actor, can, whyNot } from '../../../domain/permissions';
import { memberSummaryOf } from '../../../domain/presenters';
import type { SiteView } from '../../../domain/views';
import type { SiteGenerations } from '../../cache/generations.server';
import type { SessionCache } from '../../cache/session-cache.server';
import type { SiteWriteTransaction } from '../../cache/site-write.server';
import type { Database } from '../../db/connection.server';
import { members } from '../../db/schema.server';
import { AppError, NotFoundError, PermissionError } from '../../errors.server';
import type { NotificationsService } from '../notifications.server';

/** The member service's dependencies. */
export interface MemberAdminDeps {
  db: Database;
  generations: SiteGenerations;
  /** The process's resolved sessions: a role, a block, a removal forget the member's. */
  sessions: Pick<SessionCache, 'forgetMember'>;
  now: () => Date;
  /** The post editor's notices (a deleted member's posts go through the post use cases). */
  notifications?: Pick<
    NotificationsService,
    'notifyNewPost' | 'notifyMany' | 'memberRef' | 'notifyRoleChanged'
  >;
  log?: { error(error: unknown, message: string): void };
}

export type MemberRow = typeof members.$inferSelect;

/** The columns the list and the actions read. */
export const MEMBER_COLUMNS = {
  id: members.id,
  slug: members.slug,
  name: members.name,
  email: members.email,
  image: members.image,
  role: members.role,
  isBlocked: members.isBlocked,
  postCount: members.postCount,
  commentCount: members.commentCount,
  createdAt: members.createdAt,
};

export type ListedMemberRow = Pick<
  MemberRow,
  | 'id'
  | 'slug'
  | 'name'
  | 'email'
  | 'image'
  | 'role'
  | 'isBlocked'
  | 'postCount'
  | 'commentCount'
  | 'createdAt'
>;

/**
 * Whether a member's current role is one an owner gives: an owner's is not (the table), nor a
 * service account's (SPEC §6 `service`, above owners; the blog's syndication account).
 */
export function isAssignable(role: string): boolean {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(role);
}

/** Refuses with the permission table's reason (SPEC §6) unless `allowed` is null. */
export function ensure(reason: ReturnType<typeof whyNot>): void {
  if (reason !== null) throw new PermissionError(reason);
}

/**
 * Who may delete whom from the dashboard: the table's `member:delete` (never an owner) held by
 * an owner (`contributors:edit`), never oneself. The table grants `member:delete` to every member
 * for their own membership (decision 010); the dashboard's delete is the owner's.
 */
export function whyNotDelete(actor: Actor, member: { id: string; role: string }) {
  const asOwner = whyNot(actor, 'contributors:edit', {});
  if (asOwner !== null) return asOwner;
  if (actor.memberId === member.id) return 'forbidden' as const;
  return whyNot(actor, 'member:delete', { member });
}

/** The dashboard's view of a member, with what `actor` may do to them. */
export function presentMember(
  site: SiteView,
  actor: Actor,
  row: ListedMemberRow,
): DashboardMemberView {
  const isSelf = actor.memberId === row.id;
  return {
    id: row.id,
    member: memberSummaryOf(row, site.blogBase),
    email: row.email,
    role: row.role,
    isBlocked: row.isBlocked,
    joinedAt: row.createdAt.toISOString(),
    postCount: row.postCount,
    commentCount: row.commentCount,
    actions: {
      changeRole:
        !isSelf && isAssignable(row.role) && can(actor, 'member:promote', { member: row }),
      block: can(actor, 'member:block', { member: row }),
      delete: whyNotDelete(actor, row) === null,
    },
  };
}

/** Inside `tx`, the member `id` of the site, locked for the change; 404 when there is none. */
export async function lockMember(
  tx: SiteWriteTransaction,
  siteId: string,
  id: string,
): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, id)))
    .for('update');
  if (!row) throw new NotFoundError('member_not_found', 'Member not found');
  return row;
}

/**
 * Inside `tx`, refuses (409 `last_owner`) a change that would leave the blog without an owner
 * when `member` is one. The owners are locked first, so two changes cannot both pass.
 */
export async function ensureNotLastOwner(
  tx: SiteWriteTransaction,
  siteId: string,
  member: { role: string },
): Promise<void> {
  if (member.role !== 'owner') return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`owners:${siteId}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(members)
    .where(
      and(eq(members.siteId, siteId), eq(members.role, 'owner'), eq(members.isBlocked, false)),
    );
  if (Number(row?.n ?? 0) <= 1) {
    throw new AppError(409, 'last_owner', 'The blog’s last owner cannot lose the role');
  }
}

/** The name of the acting member, for the audit log's snapshot. */
export async function actorName(
  tx: SiteWriteTransaction,
  siteId: string,
  actor: Actor,
): Promise<string> {
  if (actor.memberId === null) return '';
  const [row] = await tx
    .select({ name: members.name })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, actor.memberId)));
  return row?.name ?? '';
}

/** A timestamp column as UTC text to the microsecond: a keyset cursor's exact position. */
export function microsecondsOf(column: Column): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after the cursor `(at, id)` in `order by at desc, id desc`. */
export function beforeKey(at: Column, id: Column, cursor: { at: string; id: string }): SQL {
  return sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}
