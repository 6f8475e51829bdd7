/**
 * The Posts screen's calls to `/api/dashboard/posts` (server/http/dashboard-posts-routes.server.ts)
 * through the dashboard's `callApi` (the anti-forgery token). Every call resolves with a result and
 * never throws; callers branch on `ok` and the server's stable error `code`.
 */
import {
  type DashboardBulk,
  type DashboardBulkResult,
  type DashboardPostsPage,
  type DashboardPostsQuery,
  dashboardPostsSearch,
} from '../../domain/dashboard-posts';
import { type ApiResult, callApi } from '../components/api';

export type { ApiResult };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The shell's one way to call the API (components/api.ts), with the URL first. */
const call = <T>(url: string, method: Method, body?: unknown): Promise<ApiResult<T>> =>
  callApi<T>(method, url, body);

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
