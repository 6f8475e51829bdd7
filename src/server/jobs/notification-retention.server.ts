/**
 * Deletes read notifications 90 days after they came (decision 018, migration 0008): once at
 * start, then every `intervalMs`. Unread ones stay, however old: a member who has not seen one
 * has not lost it. Keeps the table, and the folds' probes of it, small for members who read.
 */
import {
  NOTIFICATION_RETENTION_MS,
  type NotificationsService,
} from '../services/notifications.server';

/** How often old read notifications are deleted. */
export const NOTIFICATION_RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Starts the job; `runOnce()` runs it now (tests), `stop()` ends it. */
export function startNotificationRetention(options: {
  notifications: Pick<NotificationsService, 'deleteReadBefore'>;
  log: { error(error: unknown, message: string): void };
  now?: () => Date;
  intervalMs?: number;
}): { runOnce(): Promise<number>; stop(): Promise<void> } {
  const { notifications, log } = options;
  const now = options.now ?? (() => new Date());
  // Runs under way, for stop() to wait on.
  const running = new Set<Promise<number>>();
  const runOnce = () => {
    const run = notifications
      .deleteReadBefore(new Date(now().getTime() - NOTIFICATION_RETENTION_MS))
      .catch((error: unknown) => {
        log.error(error, 'Deleting old read notifications failed');
        return 0;
      });
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };
  void runOnce();
  const timer = setInterval(
    () => void runOnce(),
    options.intervalMs ?? NOTIFICATION_RETENTION_INTERVAL_MS,
  );
  timer.unref();
  return {
    runOnce,
    // Stops the timer; resolves when a run under way has finished (graceful shutdown).
    stop: async () => {
      clearInterval(timer);
      await Promise.all(running);
    },
  };
}
