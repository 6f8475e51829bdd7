/**
 * The queue page renders wait in (decision 023): first come first served, at most `limit` at
 * once, each started on a turn of the event loop of its own.
 *
 * Why the turn: PGlite answers within the server's thread and React's server renderer schedules
 * its work as microtasks, so a render, once started, runs to its end without letting the loop
 * read the network. Renders chained one after another (as a plain semaphore chains them) kept the
 * loop from reading new requests for up to 600 ms, and requests then waited unread in the kernel
 * in no fair order (a p99 of 4–6 s at a p50 of 0.4 s with 32 members at once). With a turn
 * before each render, requests are read as they come and take their place at the queue's end.
 */
import pLimit from 'p-limit';

/** Runs `render` when its turn comes; resolves or rejects with it. */
export type RenderQueue = <T>(render: () => Promise<T>) => Promise<T>;

export function createRenderQueue(limit: number): RenderQueue {
  const turn = pLimit(limit);
  return (render) =>
    turn(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return render();
    });
}
