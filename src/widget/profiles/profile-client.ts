/**
 * The profile form's client of the members API (server/http/member-routes.ts), through the
 * browser's one way to call the API (`apiFetch`: same-origin credentials and the anti-forgery
 * token, decision 017). It resolves with a result and never throws; the form branches on `kind`
 * and on the server's stable error `code` (CONVENTIONS: never on message text).
 */
import type { ProfilePatch } from '../../domain/profile-api';
import type { OwnProfileView } from '../../domain/profiles';
import { apiFetch, type FetchLike } from '../api-client';

/** Where a member changes their own profile. */
export const OWN_PROFILE_URL = '/api/members/me';

/** Where the form uploads a picture or cover (the media API, for one's own profile). */
export const PROFILE_UPLOAD_ENDPOINT = '/api/editor/media?purpose=profile';

/** What a save came to. */
export type ProfileSaveResult =
  | { kind: 'ok'; profile: OwnProfileView }
  /** A refusal (400 with fields, 401, 403): saving again as it is will not help. */
  | { kind: 'refused'; status: number; code: string; fields: Record<string, string> }
  /** No answer, or a 5xx: worth trying again. */
  | { kind: 'network'; status: number };

/** Sends the member's changes (`PATCH /api/members/me`). */
export async function saveOwnProfile(
  patch: ProfilePatch,
  fetchFn: FetchLike = apiFetch,
): Promise<ProfileSaveResult> {
  let response: Response;
  try {
    response = await fetchFn(OWN_PROFILE_URL, {
      method: 'PATCH',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(patch),
    });
  } catch {
    return { kind: 'network', status: 0 };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok && body && typeof body === 'object') {
    return { kind: 'ok', profile: body as OwnProfileView };
  }
  if (response.status >= 500 || response.ok) return { kind: 'network', status: response.status };
  const error = (body as { error?: { code?: unknown; fields?: unknown } } | undefined)?.error;
  const fields =
    error?.fields && typeof error.fields === 'object'
      ? Object.fromEntries(
          Object.entries(error.fields as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        )
      : {};
  return {
    kind: 'refused',
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : 'unknown',
    fields,
  };
}
