/**
 * One shape for the jobs that delete rows past their age (read notifications, error groups):
 * once at start, then every `intervalMs`; a failed run is logged and counts 0; `stop()` waits
 * for a run under way (graceful shutdown).
 */

/** A running retention job: `runOnce()` runs it now (tests), `stop()` ends it. */
export interface RetentionJob {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts a job that calls `deleteBefore(now − keepMs)` now and every `intervalMs`. */
export function startRetentionJob(options: {
  deleteBefore: (cutoff: Date) => Promise<number>;
  keepMs: number;
  intervalMs: number;
  /** What the log line says failed, e.g. 'Deleting old error groups failed'. */
  failure: string;
  log: { error(error: unknown, message: string): void };
  now?: () => Date;
}): RetentionJob {
  const { deleteBefore, keepMs, failure, log } = options;
  const now = options.now ?? (() => new Date());
  // Runs under way, for stop() to wait on.
  const running = new Set<Promise<number>>();
  const runOnce = () => {
    const run = deleteBefore(new Date(now().getTime() - keepMs)).catch((error: unknown) => {
      log.error(error, failure);
      return 0;
    });
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };
  void runOnce();
  const timer = setInterval(() => void runOnce(), options.intervalMs);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(running);
    },
  };
}
