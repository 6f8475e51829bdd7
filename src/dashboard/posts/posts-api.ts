/**
 * The Posts screen's calls to `/api/dashboard/posts` (server/http/dashboard-posts-routes.server.ts)
 * through `apiFetch` (the anti-forgery token). Every call resolves with a result and never throws;
 * callers branch on `ok` and the server's stable error `code`.
 */
import {
  type DashboardBulk,
  type DashboardBulkResult,
  type DashboardPostsPage,
  type DashboardPostsQuery,
  dashboardPostsSearch,
} from '../../domain/dashboard-posts';
import { apiFetch } from '../../widget/api-client';

/** What one call came to; `status` 0 when there was no answer (offline). */
export type ApiResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; code: string; message: string; fields: Record<string, string> };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
    return { ok: false, status: 0, code: 'network', message: '', fields: {} };
  }
  const json: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, value: json as T };
  const error = (json as { error?: { code?: unknown; message?: unknown; fields?: unknown } })
    ?.error;
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
    message: typeof error?.message === 'string' ? error.message : '',
    fields,
  };
}

const BASE = '/api/dashboard/posts';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** One page of a list (the next one with `cursor`). */
export function fetchPostsPage(query: Partial<DashboardPostsQuery>) {
  return call<DashboardPostsPage>(`${BASE}${dashboardPostsSearch(query)}`, 'GET');
}

/** The row actions; each resolves to the server's answer. */
export const postRowCalls = {
  duplicate: (id: string) => call<{ id: string }>(`${one(id)}/duplicate`, 'POST'),
  pin: (id: string, on: boolean) =>
    call<{ isPinned: boolean }>(`${one(id)}/pin`, on ? 'PUT' : 'DELETE'),
  feature: (id: string, on: boolean) =>
    call<{ isFeatured: boolean }>(`${one(id)}/feature`, on ? 'PUT' : 'DELETE'),
  changeOwner: (id: string, ownerId: string) =>
    call<{ ownerId: string }>(`${one(id)}/owner`, 'PUT', { ownerId }),
  setCategories: (id: string, categoryIds: string[]) =>
    call<{ categoryIds: string[] }>(`${one(id)}/categories`, 'PUT', { categoryIds }),
  revert: (id: string) => call<{ status: string }>(`${one(id)}/revert-to-draft`, 'POST'),
  trash: (id: string) => call<undefined>(`${one(id)}/trash`, 'POST'),
  restore: (id: string) => call<{ status: string }>(`${one(id)}/restore`, 'POST'),
  deleteForever: (id: string) => call<undefined>(one(id), 'DELETE'),
};

/** A bulk action on a selection or on everything a filter matches. */
export function runBulk(input: DashboardBulk) {
  return call<DashboardBulkResult>(`${BASE}/bulk`, 'POST', input);
}
