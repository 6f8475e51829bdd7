/**
 * The notification pages' calls to the API (server/http/notification-routes.ts), in one module so
 * that the state-changing ones go through one place (`send`): the anti-forgery token of SPEC §7
 * rides on them here. Every call resolves with a result, never throws; callers branch on `ok` and
 * on the server's stable error `code`.
 */
import type { NotificationsPageView } from '../../domain/notifications';

/** Where the notifications API lives. */
export const NOTIFICATIONS_API = '/api/notifications';

/** What one call came to. */
export type NotificationsResult<T> =
  | { ok: true; value: T }
  /** `status` 0: no answer (offline). */
  | { ok: false; status: number; code: string };

/** The anti-forgery token the server set in a cookie readable by scripts (SPEC §7). */
const CSRF_COOKIE = 'inkwell_csrf';
const CSRF_HEADER = 'x-csrf-token';

function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

async function send<T>(url: string, method: 'GET' | 'POST'): Promise<NotificationsResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = method === 'POST' ? csrfToken() : null;
  if (token) headers[CSRF_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, credentials: 'same-origin' });
  } catch {
    return { ok: false, status: 0, code: 'network' };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok) return { ok: true, value: body as T };
  const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
  return { ok: false, status: response.status, code: typeof code === 'string' ? code : 'unknown' };
}

/** A page of the member's notifications, newest first. */
export function fetchNotifications(
  page: number,
  pageSize?: number,
): Promise<NotificationsResult<NotificationsPageView>> {
  const query = new URLSearchParams({ page: String(page) });
  if (pageSize !== undefined) query.set('pageSize', String(pageSize));
  return send(`${NOTIFICATIONS_API}?${query}`, 'GET');
}

/** Marks one notification read; the unread count after it. */
export function markNotificationRead(id: string): Promise<NotificationsResult<{ unread: number }>> {
  return send(`${NOTIFICATIONS_API}/${encodeURIComponent(id)}/read`, 'POST');
}

/** Marks every notification read. */
export function markAllNotificationsRead(): Promise<NotificationsResult<{ unread: number }>> {
  return send(`${NOTIFICATIONS_API}/read-all`, 'POST');
}
