/**
 * The process entry (`node build/main.js`). It runs the server (main.ts) in one worker thread
 * whose heap is bounded, and forwards stop signals to it.
 *
 * Why a worker: a server's V8 heap otherwise grows far past what it keeps alive (V8 collects
 * lazily), taking peak memory from about 220 MB to about 400 MB under load. V8's heap sizes
 * can only be set before the heap exists (`node --max-old-space-size`); `v8.setFlagsFromString`
 * does not change them afterwards. A worker's `resourceLimits` are the in-process way to set
 * them, so `node build/main.js` stays the whole start command. The young generation's size is
 * the one that matters; the old generation's bound leaves room (a worker that reaches it stops,
 * and this process exits with an error for the supervisor to restart it).
 */
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';

/**
 * MB of V8 young generation: smaller means more frequent, cheaper scavenges and less memory.
 * 8 rather than 16 took the peak RSS of 10 s of member feed renders from 257–276 MiB to
 * 245–248 MiB with no measurable change in CPU per request (/proc stat, alternating runs).
 */
export const YOUNG_GENERATION_MB = 8;
/** MB of V8 old generation the server may use. */
export const OLD_GENERATION_MB = 128;

// React and React Router pick their production builds by NODE_ENV when they load; the worker
// inherits this environment.
process.env.NODE_ENV ??= 'production';

// PGlite's WebAssembly build of PostgreSQL runs on V8's baseline compiler (Liftoff) only.
// By default V8 also recompiles hot functions with its optimising compiler on background threads,
// and the first page after a start waited about 550 ms for that (a futex wait of the server's
// thread, seen with strace); the optimised code and the compiler's memory also stayed in the RSS
// (about 40 MB). Queries run slower on baseline code, but the database is 3% of a page's CPU and
// the member feed's throughput did not move (three alternating runs each way). Compiler flags are
// process-wide and read when a module compiles, so setting them before the worker (and PGlite in
// it) starts is in time. See docs/decisions/023-start-up-and-memory.md.
setFlagsFromString('--liftoff-only');
setFlagsFromString('--wasm-num-compilation-tasks=1');

const worker = new Worker(new URL('./server.js', import.meta.url), {
  resourceLimits: {
    maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
    maxOldGenerationSizeMb: OLD_GENERATION_MB,
  },
});

/** ms, beyond the drain the server announces, after which the entry gives up on the worker. */
export const STOP_DEADLINE_EXTRA_MS = 5_000;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => worker.postMessage({ type: 'stop', signal }));
}
// The server says how long its drain may take (SHUTDOWN_GRACE_MS); a worker that has not exited
// some time after that is stuck, and the entry exits 1 for the supervisor to act.
worker.on('message', (message: { type?: string; graceMs?: number }) => {
  if (message.type !== 'stopping') return;
  const deadline = (message.graceMs ?? 0) + STOP_DEADLINE_EXTRA_MS;
  setTimeout(() => {
    console.error(`The server did not stop within ${deadline} ms.`);
    process.exit(1);
  }, deadline).unref();
});
worker.on('error', (error) => {
  console.error(error);
  process.exit(1);
});
worker.on('exit', (code) => process.exit(code));
