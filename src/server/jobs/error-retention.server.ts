/**
 * Deletes error groups not seen for `ERROR_RETENTION_DAYS` (90; decision 042): once at start,
 * then every `intervalMs`. A group seen again is counted from scratch as a new one. The loop is
 * retention.server.ts's, shared with notification-retention.
 */
import { ERROR_RETENTION_DAYS } from '../../domain/health';
import type { DashboardHealthService } from '../services/dashboard-health.server';
import { type RetentionJob, startRetentionJob } from './retention.server';

/** How often old error groups are deleted. */
export const ERROR_RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Starts the job; `runOnce()` runs it now (tests), `stop()` ends it. */
export function startErrorRetention(options: {
  health: Pick<DashboardHealthService, 'deleteSeenBefore'>;
  log: { error(error: unknown, message: string): void };
  now?: () => Date;
  intervalMs?: number;
}): RetentionJob {
  return startRetentionJob({
    deleteBefore: (cutoff) => options.health.deleteSeenBefore(cutoff),
    keepMs: ERROR_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    intervalMs: options.intervalMs ?? ERROR_RETENTION_INTERVAL_MS,
    failure: 'Deleting old error groups failed',
    log: options.log,
    now: options.now,
  });
}
