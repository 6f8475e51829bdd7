/**
 * The editor page's client of the post editor API (server/http/post-editor-routes.ts). Every call
 * resolves with a result, never throws: the autosave machine and the page branch on `kind`, and
 * on the server's stable error `code` (CONVENTIONS: never on message text).
 */
import type {
  EditorPostView,
  PostCreate,
  PostPublish,
  PostSave,
  PostUnpublish,
} from '../../domain/post-editor';
import type { PostSendBack, PostSubmit } from '../../domain/post-review';
import type {
  PostRevisionDetailView,
  PostRevisionsPageView,
  RevisionRestore,
} from '../../domain/post-revisions';
import type { EditorTagView } from '../../domain/tags';
import type { FetchLike } from '../api-client';

/** Where the editor API lives. */
export const EDITOR_API_BASE = '/api/editor/posts';
/** Where writers create tags. */
export const EDITOR_TAGS_URL = '/api/editor/tags';

/** What one call came to. */
export type ApiResult =
  | { kind: 'ok'; post: EditorPostView }
  /** 409 `edit-conflict`: someone saved a newer revision. */
  | { kind: 'conflict'; revision: number }
  /** No answer (offline, DNS, connection reset) or a 5xx: worth retrying. */
  | { kind: 'network'; status: number }
  /** Any other refusal (400 with fields, 401, 403, 404, other 409s): retrying will not help. */
  | { kind: 'refused'; status: number; code: string; fields: Record<string, string> };

/** The fetch the client uses: `apiFetch` (anti-forgery token included), or a fake in tests. */
export type { FetchLike } from '../api-client';

interface ErrorBody {
  error?: { code?: unknown; fields?: unknown; revision?: unknown };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** What one call came to, for an answer of type `T`. */
export type Outcome<T> =
  | { kind: 'ok'; value: T }
  | Exclude<ApiResult, { kind: 'ok' } | { kind: 'conflict' }>
  | Extract<ApiResult, { kind: 'conflict' }>;

async function send<T>(fetchFn: FetchLike, url: string, init: RequestInit): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      ...init,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'network', status: 0 };
  }
  const body = await readJson(response);
  if (response.ok && body && typeof body === 'object') {
    return { kind: 'ok', value: body as T };
  }
  if (response.status >= 500 || (response.ok && !body)) {
    return { kind: 'network', status: response.status };
  }
  const error = (body as ErrorBody | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : 'unknown';
  if (response.status === 409 && code === 'edit-conflict' && typeof error?.revision === 'number') {
    return { kind: 'conflict', revision: error.revision };
  }
  const fields =
    error?.fields && typeof error.fields === 'object'
      ? Object.fromEntries(
          Object.entries(error.fields as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        )
      : {};
  return { kind: 'refused', status: response.status, code, fields };
}

async function call(fetchFn: FetchLike, url: string, init: RequestInit): Promise<ApiResult> {
  const outcome = await send<EditorPostView>(fetchFn, url, init);
  return outcome.kind === 'ok' ? { kind: 'ok', post: outcome.value } : outcome;
}

/** What creating a tag came to: the tag (new, or the blog's tag of that label), or why not. */
export type TagResult =
  | { kind: 'ok'; tag: EditorTagView }
  | Exclude<ApiResult, { kind: 'ok' } | { kind: 'conflict' }>;

/** Creates the tag `label` names (`POST /api/editor/tags`); an existing label gives its tag. */
export async function createTag(fetchFn: FetchLike, label: string): Promise<TagResult> {
  const outcome = await send<EditorTagView>(fetchFn, EDITOR_TAGS_URL, {
    method: 'POST',
    body: JSON.stringify({ label }),
  });
  if (outcome.kind === 'ok') return { kind: 'ok', tag: outcome.value };
  // A tag has no revision: a 409 here is just a refusal.
  if (outcome.kind === 'conflict')
    return { kind: 'refused', status: 409, code: 'conflict', fields: {} };
  return outcome;
}

/** The editor API's calls. */
export interface EditorApi {
  create(input: PostCreate): Promise<ApiResult>;
  get(postId: string): Promise<ApiResult>;
  save(postId: string, input: PostSave): Promise<ApiResult>;
  publish(postId: string, input: PostPublish): Promise<ApiResult>;
  unpublish(postId: string, input: PostUnpublish): Promise<ApiResult>;
  /** Submits the draft for review (decision 034). */
  submit(postId: string, input: PostSubmit): Promise<ApiResult>;
  /** Sends a post waiting for review back to its writer with a note. */
  sendBack(postId: string, input: PostSendBack): Promise<ApiResult>;
  /** A page of the post's revisions, newest first, older than `cursor`. */
  listRevisions(postId: string, cursor?: number | null): Promise<Outcome<PostRevisionsPageView>>;
  /** One revision with its document. */
  getRevision(postId: string, number: number): Promise<Outcome<PostRevisionDetailView>>;
  /** Restores a revision as a new save from `input.revision`. */
  restoreRevision(postId: string, number: number, input: RevisionRestore): Promise<ApiResult>;
}

/** Builds the API client over `fetchFn`. */
export function createEditorApi(fetchFn: FetchLike): EditorApi {
  const url = (postId: string, action = '') =>
    `${EDITOR_API_BASE}/${encodeURIComponent(postId)}${action}`;
  return {
    create: (input) =>
      call(fetchFn, EDITOR_API_BASE, { method: 'POST', body: JSON.stringify(input) }),
    get: (postId) => call(fetchFn, url(postId), { method: 'GET' }),
    save: (postId, input) =>
      call(fetchFn, url(postId), { method: 'PUT', body: JSON.stringify(input) }),
    publish: (postId, input) =>
      call(fetchFn, url(postId, '/publish'), { method: 'POST', body: JSON.stringify(input) }),
    unpublish: (postId, input) =>
      call(fetchFn, url(postId, '/unpublish'), { method: 'POST', body: JSON.stringify(input) }),
    submit: (postId, input) =>
      call(fetchFn, url(postId, '/submit'), { method: 'POST', body: JSON.stringify(input) }),
    sendBack: (postId, input) =>
      call(fetchFn, url(postId, '/send-back'), { method: 'POST', body: JSON.stringify(input) }),
    listRevisions: (postId, cursor) =>
      send(fetchFn, url(postId, `/revisions${cursor ? `?cursor=${cursor}` : ''}`), {
        method: 'GET',
      }),
    getRevision: (postId, number) =>
      send(fetchFn, url(postId, `/revisions/${number}`), { method: 'GET' }),
    restoreRevision: (postId, number, input) =>
      call(fetchFn, url(postId, `/revisions/${number}/restore`), {
        method: 'POST',
        body: JSON.stringify(input),
      }),
  };
}
