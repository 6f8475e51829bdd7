/**
 * The dashboard's calls to its API: JSON in and out through `apiFetch` (credentials and the
 * anti-forgery token), every answer read into a result the screens show as it is: the value, or
 * the error's code, message and field messages (DESIGN.md "Errors": a 400 names its fields).
 */
import { apiFetch } from '../../widget/api-client';

/** What a call came back with. `status` 0: no answer at all (offline, server away). */
export type ApiResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      status: number;
      code: string;
      message: string;
      /** Field path → message, for a form to show beside each field. */
      fields: Record<string, string>;
    };

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

/** Calls `method url` with `body` as JSON; never throws. */
export async function callApi<T>(
  method: string,
  url: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await apiFetch(url, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: 'network_error', message: '', fields: {} };
  }
  const parsed = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, value: parsed as T };
  const error = (parsed as ErrorBody | null)?.error ?? {};
  return {
    ok: false,
    status: response.status,
    code: error.code ?? 'unknown_error',
    message: error.message ?? '',
    fields: error.fields ?? {},
  };
}
