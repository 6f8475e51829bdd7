/** What the likes and ratings use cases share (decision 020). */
import type { Actor } from '../../../domain/permissions';
import type { Device } from '../../../domain/settings';
import type { Database } from '../../db/connection.server';
import type { NotificationsService } from '../notifications.server';
import type { PermissionSettingsFor } from '../permission-settings.server';
import type { ReaderStateService } from '../reader-state.server';

/** The engagement service's dependencies, with the permission settings reader built. */
export interface EngagementContext {
  db: Database;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Where a failed notification is reported: it never fails the like that caused it. */
  log?: { error(error: unknown, message: string): void };
  /**
   * The readers' counts snapshot (reader-state.server.ts), told of every count a write committed
   * so that the writer's next overlay shows it (decision 030).
   */
  counters?: Pick<ReaderStateService, 'noteCounts'>;
  /** The permission facts of the request's device (decision 008). */
  permissionSettings: PermissionSettingsFor;
}

/** Who is asking: the actor, the anonymous visitor's id if any, and their device's settings. */
export interface EngagementReader {
  actor: Actor;
  visitorId: string | null;
  device: Device;
  /**
   * Gives a guest without a visitor id one (the HTTP layer sets its cookie), called only once a
   * like is allowed: a refused visitor gets no cookie.
   */
  mintVisitorId?: () => string;
}
