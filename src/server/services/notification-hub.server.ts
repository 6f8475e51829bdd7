/**
 * The in-process pub/sub of live notifications (decision 018): the server is one process
 * (decision 004), so a map of listeners keyed by site and member is the whole broker. `notify()`
 * publishes what it stored; each open `GET /api/notifications/stream` listens for its member.
 * Bounded: a member holds at most MAX_STREAMS_PER_MEMBER streams (a browser allows six HTTP/1.1
 * connections per host; a member with every tab streaming must still load pages), and the process
 * at most MAX_STREAMS_TOTAL. Several processes would need the messages passed between them
 * (PostgreSQL LISTEN/NOTIFY or Redis) behind this same interface.
 */

/** Streams one member may hold open at once. */
export const MAX_STREAMS_PER_MEMBER = 5;
/** Streams the process holds open at once. */
export const MAX_STREAMS_TOTAL = 10_000;

/** What the hub carries: a stored notification of a member, or their new unread count. */
export type HubMessage<N> =
  | { type: 'notification'; notification: N; unread: number }
  | { type: 'unread'; unread: number };

/** A stream's listener. It must not throw; a listener that does is removed. */
export type HubListener<N> = (message: HubMessage<N>) => void;

/** Why a stream may not open: the member's or the process's bound is reached. */
export type HubRefusal = 'member-limit' | 'total-limit';

export interface NotificationHub<N> {
  /**
   * Listens for one member's messages. Returns the function that stops listening, or why the
   * stream may not open.
   */
  subscribe(
    siteId: string,
    memberId: string,
    listener: HubListener<N>,
  ): { ok: true; unsubscribe: () => void } | { ok: false; reason: HubRefusal };
  /** Delivers a message to every listener of the member (none: nothing happens). */
  publish(siteId: string, memberId: string, message: HubMessage<N>): void;
  /** Whether anyone listens for the member: publishers skip the work of a message otherwise. */
  hasListeners(siteId: string, memberId: string): boolean;
  /** Open streams of the member, or of the whole process. */
  size(siteId?: string, memberId?: string): number;
  /** Registers what to do when the server stops (end every stream); returns its remover. */
  onClose(handler: () => void): () => void;
  /** Runs the close handlers: every stream ends, so the server can stop. */
  closeAll(): void;
}

const keyOf = (siteId: string, memberId: string) => `${siteId}|${memberId}`;

/** Builds an empty hub; `limits` are for tests. */
export function createNotificationHub<N>(
  limits: { perMember?: number; total?: number } = {},
): NotificationHub<N> {
  const perMember = limits.perMember ?? MAX_STREAMS_PER_MEMBER;
  const total = limits.total ?? MAX_STREAMS_TOTAL;
  // Each subscription is its own entry, so one function subscribed twice is two streams.
  const listeners = new Map<string, Set<{ listener: HubListener<N> }>>();
  const closeHandlers = new Set<() => void>();
  let count = 0;

  function remove(key: string, entry: { listener: HubListener<N> }) {
    const set = listeners.get(key);
    if (!set?.delete(entry)) return;
    count -= 1;
    if (set.size === 0) listeners.delete(key);
  }

  return {
    subscribe(siteId, memberId, listener) {
      const key = keyOf(siteId, memberId);
      const set = listeners.get(key) ?? new Set();
      if (set.size >= perMember) return { ok: false, reason: 'member-limit' };
      if (count >= total) return { ok: false, reason: 'total-limit' };
      const entry = { listener };
      set.add(entry);
      listeners.set(key, set);
      count += 1;
      return { ok: true, unsubscribe: () => remove(key, entry) };
    },
    publish(siteId, memberId, message) {
      const key = keyOf(siteId, memberId);
      const set = listeners.get(key);
      if (!set) return;
      for (const entry of [...set]) {
        try {
          entry.listener(message);
        } catch {
          // A stream whose socket broke: it is gone, the others still get the message.
          remove(key, entry);
        }
      }
    },
    hasListeners(siteId, memberId) {
      return listeners.has(keyOf(siteId, memberId));
    },
    size(siteId, memberId) {
      if (siteId === undefined || memberId === undefined) return count;
      return listeners.get(keyOf(siteId, memberId))?.size ?? 0;
    },
    onClose(handler) {
      closeHandlers.add(handler);
      return () => closeHandlers.delete(handler);
    },
    closeAll() {
      for (const handler of [...closeHandlers]) handler();
      closeHandlers.clear();
    },
  };
}
