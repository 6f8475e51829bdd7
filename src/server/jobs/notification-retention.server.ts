/**
 * Deletes read notifications 90 days after they came (decision 018, migration 0008): once at
 * start, then every `intervalMs`. Unread ones stay, however old: a member who has not seen one
 * has not lost it. Keeps the table, and the folds' probes of it, small for members who read.
 */
import {
  NOTIFICATION_RETENTION_MS,
  type NotificationsService,
} from '../services/notifications.server';
import { type RetentionJob, startRetentionJob } from './retention.server';

/** How often old read notifications are deleted. */
export const NOTIFICATION_RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Starts the job; `runOnce()` runs it now (tests), `stop()` ends it. */
export function startNotificationRetention(options: {
  notifications: Pick<NotificationsService, 'deleteReadBefore'>;
  log: { error(error: unknown, message: string): void };
  now?: () => Date;
  intervalMs?: number;
}): RetentionJob {
  return startRetentionJob({
    deleteBefore: (cutoff) => options.notifications.deleteReadBefore(cutoff),
    keepMs: NOTIFICATION_RETENTION_MS,
    intervalMs: options.intervalMs ?? NOTIFICATION_RETENTION_INTERVAL_MS,
    failure: 'Deleting old read notifications failed',
    log: options.log,
    now: options.now,
  });
}
