/**
 * The dashboard's members and the audit log (issue 18 § Members and contributors; decision 039):
 * the list query (search, role and status filters, two sorts, keyset cursor), the inputs of the
 * actions (role change, new author, delete), the views the screen and `/api/dashboard/members`
 * share, and the rules of who may pick which role.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, MEMBER_NAME_MAX_LENGTH } from './auth';
import { fromBase64Url, toBase64Url } from './dashboard-posts';
import { type Actor, effectiveRole, isRoleAtLeast, type Role } from './permissions';
import { safeText } from './text-input';
import type { MemberSummary } from './views';

/** Members per page of the dashboard's list. */
export const DASHBOARD_MEMBERS_PAGE_SIZE = 50;
/** Audit events per page. */
export const AUDIT_PAGE_SIZE = 50;
/** Longest search text. */
export const MEMBER_SEARCH_MAX_LENGTH = 100;

/** The roles an owner may give (SPEC §6; issue 18): never `owner`, never `guest` or `service`. */
export const ASSIGNABLE_ROLES = [
  'user',
  'open-blog-writer',
  'guest-writer',
  'writer',
  'editor',
] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** The roles the list filters by: every member role. */
export const LISTED_ROLES = [...ASSIGNABLE_ROLES, 'owner'] as const;
export type ListedRole = (typeof LISTED_ROLES)[number];

