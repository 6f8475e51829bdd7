/**
 * What the dashboard's post use cases share (issue 17): their dependencies (the post editor's,
 * whose use cases they reuse), the lock of a post in the trash, and the members who may own posts.
 */
import { and, eq } from 'drizzle-orm';
import { type Actor, can, type Role } from '../../../domain/permissions';
import type { SiteMemo } from '../../cache/generations.server';
import type { Database } from '../../db/connection.server';
import { members, posts } from '../../db/schema.server';
import { AppError, NotFoundError, ValidationError } from '../../errors.server';
import type { PostEditorContext, PostRow } from '../post-editor/rows.server';
import type { Transaction } from '../post-writer.server';

/** The dashboard's post services run on the post editor's dependencies, and the list's memo. */
export type PostAdminContext = PostEditorContext & { memo?: SiteMemo };

/** Locks and loads a post of the site that is in the trash; 404 if none, 409 if not trashed. */
export async function lockTrashedPost(
  tx: Transaction,
  siteId: string,
  postId: string,
): Promise<PostRow> {
  const [row] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.siteId, siteId), eq(posts.id, postId)))
    .for('update');
  if (!row) throw new NotFoundError('post_not_found', 'Post not found');
  if (row.status !== 'deleted') {
    throw new AppError(
      409,
      'post_not_in_trash',
      'Only a post in the trash can be restored or deleted for good',
    );
  }
  return row;
}

/** A member as the permission rules see them, to ask whether they may own posts. */
function actorOfMember(row: { id: string; role: string; isBlocked: boolean }): Actor {
  return { memberId: row.id, role: row.role, isBlocked: row.isBlocked, privacy: 'PUBLIC' };
}

/** Whether a member may own posts: they may create them (SPEC §6 open-blog-writer and up). */
export function mayOwnPosts(row: { id: string; role: string; isBlocked: boolean }): boolean {
  return can(actorOfMember(row), 'post:create', {});
}

/** The member a post is handed to; 400 naming `field` unless they may write. */
export async function checkNewOwner(
  db: Database | Transaction,
  siteId: string,
  ownerId: string,
  field = 'ownerId',
): Promise<{ id: string; name: string; role: Role }> {
  const [row] = await db
    .select({
      id: members.id,
      name: members.name,
      role: members.role,
      isBlocked: members.isBlocked,
    })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, ownerId)));
  if (!row || !mayOwnPosts(row)) {
    throw new ValidationError({ [field]: 'is not a member who may write posts' });
  }
  return { id: row.id, name: row.name, role: row.role as Role };
}
