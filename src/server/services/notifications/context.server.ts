/** What the notification use cases share: the database, the streams' hub, the log and the clock. */
import type { Database } from '../../db/connection.server';
import type { NotificationHub } from '../notification-hub.server';
import type { StoredNotification } from './stored.server';

/** The notifications' dependencies, with the clock filled in. */
export interface NotificationsContext {
  db: Database;
  hub: NotificationHub<StoredNotification>;
  /** Where a failed notification is reported: notifying never fails the write that caused it. */
  log?: { error(error: unknown, message: string): void };
  /** The clock read_at is set by (tests pass a fake one). */
  now: () => Date;
  /** Told of the members just notified (the reader state forgets their unread count, 054). */
  onStored?: (siteId: string, memberIds: readonly string[]) => void;
}