/** A member's status in the list. */
export const MEMBER_STATUSES = ['active', 'blocked'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** How the list is sorted: newest members first, or by name A–Z. */
export const MEMBER_SORTS = ['joined', 'name'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** `GET /api/dashboard/members?q=&role=&status=&sort=&cursor=` */
export const DashboardMembersQuerySchema = z.strictObject({
  q: safeText().trim().max(MEMBER_SEARCH_MAX_LENGTH).optional(),
  role: z.enum(LISTED_ROLES).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  sort: z.enum(MEMBER_SORTS).optional(),
  cursor: safeText().max(400).optional(),
});
export type DashboardMembersQuery = z.infer<typeof DashboardMembersQuerySchema>;

/** `GET /api/dashboard/audit?cursor=` */
export const AuditQuerySchema = z.strictObject({ cursor: safeText().max(400).optional() });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** `:id` of a member route. */
export const MemberIdParamsSchema = z.strictObject({ id: z.uuid() });

/** `PUT /api/dashboard/members/:id/role` */
export const RoleChangeSchema = z.strictObject({ role: z.enum(ASSIGNABLE_ROLES) });
export type RoleChange = z.infer<typeof RoleChangeSchema>;

/** The roles a new author may get (SPEC §6 "editors create authors"). */
export const AUTHOR_ROLES = ['guest-writer', 'writer', 'editor'] as const satisfies Role[];
export type AuthorRole = (typeof AUTHOR_ROLES)[number];

/**
 * The roles `actor` may give a new author: editors create writers and guest writers; owners may
 * also create editors. Empty for anyone else.
 */
export function authorRolesFor(actor: Actor): AuthorRole[] {
  const role = effectiveRole(actor);
  if (isRoleAtLeast(role, 'owner')) return [...AUTHOR_ROLES];
  if (isRoleAtLeast(role, 'editor')) return ['guest-writer', 'writer'];
  return [];
}

/** `POST /api/dashboard/members/authors`: a new author's name, address and role. */
export const AuthorCreateSchema = z.strictObject({
  name: safeText()
    .transform((raw) => raw.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, 'is required')
        .refine((name) => [...name].length <= MEMBER_NAME_MAX_LENGTH, 'is too long'),
    ),
  email: safeText()
    .transform((raw) => raw.trim().toLowerCase())
    .pipe(z.email('is not a valid address').max(EMAIL_MAX_LENGTH, 'is too long')),
  role: z.enum(AUTHOR_ROLES),
});
export type AuthorCreate = z.infer<typeof AuthorCreateSchema>;

/** What happens to a deleted member's posts: handed to another author, or moved to the trash. */
export const POST_DISPOSALS = ['reassign', 'trash'] as const;
/** What happens to their comments: kept (shown as a deleted member's), or deleted. */
export const COMMENT_DISPOSALS = ['keep', 'delete'] as const;

/** `DELETE /api/dashboard/members/:id` body. */
export const MemberDeleteSchema = z
  .strictObject({
    posts: z.enum(POST_DISPOSALS),
    /** The author who gets the posts, when `posts` is `reassign`. */
    reassignTo: z.uuid().optional(),
    comments: z.enum(COMMENT_DISPOSALS),
  })
  .superRefine((input, ctx) => {
    if (input.posts === 'reassign' && !input.reassignTo) {
      ctx.addIssue({
        code: 'custom',
        path: ['reassignTo'],
        message: 'is required to reassign posts',
      });
    }
  });
export type MemberDelete = z.infer<typeof MemberDeleteSchema>;

/** Whether a role change is a promotion (SPEC §8 member-promote-moderator) or a demotion. */
export function roleChangeKind(from: Role, to: Role): 'promote' | 'demote' {
  return isRoleAtLeast(to, from) ? 'promote' : 'demote';
}

/** What the actor may do to one member of the list (the server checks again). */
export interface MemberActionsView {
  changeRole: boolean;
  block: boolean;
  delete: boolean;
}

/** A member as the dashboard lists them. */
export interface DashboardMemberView {
  id: string;
  member: MemberSummary;
  /** Shown to editors and owners only: this list is theirs. */
  email: string | null;
  role: string;
  isBlocked: boolean;
  joinedAt: string;
  postCount: number;
  commentCount: number;
  actions: MemberActionsView;
}

/** One page of the members list, with what the screen offers. */
export interface DashboardMembersPageView {
  members: DashboardMemberView[];
  nextCursor: string | null;
  /** The roles the actor may give a new author (empty: no New author button). */
  authorRoles: AuthorRole[];
  /** The actor may change roles (owners). */
  canChangeRoles: boolean;
}

/** Authors a deleted member's posts may go to (the delete dialog's choice). */
export interface PostOwnerChoiceView {
  id: string;
  name: string;
  role: string;
}

/** The answer to a new author: the member, and whether the link went by mail or to the log. */
export interface AuthorCreatedView {
  member: DashboardMemberView;
}

/** What a member delete did. */
export interface MemberDeletedView {
  posts: number;
  comments: number;
}

/** The actions the audit log records (others may add theirs). */
export const AUDIT_ACTIONS = [
  'member.role-changed',
  'member.author-created',
  'member.blocked',
  'member.unblocked',
  'member.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of the audit log. */
export interface AuditEventView {
  id: string;
  action: string;
  actorId: string | null;
  actorName: string;
  targetId: string | null;
  targetName: string;
  details: Record<string, unknown>;
  createdAt: string;
}

/** One page of the audit log. */
export interface AuditPageView {
  events: AuditEventView[];
  nextCursor: string | null;
}

/** A keyset position: the sort's key of the last row and its id. */
export type MemberCursor =
  | { sort: 'joined'; at: string; id: string }
  | { sort: 'name'; name: string; id: string };

const MemberCursorSchema = z.union([
  z.strictObject({
    sort: z.literal('joined'),
    // UTC to the microsecond, as the database keeps it.
    at: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
    id: z.uuid(),
  }),
  z.strictObject({ sort: z.literal('name'), name: z.string().max(400), id: z.uuid() }),
]);

/** Encodes a keyset position (the audit log's too, as `joined`). */
export function encodeMemberCursor(cursor: MemberCursor): string {
  return toBase64Url(JSON.stringify(cursor));
}

/** The cursor of `raw` for `sort`, or null when it is not one this list made. */
export function decodeMemberCursor(raw: string, sort: MemberSort): MemberCursor | null {
  const json = fromBase64Url(raw);
  if (json === null) return null;
  try {
    const parsed = MemberCursorSchema.safeParse(JSON.parse(json));
    return parsed.success && parsed.data.sort === sort ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The members screen's reads (load-context.ts `DashboardReads.members`). */
export interface DashboardMemberReads {
  list(query: DashboardMembersQuery): Promise<DashboardMembersPageView>;
  /** The members who may own posts (the delete dialog's reassign choice). */
  postOwners(): Promise<PostOwnerChoiceView[]>;
}

/** The audit screen's read (load-context.ts `DashboardReads.audit`). */
export interface DashboardAuditReads {
  list(query: AuditQuery): Promise<AuditPageView>;
}
