/**
 * A member's own record and its edits (issue 5; SPEC §5 profile errors, §6 "list and edit own
 * member record"). An edit goes through `writeMemberIdentity`: the name and picture show on the
 * feed's cards, the post pages and the member's own header (their cached session, decision 051).
 */
import { and, eq } from 'drizzle-orm';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { ProfilePatch } from '../../../domain/profile-api';
import { type OwnProfileView, profileSaveProblem } from '../../../domain/profiles';
import type { SiteView } from '../../../domain/views';
import { writeMemberIdentity } from '../../cache/site-write.server';
import { type MediaRef, media, members } from '../../db/schema.server';
import { FieldsError, PermissionError, ValidationError } from '../../errors.server';

import type { ProfilesDeps } from '../profiles.server';
import { memberBy, memberColumns, presentOwn } from './rows.server';

/** The actor's own member record; a visitor is asked to log in, a blocked member refused. */
export async function ownRow(deps: ProfilesDeps, actor: Actor, site: SiteView) {
  // A visitor has no record of their own yet: signing in is what helps (SPEC §4).
  if (actor.memberId === null) throw new PermissionError('login-required');
  const refusal = whyNot(actor, 'member:edit', { member: { id: actor.memberId } });
  if (refusal !== null) throw new PermissionError(refusal);
  const row = await memberBy(deps, site, 'id', actor.memberId);
  // The actor was resolved on this site: a member that is gone since is a visitor now.
  if (!row) throw new PermissionError('login-required');
  return row;
}

/** What the actor's own profile form edits. */
export async function getOwnProfile(
  deps: ProfilesDeps,
  actor: Actor,
  site: SiteView,
): Promise<OwnProfileView> {
  return presentOwn(site, await ownRow(deps, actor, site));
}

/**
 * An image the member uploaded to this site (`media` row of kind image, theirs), as the member
 * record stores it; the current one is kept as it is whoever uploaded it (seeded avatars).
 */
export async function imageRef(
  deps: ProfilesDeps,
  site: SiteView,
  memberId: string,
  field: 'imageId' | 'coverImageId',
  mediaId: string,
  current: MediaRef | null,
): Promise<MediaRef> {
  if (current?.id === mediaId) return current;
  const [row] = await deps.db
    .select({ id: media.id, width: media.width, height: media.height })
    .from(media)
    .where(
      and(
        eq(media.siteId, site.id),
        eq(media.id, mediaId),
        eq(media.kind, 'image'),
        eq(media.ownerId, memberId),
      ),
    )
    .limit(1);
  if (!row) throw new ValidationError({ [field]: 'is not an image you uploaded' });
  return { id: row.id, width: row.width, height: row.height };
}

/**
 * Changes the actor's own name, bio, privacy, picture or cover (fields left out are kept).
 * SPEC §5: an empty name is `profile_name_required` (400, `fields.name`). The slug stays: the
 * profile's address does not move when the name changes.
 */
export async function updateOwnProfile(
  deps: ProfilesDeps,
  actor: Actor,
  site: SiteView,
  patch: ProfilePatch,
): Promise<OwnProfileView> {
  const row = await ownRow(deps, actor, site);
  const changes: Partial<typeof members.$inferInsert> = {};
  if (patch.name !== undefined) {
    const name = patch.name.trim();
    if (profileSaveProblem({ name, isImageUploading: false, isCoverUploading: false })) {
      throw new FieldsError('profile_name_required', 'The name is required', {
        name: 'is required',
      });
    }
    changes.name = name;
  }
  if (patch.about !== undefined) changes.about = patch.about.trim();
  if (patch.privacyStatus !== undefined) changes.privacyStatus = patch.privacyStatus;
  if (patch.imageId !== undefined) {
    changes.image = patch.imageId
      ? await imageRef(deps, site, row.id, 'imageId', patch.imageId, row.image)
      : null;
  }
  if (patch.coverImageId !== undefined) {
    changes.coverImage = patch.coverImageId
      ? await imageRef(deps, site, row.id, 'coverImageId', patch.coverImageId, row.coverImage)
      : null;
  }
  if (Object.keys(changes).length === 0) return presentOwn(site, row);
  // The name and picture show on the feed's cards and the post pages; a profile that turned
  // private must leave the page cache at once. The header shows them too, and the privacy is the
  // actor's: their cached sessions are forgotten.
  const [updated] = await writeMemberIdentity(deps, site.id, row.id, (tx) =>
    tx
      .update(members)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(members.siteId, site.id), eq(members.id, row.id)))
      .returning(memberColumns),
  );
  return presentOwn(site, updated!);
}
