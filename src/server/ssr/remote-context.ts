/**
 * A page's load context carried to a render thread (decision 024). The context is data (the site,
 * the actor, the time...) and functions bound to the request (the read services, the login page's
 * identity actions). Data crosses a thread by structured clone; a function cannot, so each is
 * replaced by a marker naming its path, and the render thread gets a stub in its place that asks
 * the server thread to call the real one and waits for the answer.
 */

/** What stands in a shipped context where a function was: the keys that lead to it. */
export interface FunctionMarker {
  readonly [FUNCTION_MARKER]: readonly string[];
}

/** A plain key, so that the marker survives structured clone (symbols do not). */
export const FUNCTION_MARKER = '__inkwellCall';

/** How deep a context may nest objects of functions (the real one nests two levels). */
const MAX_DEPTH = 4;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isMarker(value: unknown): value is FunctionMarker {
  return isPlainObject(value) && Array.isArray(value[FUNCTION_MARKER]);
}

/**
 * The context as it can cross a thread: every function (at any depth of plain objects) replaced
 * by a marker of its path. Everything else is left as it is, for structured clone to copy.
 */
export function shipContext(context: object): Record<string, unknown> {
  function walk(value: unknown, path: string[]): unknown {
    if (typeof value === 'function') return { [FUNCTION_MARKER]: path };
    if (!isPlainObject(value) || path.length >= MAX_DEPTH) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) copy[key] = walk(entry, [...path, key]);
    return copy;
  }
  return walk(context, []) as Record<string, unknown>;
}

/** Sends one call of a context function to the thread that holds it and answers with its result. */
export type RemoteCall = (path: readonly string[], args: unknown[]) => Promise<unknown>;

/** The shipped context made whole again in the render thread: each marker becomes a stub. */
export function receiveContext<T>(shipped: Record<string, unknown>, call: RemoteCall): T {
  function walk(value: unknown): unknown {
    if (isMarker(value)) {
      const path = value[FUNCTION_MARKER];
      return (...args: unknown[]) => call(path, args);
    }
    if (!isPlainObject(value)) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) copy[key] = walk(entry);
    return copy;
  }
  return walk(shipped) as T;
}

/**
 * Calls the context's function at `path` as its object's method (`reader.listFeed` with `this`
 * the reader). A path that leads to no function is a programming error of the caller.
 */
export async function callContext(
  context: object,
  path: readonly string[],
  args: unknown[],
): Promise<unknown> {
  let owner: unknown;
  let target: unknown = context;
  for (const key of path) {
    if (!isPlainObject(target) || !Object.hasOwn(target, key)) {
      throw new Error(`The page context has no function at ${path.join('.')}`);
    }
    owner = target;
    target = target[key];
  }
  if (typeof target !== 'function') {
    throw new Error(`The page context has no function at ${path.join('.')}`);
  }
  return target.apply(owner, args);
}

/** An error as it crosses a thread (structured clone keeps neither the class nor own fields). */
export interface ShippedError {
  name: string;
  message: string;
  stack?: string;
}

export function shipError(error: unknown): ShippedError {
  if (error instanceof Error)
    return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

export function receiveError(shipped: ShippedError): Error {
  const error = new Error(shipped.message);
  error.name = shipped.name;
  if (shipped.stack) error.stack = shipped.stack;
  return error;
}
