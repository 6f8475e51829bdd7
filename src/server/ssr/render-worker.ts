/**
 * A render thread (decision 024): runs React Router's request handler, loaders and React's render,
 * for the pages the server thread hands it. It holds no database and no service: a loader's call of
 * its load context goes back to the server thread (remote-context.ts) and waits for the answer.
 * Bundled as build/node/render-worker.js; render-pool.ts starts it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { responseBytes } from './page-sink';
import { receiveContext, receiveError, shipError } from './remote-context';
import type {
  CallResult,
  FromRenderThread,
  RenderJob,
  RenderThreadData,
  ToRenderThread,
} from './render-protocol';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs in a worker thread (render-pool.ts)');
const { buildUrl } = workerData as RenderThreadData;

const build = (await import(buildUrl)) as ServerBuild;
const handle = createRequestHandler(build, 'production');

/** Context calls waiting for the server thread's answer, by call id. */
const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
let nextCall = 0;

function post(message: FromRenderThread) {
  port!.postMessage(message);
}

function settle(result: CallResult) {
  const waiting = pending.get(result.call);
  if (!waiting) return;
  pending.delete(result.call);
  if (result.ok) waiting.resolve(result.value);
  else waiting.reject(receiveError(result.error));
}

async function render(job: RenderJob) {
  try {
    const context = receiveContext<Parameters<typeof handle>[1]>(job.context, (path, args) => {
      const call = nextCall++;
      post({ type: 'call', id: job.id, call, path, args });
      return new Promise((resolve, reject) => pending.set(call, { resolve, reject }));
    });
    const request = new Request(job.url, {
      method: job.method,
      headers: job.headers,
      ...(job.body ? { body: job.body } : {}),
    });
    const response = await handle(request, context);
    const body = await responseBytes(response);
    post({
      type: 'done',
      id: job.id,
      status: response.status,
      headers: [...response.headers],
      body,
    });
  } catch (error) {
    post({ type: 'failed', id: job.id, error: shipError(error) });
  }
}

port.on('message', (message: ToRenderThread) => {
  if (message.type === 'render') void render(message);
  else settle(message);
});
post({ type: 'ready' });
