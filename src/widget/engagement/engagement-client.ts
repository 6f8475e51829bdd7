/**
 * The engagement calls of the page (issue 6), through `apiFetch` (the anti-forgery token, decision
 * 017). Each resolves to the server's state or to why not: a refusal's reason (401 log in, 403
 * join the community, not allowed, switched off, a demo site) or `failed` (no answer, a server
 * error), never a throw.
 */
import type { GateReason, RatingStateView } from '../../domain/engagement';
import { likeApiUrl, ratingApiUrl } from '../../domain/like-actions';
import type { LikeStateView, LikeTarget } from '../../domain/likes';
import { apiFetch, type FetchLike } from '../api-client';

/** A call's answer. */
export type EngagementResult<T> =
  | { ok: true; value: T }
  | { ok: false; reason: GateReason | 'failed' };

const REASONS: Record<string, GateReason> = {
  'login-required': 'login-required',
  'join-community': 'join-community',
  forbidden: 'forbidden',
  disabled: 'disabled',
  demo_mode: 'demo_mode',
};

/** Reads an answer: the body on success, the refusal's reason, or `failed`. */
export async function engagementAnswer<T>(response: Response): Promise<EngagementResult<T>> {
  if (response.ok) return { ok: true, value: (await response.json()) as T };
  if (response.status === 401) return { ok: false, reason: 'login-required' };
  const body = (await response.json().catch(() => null)) as { error?: { code?: unknown } } | null;
  const code = body?.error?.code;
  const reason = response.status === 403 && typeof code === 'string' ? REASONS[code] : undefined;
  return { ok: false, reason: reason ?? 'failed' };
}

async function call<T>(
  fetchApi: FetchLike,
  url: string,
  init: RequestInit,
): Promise<EngagementResult<T>> {
  try {
    return await engagementAnswer<T>(await fetchApi(url, init));
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/** Likes (`isLiked`) or takes back the like of a post or a comment; idempotent. */
export function setLike(
  target: LikeTarget,
  id: string,
  isLiked: boolean,
  fetchApi: FetchLike = apiFetch,
): Promise<EngagementResult<LikeStateView>> {
  return call(fetchApi, likeApiUrl(target, id), { method: isLiked ? 'PUT' : 'DELETE' });
}

/**
 * SPEC §7 `incrementPostLikeCount(postId, currentlyLiked)`: toggles the reader's like of a post
 * from what the page shows, as the PUT or DELETE that sets the opposite.
 */
export function incrementPostLikeCount(
  postId: string,
  currentlyLiked: boolean,
  fetchApi: FetchLike = apiFetch,
): Promise<EngagementResult<LikeStateView>> {
  return setLike('post', postId, !currentlyLiked, fetchApi);
}

/** The member rates a post 0–5. */
export function ratePost(
  postId: string,
  value: number,
  fetchApi: FetchLike = apiFetch,
): Promise<EngagementResult<RatingStateView>> {
  return call(fetchApi, ratingApiUrl(postId), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ value }),
  });
}

/** Makes the member's profile public (the join-community popup, SPEC §6); whether it worked. */
export async function makeProfilePublic(fetchApi: FetchLike = apiFetch): Promise<boolean> {
  try {
    const response = await fetchApi('/api/members/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ privacyStatus: 'PUBLIC' }),
    });
    return response.ok;
  } catch {
    return false;
  }
}
