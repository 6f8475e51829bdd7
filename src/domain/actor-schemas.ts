/**
 * The schemas of roles and actors given as input (SPEC §6). Apart from permissions.ts so that the
 * browser's scripts that ask `whyNot` or `can` (the post's islands, issue 20) carry no zod.
 */
import { z } from 'zod';
import { type Actor, PRIVACY_STATUSES, ROLES } from './permissions';

/** Parses a role given as input (for example the new role of a promotion). */
export const RoleSchema = z.enum(ROLES);

/** Parses an actor (`Actor` of permissions.ts, which this schema must keep matching). */
export const ActorSchema = z.object({
  memberId: z.string().min(1).nullable(),
  role: z.string(),
  isBlocked: z.boolean(),
  privacy: z.enum(PRIVACY_STATUSES),
}) satisfies z.ZodType<Actor>;
