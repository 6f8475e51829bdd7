/** A job's progress as it moves (issue 21 dashboard screen): pure counters and the percent. */
import type { TransferProgressView } from '../../../domain/import-export';

/** A job's progress at its start. */
export function emptyProgress(totalBytes: number, totalPosts: number | null): TransferProgressView {
  return { percent: 0, bytes: 0, totalBytes, records: 0, posts: 0, totalPosts, failures: 0 };
}

/**
 * `done` of `total` as a whole percent: never 100 before the job says it is done (the last
 * records are stored after the last bytes are read), 0 for an empty total.
 */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(99, Math.floor((done / total) * 100));
}
