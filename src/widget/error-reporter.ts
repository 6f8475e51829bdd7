/**
 * The page's error reporter (issue 18 § Error monitoring; decision 042). Uncaught errors,
 * unhandled rejections, error boundaries and failed lazy chunks are sent to `POST /api/errors`:
 * deduplicated in the page (one report per message and top of stack, counted), batched (sent a
 * few seconds after the first, and on `pagehide` by `sendBeacon`), capped per page, and sampled
 * under a storm (past STORM_LIMIT occurrences in a window, one in SAMPLE_EVERY is kept and counts
 * for all of them). It ships in every blog page's scripts: small, no imports beyond the shared
 * bounds, and it never throws. With a Sentry DSN it also loads @sentry/browser (its own chunk,
 * fetched only then).
 */
import { useEffect } from 'react';
import {
  CHUNK_ERROR_EVENT,
  ERROR_INTAKE_URL,
  ERROR_MESSAGE_MAX,
  ERROR_REPORT_COUNT_MAX,
  ERROR_REPORTS_PER_BATCH,
  ERROR_REPORTS_PER_PAGE,
  ERROR_STACK_MAX,
  ERROR_URL_MAX,
} from '../domain/error-limits';

/** What caught the error (domain/health.ts CLIENT_ERROR_SOURCES). */
export type ErrorSource = 'error' | 'rejection' | 'boundary' | 'chunk';

/** ms from the first unsent report to the batch's sending. */
export const FLUSH_DELAY_MS = 3000;
/** A storm: more occurrences than this within STORM_WINDOW_MS. */
export const STORM_LIMIT = 20;
export const STORM_WINDOW_MS = 10_000;
/** Under a storm, one occurrence in this many is kept (and counts for as many). */
export const SAMPLE_EVERY = 10;

interface Entry {
  source: ErrorSource;
  message: string;
  stack?: string;
  url: string;
  /** Occurrences not sent yet. */
  count: number;
}

interface ReporterState {
  entries: Map<string, Entry>;
  timer: ReturnType<typeof setTimeout> | null;
  windowStart: number;
  inWindow: number;
  sentry: { captureException(error: unknown): void } | null;
}

const state: ReporterState = {
  entries: new Map(),
  timer: null,
  windowStart: 0,
  inWindow: 0,
  sentry: null,
};

/** Where batches go (tests replace it); `navigator.sendBeacon`, else a keepalive fetch. */
export let sendBatch = (body: string): void => {
  const blob = new Blob([body], { type: 'application/json' });
  if (!navigator.sendBeacon?.(ERROR_INTAKE_URL, blob)) {
    void fetch(ERROR_INTAKE_URL, { method: 'POST', body: blob, keepalive: true }).catch(() => {});
  }
};

/** Tests: a fake sender, and a clean page. */
export function resetReporterForTests(send: (body: string) => void): void {
  sendBatch = send;
  if (state.timer) clearTimeout(state.timer);
  state.entries.clear();
  state.timer = null;
  state.windowStart = 0;
  state.inWindow = 0;
}

/** Records one error; never throws. */
export function reportError(source: ErrorSource, error: unknown): void {
  try {
    state.sentry?.captureException(error);
    const now = Date.now();
    if (now - state.windowStart > STORM_WINDOW_MS) {
      state.windowStart = now;
      state.inWindow = 0;
    }
    state.inWindow += 1;
    let weight = 1;
    if (state.inWindow > STORM_LIMIT) {
      if (state.inWindow % SAMPLE_EVERY !== 0) return;
      weight = SAMPLE_EVERY;
    }
    const isError = error instanceof Error;
    const message = (isError ? `${error.name}: ${error.message}` : String(error)).slice(
      0,
      ERROR_MESSAGE_MAX,
    );
    const stack = isError && error.stack ? error.stack.slice(0, ERROR_STACK_MAX) : undefined;
    // A boundary showing a chunk that failed to load (React.lazy) is a chunk failure (SPEC §8).
    if (/dynamically imported|Importing a module script/.test(message)) source = 'chunk';
    // The message and the first frames: the same error thrown again, wherever it was caught.
    const key = `${message}\n${stack?.split('\n', 4).slice(1).join('\n') ?? ''}`;
    const entry = state.entries.get(key);
    if (entry) {
      entry.count = Math.min(entry.count + weight, ERROR_REPORT_COUNT_MAX);
    } else {
      if (state.entries.size >= ERROR_REPORTS_PER_PAGE) return;
      state.entries.set(key, {
        source,
        message,
        stack,
        url: location.href.slice(0, ERROR_URL_MAX),
        count: weight,
      });
    }
    state.timer ??= setTimeout(flushErrors, FLUSH_DELAY_MS);
  } catch {
    // Reporting must never add an error of its own.
  }
}

/** Sends every unsent report now, in batches. */
export function flushErrors(): void {
  try {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    const unsent = [...state.entries.values()].filter((entry) => entry.count > 0);
    for (let i = 0; i < unsent.length; i += ERROR_REPORTS_PER_BATCH) {
      const reports = unsent.slice(i, i + ERROR_REPORTS_PER_BATCH).map((entry) => {
        const report = { ...entry };
        entry.count = 0;
        return report;
      });
      sendBatch(JSON.stringify({ reports }));
    }
  } catch {
    // As above.
  }
}

let isInstalled = false;

/**
 * Listens for the page's uncaught errors and rejections, sends what is left when the page goes
 * away, and with a DSN loads Sentry's browser SDK. Once per page.
 */
export function installErrorReporter(config: { sentryDsn: string | null; release: string }): void {
  if (isInstalled || typeof window === 'undefined') return;
  isInstalled = true;
  window.addEventListener('error', (event) => {
    // A resource that failed to load (an image) is no script error.
    if (event.error !== undefined || event.message)
      reportError('error', event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => reportError('rejection', event.reason));
  // A route's chunk that failed to load (SPEC §8), as Vite announces it.
  window.addEventListener('vite:preloadError', (event) =>
    reportError('chunk', (event as Event & { payload?: unknown }).payload),
  );
  window.addEventListener(CHUNK_ERROR_EVENT, (event) =>
    reportError('chunk', (event as CustomEvent).detail),
  );
  window.addEventListener('pagehide', flushErrors);
  if (config.sentryDsn) {
    const dsn = config.sentryDsn;
    import('./sentry-browser')
      .then(({ startSentry }) => {
        state.sentry = startSentry(dsn, config.release);
      })
      .catch(() => {});
  }
}

/**
 * Reports the error an error boundary shows, when it happened in this page (a server's error
 * arrives with its stack stripped, and the server has recorded it already).
 */
export function useReportedBoundaryError(error: unknown): void {
  useEffect(() => {
    if (error instanceof Error && error.stack) reportError('boundary', error);
  }, [error]);
}
