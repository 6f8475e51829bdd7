/**
 * The notification pages' calls to the API (server/http/notification-routes.ts), in one module so
 * that the state-changing ones go through one place (`send`): the anti-forgery token of SPEC §7
 * rides on them here. Every call resolves with a result, never throws; callers branch on `ok` and
 * on the server's stable error `code`.
 */
import type { NotificationsPageView } from '../../domain/notifications';
import { apiFetch } from '../api-client';

/** Where the notifications API lives. */
export const NOTIFICATIONS_API = '/api/notifications';

/** What one call came to. */
export type NotificationsResult<T> =
  | { ok: true; value: T }
  /** `status` 0: no answer (offline). */
  | { ok: false; status: number; code: string };

async function send<T>(url: string, method: 'GET' | 'POST'): Promise<NotificationsResult<T>> {
  let response: Response;
  try {
    // apiFetch adds the anti-forgery token to a POST (and fetches one when the cookie is gone).
    response = await apiFetch(url, { method, headers: { accept: 'application/json' } });
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
