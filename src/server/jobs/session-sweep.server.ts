/**
 * Deletes expired sessions and password reset tokens (decision 017): once at start, then every
 * `intervalMs`. An expired row already signs nobody in (the lookup checks `expires_at`); the sweep
 * only keeps the tables small. A member's own expired sessions also go at their next login.
 */
import type { AccountsService } from '../services/accounts.server';

/** How often expired sessions are swept. */
export const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Starts the sweep; `stop()` ends it. */
export function startSessionSweep(options: {
  accounts: Pick<AccountsService, 'sweepExpired'>;
  log: { error(error: unknown, message: string): void };
  intervalMs?: number;
}): { runOnce(): Promise<number>; stop(): Promise<void> } {
  const { accounts, log } = options;
  // Runs under way, for stop() to wait on.
  const running = new Set<Promise<number>>();
  const runOnce = () => {
    const run = accounts.sweepExpired().catch((error: unknown) => {
      log.error(error, 'Sweeping expired sessions failed');
      return 0;
    });
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };
  void runOnce();
  const timer = setInterval(() => void runOnce(), options.intervalMs ?? SESSION_SWEEP_INTERVAL_MS);
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
