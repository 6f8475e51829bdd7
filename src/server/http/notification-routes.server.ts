/**
 * A member's notifications (issue 5, decision 018). Thin: resolve the site and who is asking,
 * parse, call the service, reply. Every answer is one member's: `private, no-store`.
 *
 *   GET  /notifications?page=&pageSize=   a page, newest first, with the unread count
 *   GET  /notifications/unread-count      { unread }
 *   POST /notifications/:id/read          mark one read → { unread }
 *   POST /notifications/read-all          mark all read → { unread: 0 }
 *   GET  /notifications/stream            server-sent events: `unread` at once and after every
 *                                         change, `notification` for each new one; a comment
 *                                         line every HEARTBEAT_MS keeps proxies from closing it
 *
 * Errors take the shape of DESIGN.md: 400 `validation_failed`, 401 `login-required` for a
 * visitor, 403 `forbidden` for a blocked member, 404 `notification_not_found` for a notification
 * that is not the member's, 429 `too_many_streams` past the hub's bounds.
 *
 * With test routes on, `POST /test/notifications` stores an event for a member (the browser tests
 * use it for the kinds whose actions arrive with issue 6).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotificationIdParamsSchema, NotificationsQuerySchema } from '../../domain/api';
import type { NotificationEvent, NotificationStreamMessage } from '../../domain/notifications';
import { safeJson, safeText } from '../../domain/text-input';
import { AppError } from '../errors.server';
import type { HubMessage } from '../services/notification-hub.server';
import {
  type NotificationsService,
  presentNotification,
  type StoredNotification,
} from '../services/notifications.server';

/** How often an idle stream sends a comment line (proxies close silent connections at 30-60 s). */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream (the `retry` field). */
export const STREAM_RETRY_MS = 5_000;

export interface NotificationRoutesDeps {
  notifications: NotificationsService;
  /** Registers the test-only route. Never on in production. */
  withTestRoutes?: boolean;
  /** The heartbeat's period (tests shorten it). */
  heartbeatMs?: number;
}

/** The test-only route's body: whom to notify, of what. */
export const TestNotifySchema = z.object({
  memberId: z.uuid(),
  // The service validates the event's shape.
  event: z.record(safeText(), safeJson()),
});

/** One server-sent event: its name and one line of JSON. */
function sseEvent(message: NotificationStreamMessage): string {
  return `event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`;
}

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function notificationRoutes(
  app: FastifyInstance,
  { notifications, withTestRoutes = false, heartbeatMs = HEARTBEAT_MS }: NotificationRoutesDeps,
) {
  app.get('/notifications', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const query = NotificationsQuerySchema.parse(request.query);
    return notifications.list(actor, site, query);
  });

  app.get('/notifications/unread-count', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    return { unread: await notifications.unreadCount(actor, site) };
  });

  app.post('/notifications/read-all', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    return notifications.markAllRead(actor, site);
  });

  app.post('/notifications/:id/read', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = NotificationIdParamsSchema.parse(request.params);
    return notifications.markRead(actor, site, id);
  });

  app.get('/notifications/stream', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const memberId = notifications.streamOwner(actor);
    const raw = reply.raw;
    const write = (text: string) => {
      if (!raw.destroyed && !raw.writableEnded) raw.write(text);
    };
    const subscription = notifications.hub.subscribe(
      site.id,
      memberId,
      (message: HubMessage<StoredNotification>) => {
        write(
          sseEvent(
            message.type === 'notification'
              ? { ...message, notification: presentNotification(site, message.notification) }
              : message,
          ),
        );
      },
    );
    if (!subscription.ok) {
      throw new AppError(429, 'too_many_streams', 'Too many open notification streams');
    }

    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store, no-transform',
      connection: 'keep-alive',
      // Proxies that buffer responses (nginx) would hold the events back.
      'x-accel-buffering': 'no',
    });
    write(`retry: ${STREAM_RETRY_MS}\n\n`);
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
    heartbeat.unref();
    // The server stopping ends the stream, or `app.close()` would wait for it forever.
    const removeCloseHandler = notifications.hub.onClose(() => raw.end());
    raw.on('close', () => {
      clearInterval(heartbeat);
      subscription.unsubscribe();
      removeCloseHandler();
    });
    // The count as it is now; a reconnecting page catches up with what it missed this way.
    try {
      write(
        sseEvent({ type: 'unread', unread: await notifications.countUnread(site.id, memberId) }),
      );
    } catch (error) {
      request.log.error({ err: error }, 'notification stream failed to start');
      raw.end();
    }
  });

  app.addHook('preClose', async () => {
    notifications.hub.closeAll();
  });

  if (withTestRoutes) {
    // Test-only: arranges data without a member (the subtree asks for one).
    app.post('/test/notifications', { config: { auth: 'none' } }, async (request, reply) => {
      const site = await request.site;
      const { memberId, event } = TestNotifySchema.parse(request.body);
      const stored = await notifications.notify(
        site.id,
        memberId,
        event as unknown as NotificationEvent,
      );
      return reply
        .status(stored ? 201 : 200)
        .send({ notification: stored ? presentNotification(site, stored) : null });
    });
  }
}
