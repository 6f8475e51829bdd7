/**
 * The category and tag screens' calls to `/api/dashboard/...` (issue 17): JSON in and out through
 * the widget's `apiFetch` (the anti-forgery token), every answer read into a result the screen
 * can show: the value, or the API's error (its code, message and the fields it names), or a
 * network failure as `network`.
 */
import { apiFetch } from '../../widget/api-client';

/** An API refusal as the screens show it: beside the field it names, or as a toast. */
export interface ApiProblem {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string>;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; problem: ApiProblem };

/** Calls `method url` with `body` as JSON and reads the answer. */
export async function callApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<ApiResult<T>> {
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
    return { ok: false, problem: { status: 0, code: 'network', message: '', fields: {} } };
  }
  if (response.status === 204) return { ok: true, value: undefined as T };
  const json = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, value: json as T };
  const error = (json as { error?: Partial<ApiProblem> } | null)?.error;
  return {
    ok: false,
    problem: {
      status: response.status,
      code: typeof error?.code === 'string' ? error.code : 'unknown',
      message: typeof error?.message === 'string' ? error.message : '',
      fields: error?.fields && typeof error.fields === 'object' ? error.fields : {},
    },
  };
}
