/**
 * Render threads for the pages (decision 024). The server thread keeps the network, the database,
 * the services and the page cache; React Router's handler and React's render, most of a member's
 * page, run in these threads, so pages render on more than one core. A job goes to the thread with
 * the fewest jobs in progress. A thread that dies fails its jobs and is replaced.
 */
import { Worker } from 'node:worker_threads';
import { pinnedResponse } from './page-sink';
import { callContext, receiveError, shipContext, shipError } from './remote-context';
import type { FromRenderThread, RenderThreadData, ToRenderThread } from './render-protocol';

/** Renders one page request with its load context. */
export type PageRenderer = (request: Request, context: object) => Promise<Response>;

export interface RenderPoolOptions {
  /** The render thread's script (build/node/render-worker.js). */
  workerUrl: URL;
  /** file: URL of the React Router server build. */
  buildUrl: string;
  /** How many render threads. */
  size: number;
  /** Heap bounds of each thread (entry.ts explains why they are small). */
  resourceLimits?: { maxYoungGenerationSizeMb: number; maxOldGenerationSizeMb: number };
  /** Where a dead thread is reported. */
  onError?: (error: unknown) => void;
}

export interface RenderPool {
  render: PageRenderer;
  /** Resolves when every thread has loaded the page build; rejects if one could not. */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface Job {
  context: object;
  resolve(response: Response): void;
  reject(error: Error): void;
}

interface RenderThread {
  worker: Worker;
  jobs: Map<number, Job>;
}

/** Statuses whose responses have no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const threads: RenderThread[] = [];
  let nextJob = 0;
  let isClosing = false;

  function start(): { thread: RenderThread; ready: Promise<void> } {
    const data: RenderThreadData = { buildUrl: options.buildUrl };
    const worker = new Worker(options.workerUrl, {
      workerData: data,
      resourceLimits: options.resourceLimits,
    });
    const thread: RenderThread = { worker, jobs: new Map() };
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromRenderThread) => {
        if (message.type === 'ready') resolve();
        else receive(thread, message);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`A render thread exited with code ${code}`)));
    });
    worker.on('error', (error) => options.onError?.(error));
    worker.on('exit', (code) => {
      const error = new Error(`The render thread stopped (exit code ${code})`);
      for (const job of thread.jobs.values()) job.reject(error);
      thread.jobs.clear();
      const index = threads.indexOf(thread);
      if (index >= 0 && !isClosing) threads[index] = start().thread;
    });
    return { thread, ready };
  }

  function send(thread: RenderThread, message: ToRenderThread) {
    thread.worker.postMessage(message);
  }

  function receive(thread: RenderThread, message: FromRenderThread) {
    if (message.type === 'ready') return;
    const job = thread.jobs.get(message.id);
    if (!job) return;
    if (message.type === 'call') {
      callContext(job.context, message.path, message.args).then(
        (value) => {
          try {
            send(thread, { type: 'result', call: message.call, ok: true, value });
          } catch (error) {
            // A value structured clone cannot copy: the loader gets the error instead.
            send(thread, {
              type: 'result',
              call: message.call,
              ok: false,
              error: shipError(error),
            });
          }
        },
        (error: unknown) =>
          send(thread, { type: 'result', call: message.call, ok: false, error: shipError(error) }),
      );
      return;
    }
    thread.jobs.delete(message.id);
    if (message.type === 'failed') {
      job.reject(receiveError(message.error));
      return;
    }
    const body = Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength);
    const headers = new Headers();
    for (const [name, value] of message.headers) headers.append(name, value);
    job.resolve(
      pinnedResponse(NULL_BODY_STATUSES.has(message.status) ? null : body, {
        status: message.status,
        headers,
      }),
    );
  }

  const started = Array.from({ length: Math.max(1, options.size) }, () => start());
  threads.push(...started.map((s) => s.thread));

  async function render(request: Request, context: object): Promise<Response> {
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const body = hasBody ? new Uint8Array(await request.arrayBuffer()) : null;
    const thread = threads.reduce((least, t) => (t.jobs.size < least.jobs.size ? t : least));
    const id = nextJob++;
    return new Promise<Response>((resolve, reject) => {
      thread.jobs.set(id, { context, resolve, reject });
      send(thread, {
        type: 'render',
        id,
        url: request.url,
        method: request.method,
        headers: [...request.headers],
        body,
        context: shipContext(context),
      });
    });
  }

  return {
    render,
    ready: Promise.all(started.map((s) => s.ready)).then(() => undefined),
    async close() {
      isClosing = true;
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
