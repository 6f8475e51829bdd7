import { describe, expect, it } from 'vitest';
import {
  AuthorCreateSchema,
  authorRolesFor,
  decodeMemberCursor,
  encodeMemberCursor,
  MemberDeleteSchema,
  RoleChangeSchema,
  roleChangeKind,
} from './dashboard-members';
import type { Actor } from './permissions';

const actorOf = (role: string, isBlocked = false): Actor => ({
  memberId: 'm1',
  role,
  isBlocked,
  privacy: 'PUBLIC',
});

describe('authorRolesFor', () => {
  it('lets editors give writer roles, owners editor too, nobody else any', () => {
    expect(authorRolesFor(actorOf('owner'))).toEqual(['guest-writer', 'writer', 'editor']);
    expect(authorRolesFor(actorOf('editor'))).toEqual(['guest-writer', 'writer']);
    expect(authorRolesFor(actorOf('writer'))).toEqual([]);
    expect(authorRolesFor(actorOf('owner', true))).toEqual([]);
  });
});

describe('roleChangeKind', () => {
  it('reads the direction in the SPEC §6 hierarchy', () => {
    expect(roleChangeKind('user', 'writer')).toBe('promote');
    expect(roleChangeKind('guest-writer', 'open-blog-writer')).toBe('demote');
    expect(roleChangeKind('editor', 'user')).toBe('demote');
  });
});

describe('the inputs', () => {
  it('never gives owner, service or guest', () => {
    for (const role of ['owner', 'service', 'guest']) {
      expect(RoleChangeSchema.safeParse({ role }).success, role).toBe(false);
    }
    expect(RoleChangeSchema.safeParse({ role: 'editor' }).success).toBe(true);
  });

  it('tidies a new author’s name and address, and names each bad field', () => {
    expect(
      AuthorCreateSchema.parse({
        name: '  Noor   Haddad ',
        email: ' Noor@Example.COM ',
        role: 'writer',
      }),
    ).toEqual({ name: 'Noor Haddad', email: 'noor@example.com', role: 'writer' });
    const bad = AuthorCreateSchema.safeParse({ name: ' ', email: 'noor', role: 'user' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'email',
      'name',
      'role',
    ]);
  });

  it('needs the heir of reassigned posts', () => {
    const missing = MemberDeleteSchema.safeParse({ posts: 'reassign', comments: 'keep' });
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['reassignTo']);
    expect(MemberDeleteSchema.safeParse({ posts: 'trash', comments: 'delete' }).success).toBe(true);
  });
});

describe('the cursor', () => {
  it('comes back as it went, for its own sort only', () => {
    const joined = {
      sort: 'joined',
      at: '2026-11-27T01:02:03.456789Z',
      id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
    } as const;
    expect(decodeMemberCursor(encodeMemberCursor(joined), 'joined')).toEqual(joined);
    expect(decodeMemberCursor(encodeMemberCursor(joined), 'name')).toBeNull();
    const named = { sort: 'name', name: 'Zoë “Z” Ångström', id: joined.id } as const;
    expect(decodeMemberCursor(encodeMemberCursor(named), 'name')).toEqual(named);
    expect(decodeMemberCursor('not a cursor', 'joined')).toBeNull();
    expect(
      decodeMemberCursor(encodeMemberCursor({ ...joined, at: 'yesterday' }), 'joined'),
    ).toBeNull();
  });
});
