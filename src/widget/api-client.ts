/**
 * The browser's one way to call our API (decision 017): same-origin credentials, and on every
 * state-changing request the anti-forgery token (SPEC §7 "anti-forgery token from a cookie") in
 * the `x-csrf-token` header. The token is read from its cookie. A refusal for a missing or stale
 * token (a first vote with a visitor id, a session changed in another tab) fetches a fresh token
 * and tries once more; a request without any credential needs none and goes through at once.
 */
import {
  CSRF_COOKIE,
  CSRF_ERROR_CODE,
  CSRF_HEADER,
  CSRF_TOKEN_URL,
  isStateChangingMethod,
  readCookie,
} from '../domain/session';

/** A fetch function (the browser's, `apiFetch`, or a fake in tests). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

let pending: Promise<string> | null = null;

/** A fresh token from the server, which also sets its cookie; concurrent callers share one. */
export function freshCsrfToken(): Promise<string> {
  pending ??= fetch(CSRF_TOKEN_URL, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
    .then(async (response) => {
      const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
      if (!response.ok || typeof body?.token !== 'string') {
        throw new Error(`No anti-forgery token (${response.status})`);
      }
      return body.token;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The anti-forgery token's cookie, if the browser has it. */
export function csrfCookieToken(): string | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie, CSRF_COOKIE);
}

/** Whether a response is the server refusing the token (403 `csrf_invalid`). */
export async function isCsrfRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: unknown } } | null;
  return body?.error?.code === CSRF_ERROR_CODE;
}

/**
 * `fetch` for our API. Rejects only as fetch does (no answer); every answer, refusals included,
 * resolves for the caller to read.
 */
export const apiFetch: FetchLike = async (input, init = {}) => {
  const base: RequestInit = { credentials: 'same-origin', ...init };
  if (!isStateChangingMethod(init.method ?? 'GET')) return fetch(input, base);
  const send = (token: string) => {
    const headers = new Headers(init.headers);
    headers.set(CSRF_HEADER, token);
    return fetch(input, { ...base, headers });
  };
  // Without the cookie the request goes as it is: one that carries no credential needs no token
  // (decision 017); otherwise the server says so (403) and the retry below asks for one.
  const first = await send(csrfCookieToken() ?? '');
  if (!(await isCsrfRefusal(first))) return first;
  return send(await freshCsrfToken());
};
