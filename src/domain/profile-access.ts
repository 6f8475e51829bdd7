/**
 * Who sees a member's profile (SPEC §6 "private profiles"; issue 5 "private profiles show only to
 * their owner"). Apart from profiles.ts because it reads the permission rules, which the profile
 * pages' scripts don't need: only the server and page loaders import this module.
 */
import { type Actor, can } from './permissions';

/**
 * How the actor sees a member's profile: `own` (the member themselves: everything, the Edit
 * button, never cached), `public` (anyone, a public profile) or `private` (a private profile
 * seen by anyone else, editors and owners included: "This profile is private", none of its data).
 * Being oneself is the `member:read` rule: a signed-in member who is not blocked (SPEC §4:
 * blocked members are guests). Any privacy but PUBLIC counts as private.
 */
export function profileAccess(
  actor: Actor,
  member: { id: string; privacyStatus: string },
): 'own' | 'public' | 'private' {
  if (can(actor, 'member:read', { member: { id: member.id } })) return 'own';
  return member.privacyStatus === 'PUBLIC' ? 'public' : 'private';
}
