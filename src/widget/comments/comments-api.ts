/**
 * The post page's calls to the comments, subscriptions and reports API
 * (server/http/comment-routes.ts) and to the post's management actions (pin, duplicate, revert to
 * draft, delete: server/http/post-editor-routes.ts), through `apiFetch` (the anti-forgery token, decision 017).
 * Every call resolves with a result and never throws; callers branch on `ok` and on the server's
 * stable error `code` (CONVENTIONS: never on message text).
 */
import type {
  CommentDeleteView,
  CommentsPageView,
  CommentWriteView,
  MentionSuggestion,
  RepliesPageView,
  ReportReason,
  ReportReceipt,
  ReportTarget,
  SubscriptionTarget,
  SubscriptionView,
} from '../../domain/comments';
import { apiFetch } from '../api-client';

/** What one call came to; `status` 0 when there was no answer (offline). */
export type ApiResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; code: string; fields: Record<string, string> };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function call<T>(url: string, method: Method, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await apiFetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, code: 'network', fields: {} };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, value: json as T };
  const error = (json as { error?: { code?: unknown; fields?: unknown } } | undefined)?.error;
  const fields =
    error?.fields && typeof error.fields === 'object'
      ? Object.fromEntries(
          Object.entries(error.fields as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        )
      : {};
  return {
    ok: false,
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : 'unknown',
    fields,
  };
}

const id = encodeURIComponent;
const after = (cursor: string | null | undefined) =>
  cursor ? `?${new URLSearchParams({ after: cursor })}` : '';

/** The next page of a post's top-level comments. */
export function fetchComments(postId: string, cursor?: string | null) {
  return call<CommentsPageView>(`/api/posts/${id(postId)}/comments${after(cursor)}`, 'GET');
}

/** The next replies of a comment. */
export function fetchReplies(commentId: string, cursor?: string | null) {
  return call<RepliesPageView>(`/api/comments/${id(commentId)}/replies${after(cursor)}`, 'GET');
}

/** Posts a comment, or a reply to `replyTo`. */
export function postComment(postId: string, content: unknown, replyTo?: string) {
  return call<CommentWriteView>(`/api/posts/${id(postId)}/comments`, 'POST', {
    content,
    ...(replyTo ? { replyTo } : {}),
  });
}

/** Saves a new text for one's own comment. */
export function editComment(commentId: string, content: unknown) {
  return call<CommentWriteView>(`/api/comments/${id(commentId)}`, 'PATCH', { content });
}

/** Deletes a comment (and its replies). */
export function deleteComment(commentId: string) {
  return call<CommentDeleteView>(`/api/comments/${id(commentId)}`, 'DELETE');
}

/** Comments on or off for one post. */
export function setCommentsEnabled(postId: string, enabled: boolean) {
  return call<{ isCommentsDisabled: boolean }>(`/api/posts/${id(postId)}/comments-enabled`, 'PUT', {
    enabled,
  });
}

/** Pins the post to the top of the feed, or unpins it (SPEC §6 pin; editors). */
export function setPostPinned(postId: string, isPinned: boolean) {
  return call<{ isPinned: boolean }>(
    `/api/editor/posts/${id(postId)}/pin`,
    isPinned ? 'PUT' : 'DELETE',
  );
}

/** A new draft of the actor's with the post's text, cover, categories and tags. */
export function duplicatePost(postId: string) {
  return call<{ id: string; slug: string }>(`/api/editor/posts/${id(postId)}/duplicate`, 'POST');
}

/** Reverts a published or scheduled post to a draft (SPEC §6 revert-to-draft). */
export function unpublishPost(postId: string) {
  return call<{ id: string; slug: string }>(
    `/api/editor/posts/${id(postId)}/unpublish`,
    'POST',
    {},
  );
}

/** Deletes the post (SPEC §4 status deleted). */
export function deletePost(postId: string) {
  return call<undefined>(`/api/editor/posts/${id(postId)}`, 'DELETE');
}

/** Members whose name starts with `query`, to mention. */
export function fetchMentions(query: string) {
  return call<{ members: MentionSuggestion[] }>(
    `/api/mentions?${new URLSearchParams({ query })}`,
    'GET',
  );
}

/** Follows (`true`) or stops following (`false`) the blog, a category or a post's comments. */
export function setSubscribed(type: SubscriptionTarget, targetId: string, isSubscribed: boolean) {
  return call<SubscriptionView>(
    `/api/subscriptions/${type}/${id(targetId)}`,
    isSubscribed ? 'PUT' : 'DELETE',
  );
}

/** Whether the member follows something. */
export function fetchSubscription(type: SubscriptionTarget, targetId: string) {
  return call<SubscriptionView>(`/api/subscriptions/${type}/${id(targetId)}`, 'GET');
}

/** Reports a post or a comment. */
export function sendReport(input: {
  targetType: ReportTarget;
  targetId: string;
  reason: ReportReason;
  details: string;
}) {
  return call<ReportReceipt>('/api/reports', 'POST', input);
}
