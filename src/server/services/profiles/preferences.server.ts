/**
 * A member's own preferences (issue 22): the language of their dashboard and editors. Only the
 * member themself reads or changes them (`member:edit` on their own record); a write goes through
 * `writeMemberIdentity`, since the member's session carries the language (their cached sessions
 * are forgotten, so their next page is in it), and bumps no generation: no shared page shows it.
 */
import { and, eq } from 'drizzle-orm';
import {
  isBlogLanguage,
  type MemberPreferencesPatch,
  type MemberPreferencesView,
} from '../../../domain/member-preferences';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { writeMemberIdentity } from '../../cache/site-write.server';
import { members } from '../../db/schema.server';
import { PermissionError } from '../../errors.server';
import type { ProfilesDeps } from '../profiles.server';

/**
 * The member whose preferences the actor asks for: `me` or their own id. A visitor is asked to
 * log in; another member's preferences are refused (403), whoever asks.
 */
function ownMemberId(actor: Actor, memberId: string): string {
  if (actor.memberId === null) throw new PermissionError('login-required');
  const id = memberId === 'me' ? actor.memberId : memberId;
  const refusal = whyNot(actor, 'member:edit', { member: { id } });
  if (refusal !== null) throw new PermissionError(refusal);
  return id;
}

/** The actor's own preferences (`memberId`: `me` or their id). */
export async function getPreferences(
  deps: ProfilesDeps,
  actor: Actor,
  site: SiteView,
  memberId: string,
): Promise<MemberPreferencesView> {
  const id = ownMemberId(actor, memberId);
  const [row] = await deps.db
    .select({ uiLanguage: members.uiLanguage })
    .from(members)
    .where(and(eq(members.siteId, site.id), eq(members.id, id)))
    .limit(1);
  // The actor was resolved on this site: a member that is gone since is a visitor now.
  if (!row) throw new PermissionError('login-required');
  return {
    uiLanguage: isBlogLanguage(row.uiLanguage) ? row.uiLanguage : null,
    siteLanguage: site.language,
  };
}

/** Sets the actor's own preferences; `uiLanguage: null` follows the site's language again. */
export async function updatePreferences(
  deps: ProfilesDeps,
  actor: Actor,
  site: SiteView,
  memberId: string,
  patch: MemberPreferencesPatch,
): Promise<MemberPreferencesView> {
  const id = ownMemberId(actor, memberId);
  const updated = await writeMemberIdentity(
    deps,
    site.id,
    id,
    (tx) =>
      tx
        .update(members)
        .set({ uiLanguage: patch.uiLanguage })
        .where(and(eq(members.siteId, site.id), eq(members.id, id)))
        .returning({ uiLanguage: members.uiLanguage }),
    // The reader pages, which are cached, never show it: the site's pages stay cached.
    { didChange: () => false },
  );
  if (updated.length === 0) throw new PermissionError('login-required');
  return { uiLanguage: patch.uiLanguage, siteLanguage: site.language };
}
