/**
 * The open page's live notifications (decision 018): one EventSource on
 * `GET /api/notifications/stream` shared by everything on the page that listens (the header's
 * buttons, the panel, the notifications page), opened with the first listener and closed with the
 * last. Loaded only for signed-in members, after hydration (header-notifications.tsx), so the
 * feed's script never carries it. The browser reconnects a dropped stream by itself; each
 * (re)connection starts with the current unread count, so nothing missed stays wrong.
 */
import type { NotificationStreamMessage } from '../../domain/notifications';

/** The stream's address. */
export const NOTIFICATIONS_STREAM_URL = '/api/notifications/stream';

/** A listener of the stream's messages (and of counts this page announces itself). */
export type LiveListener = (message: NotificationStreamMessage) => void;

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;

function dispatch(message: NotificationStreamMessage) {
  for (const listener of [...listeners]) listener(message);
}

function handleMessage(event: MessageEvent<string>) {
  try {
    dispatch(JSON.parse(event.data) as NotificationStreamMessage);
  } catch {
    // A message this page cannot read: the next count corrects whatever it missed.
  }
}

function connect() {
  if (source || typeof EventSource === 'undefined') return;
  const opened = new EventSource(NOTIFICATIONS_STREAM_URL);
  opened.addEventListener('unread', handleMessage);
  opened.addEventListener('notification', handleMessage);
  opened.addEventListener('error', () => {
    // Closed for good (a refusal such as 401 or 429, not a dropped connection): let a later
    // listener try again.
    if (opened.readyState === EventSource.CLOSED && source === opened) source = null;
  });
  source = opened;
}

/** Listens to the stream, connecting it if needed; returns the function that stops listening. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}

/**
 * Tells this page's listeners a count it learnt itself (the answer of a mark-read call), without
 * waiting for the stream's own message about it.
 */
export function announceUnread(unread: number): void {
  dispatch({ type: 'unread', unread });
}
