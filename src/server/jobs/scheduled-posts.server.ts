/**
 * Puts scheduled posts live when their moment comes (SPEC §4 scheduled → published): a check at
 * start, then every `intervalMs`. One process serves every site, so one timer is enough; a run
 * that fails is logged and the next run tries again.
 */
import type { PostEditorService } from '../services/post-editor.server';

/** How often the job looks for due posts: a scheduled post goes live within this much time. */
export const SCHEDULED_POSTS_INTERVAL_MS = 30_000;

export interface ScheduledPublishing {
  /** Runs one check now (the timer's work; tests call it directly). */
  runOnce(): Promise<number>;
  /** Stops the timer; resolves when a run under way has finished. */
  stop(): Promise<void>;
}

export function startScheduledPublishing(options: {
  editor: Pick<PostEditorService, 'publishDuePosts'>;
  log: { info(message: string): void; error(error: unknown, message: string): void };
  intervalMs?: number;
}): ScheduledPublishing {
  const { editor, log } = options;
  let running: Promise<number> | null = null;
  async function runOnce(): Promise<number> {
    // Never two runs at once: a slow run and the next tick would race for the same posts.
    if (running) return running;
    running = editor
      .publishDuePosts()
      .then((count) => {
        if (count > 0) log.info(`Published ${count} scheduled post${count === 1 ? '' : 's'}`);
        return count;
      })
      .catch((error: unknown) => {
        log.error(error, 'Publishing scheduled posts failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }
  void runOnce();
  const timer = setInterval(runOnce, options.intervalMs ?? SCHEDULED_POSTS_INTERVAL_MS);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
