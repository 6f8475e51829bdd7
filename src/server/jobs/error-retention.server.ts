/**
 * Deletes error groups not seen for `ERROR_RETENTION_DAYS` (90; decision 042): once at start,
 * then every `intervalMs`. A group seen again is counted from scratch as a new one. Shaped like
 * notification-retention.
 */
import { ERROR_RETENTION_DAYS } from '../../domain/health';
import type { DashboardHealthService } from '../services/dashboard-health.server';

/** How often old error groups are deleted. */
export const ERROR_RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Starts the job; `runOnce()` runs it now (tests), `stop()` ends it. */
export function startErrorRetention(options: {
  health: Pick<DashboardHealthService, 'deleteSeenBefore'>;
  log: { error(error: unknown, message: string): void };
  now?: () => Date;
  intervalMs?: number;
}): { runOnce(): Promise<number>; stop(): Promise<void> } {
  const { health, log } = options;
  const now = options.now ?? (() => new Date());
  const running = new Set<Promise<number>>();
  const runOnce = () => {
    const run = health
      .deleteSeenBefore(new Date(now().getTime() - ERROR_RETENTION_DAYS * 24 * 60 * 60 * 1000))
      .catch((error: unknown) => {
        log.error(error, 'Deleting old error groups failed');
        return 0;
      });
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };
  void runOnce();
  const timer = setInterval(
    () => void runOnce(),
    options.intervalMs ?? ERROR_RETENTION_INTERVAL_MS,
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
