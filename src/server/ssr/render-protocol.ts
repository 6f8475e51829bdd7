/**
 * The messages between the server thread and a render thread (decision 024). One render is a job:
 * the server sends the request and the shipped context, the render thread calls back for the
 * context's functions as the loaders need them, and answers with the response's bytes.
 */
import type { ShippedError } from './remote-context';

/** Server → render thread: render this request. */
export interface RenderJob {
  type: 'render';
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  /** A route action's body (a form post), read whole by the server thread. */
  body: Uint8Array<ArrayBuffer> | null;
  /** The load context, its functions replaced by markers (remote-context.ts). */
  context: Record<string, unknown>;
}

/** Server → render thread: what a context function gave back. */
export type CallResult =
  | { type: 'result'; call: number; ok: true; value: unknown }
  | { type: 'result'; call: number; ok: false; error: ShippedError };

export type ToRenderThread = RenderJob | CallResult;

/** Render thread → server: the response of a job, or why it failed. */
export type RenderOutcome =
  | {
      type: 'done';
      id: number;
      status: number;
      /** Every header, each `set-cookie` apart. */
      headers: [string, string][];
      body: Uint8Array<ArrayBuffer>;
    }
  | { type: 'failed'; id: number; error: ShippedError };

/** Render thread → server: call the job's context function at `path`. */
export interface ContextCall {
  type: 'call';
  id: number;
  call: number;
  path: readonly string[];
  args: unknown[];
}

export type FromRenderThread = RenderOutcome | ContextCall | { type: 'ready' };

/** What the render thread is started with (`workerData`). */
export interface RenderThreadData {
  /** file: URL of the React Router server build (`build/server/index.js`). */
  buildUrl: string;
}
