/**
 * The one place that tells a database outage from any other failure (issue 15 "Faults",
 * decision 026). A connection-level error means "the database is away for now": the API answers
 * 503 `database_unavailable` with `Retry-After`, pages show the error screen with 503, and the
 * process lives on while pg's pool reconnects by itself. Every other error stays a 500.
 */

/** Seconds a client is told to wait (`Retry-After`) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The API error code of a 503 while the database is away. */
export const DATABASE_UNAVAILABLE_CODE = 'database_unavailable';

/**
 * SQLSTATEs that mean the server or the connection went away, not that the query was wrong:
 * class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Node's socket error codes of a server that is down, restarting or unreachable. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * pg reports a few connection states by message only, without a code (pg 8 `Client` and
 * `Pool`); matching these messages is the only way to recognise them. They are the driver's own
 * fixed strings, never text from a query or a user.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "Connection terminated" / "... unexpectedly" / "... due to connection timeout"
  /^timeout exceeded when trying to connect$/, // the pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/, // shutting down
];

function isUnavailableItself(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message));
}

/**
 * Whether `error` means the database cannot be reached right now. Looks through the wrappers an
 * error comes in: Drizzle's `DrizzleQueryError` (the driver's error as `cause`) and Node's
 * `AggregateError` (one connect attempt per address of `localhost`).
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableItself(current)) return true;
    pending.push((current as { cause?: unknown }).cause);
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) pending.push(...inner);
  }
  return false;
}

/** The API's JSON body of a 503 while the database is away (DESIGN "Errors and bad input"). */
export function databaseUnavailableBody() {
  return {
    error: {
      code: DATABASE_UNAVAILABLE_CODE,
      message: 'The database is unavailable for a moment; please try again',
    },
  };
}
