/**
 * Error monitoring (issue 18 § Error monitoring; SPEC §1 "Error monitoring is enabled"): what the
 * blog's pages send to `POST /api/errors`, how an error is fingerprinted into a group, and what
 * the dashboard's Health screen (`/api/dashboard/health`) reads and changes. Pure: the browser's
 * reporter, the server's recorder and the screen share these bounds.
 */
import { z } from 'zod';
import {
  ERROR_MESSAGE_MAX,
  ERROR_REPORT_COUNT_MAX,
  ERROR_REPORTS_PER_BATCH,
  ERROR_STACK_MAX,
  ERROR_URL_MAX,
} from './error-limits';

export * from './error-limits';

/** Where an error happened: a reader's page, a request on the server, a background job. */
export const ERROR_KINDS = ['client', 'server', 'job'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** What caught a client error: `error` event, unhandled rejection, error boundary, lazy chunk. */
export const CLIENT_ERROR_SOURCES = ['error', 'rejection', 'boundary', 'chunk'] as const;
export type ClientErrorSource = (typeof CLIENT_ERROR_SOURCES)[number];

/** A group's state: open, resolved (reopens when it happens again), ignored (stays quiet). */
export const ERROR_GROUP_STATUSES = ['open', 'resolved', 'ignored'] as const;
export type ErrorGroupStatus = (typeof ERROR_GROUP_STATUSES)[number];

/** Intake requests per client address per minute; more answer 429. */
export const ERROR_INTAKE_PER_MINUTE = 30;
/** Frames of a stack that make its fingerprint. */
export const FINGERPRINT_FRAMES = 3;
/** Groups per page of the Health list. */
export const HEALTH_PAGE_SIZE = 50;
/** Groups not seen for this long are deleted by the retention job. */
export const ERROR_RETENTION_DAYS = 90;

/** One error as a page reports it. */
export const ClientErrorReportSchema = z.strictObject({
  source: z.enum(CLIENT_ERROR_SOURCES),
  message: z.string().max(ERROR_MESSAGE_MAX),
  stack: z.string().max(ERROR_STACK_MAX).optional(),
  url: z.string().max(ERROR_URL_MAX),
  /** How many times the page saw it before sending (deduplicated in the page). */
  count: z.number().int().min(1).max(ERROR_REPORT_COUNT_MAX).default(1),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;

/** `POST /api/errors`: a page's batch of errors. */
export const ClientErrorBatchSchema = z.strictObject({
  reports: z.array(ClientErrorReportSchema).min(1).max(ERROR_REPORTS_PER_BATCH),
});
export type ClientErrorBatch = z.infer<typeof ClientErrorBatchSchema>;

/** `GET /api/dashboard/health?status=&cursor=` */
export const HealthQuerySchema = z.strictObject({
  status: z.enum(ERROR_GROUP_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
});
export type HealthQuery = z.infer<typeof HealthQuerySchema>;

/** `:id` of a group route. */
export const ErrorGroupIdParamsSchema = z.strictObject({ id: z.uuid() });

/** `PATCH /api/dashboard/health/:id`: resolve, ignore, or open again. */
export const ErrorGroupStatusSchema = z.strictObject({ status: z.enum(ERROR_GROUP_STATUSES) });
export type ErrorGroupStatusInput = z.infer<typeof ErrorGroupStatusSchema>;

/** One group as the Health list shows it. */
export interface ErrorGroupView {
  id: string;
  kind: ErrorKind;
  /** What caught it (client errors), or the job's name (job failures); null for requests. */
  source: string | null;
  message: string;
  status: ErrorGroupStatus;
  count: number;
  firstSeen: string;
  lastSeen: string;
  /** The release it was last seen in. */
  release: string;
  /** The first frame of the stack, mapped to the source: `src/root.tsx:12:7`, or null. */
  location: string | null;
}

/** A group opened: its latest sample, with the stack mapped to the source. */
export interface ErrorGroupDetailView extends ErrorGroupView {
  firstRelease: string;
  url: string | null;
  userAgent: string | null;
  /** The stack as it came (minified for client errors). */
  rawStack: string | null;
  /** The frames mapped to the source where a map was found, else as they came. */
  frames: StackFrameView[];
}

/** One frame of a stack. */
export interface StackFrameView {
  functionName: string | null;
  file: string;
  line: number | null;
  column: number | null;
  /** Whether the frame was mapped through a source map. */
  isMapped: boolean;
}

/** A page of the Health list. */
export interface HealthPageView {
  groups: ErrorGroupView[];
  nextCursor: string | null;
  /** Open groups and reports dropped by the server's bounded buffer since it started. */
  openCount: number;
  droppedCount: number;
}

/** The Health screen's reads (load-context `DashboardReads.health`). */
export interface DashboardHealthReads {
  list(query: HealthQuery): Promise<HealthPageView>;
}

/**
 * Parses a V8 or SpiderMonkey/JavaScriptCore stack into frames (at most `limit`). Lines that are
 * not frames (the message) are skipped.
 */
export function parseStack(stack: string, limit = 40): StackFrameView[] {
  const frames: StackFrameView[] = [];
  for (const raw of stack.split('\n')) {
    if (frames.length >= limit) break;
    const line = raw.trim();
    // V8: "at fn (file:line:col)" or "at file:line:col"
    let match = /^at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (match) {
      frames.push(frameOf(match[1] ?? null, match[2] ?? '', match[3], match[4]));
      continue;
    }
    // Firefox / Safari: "fn@file:line:col"
    match = /^(.*?)@(.+?):(\d+):(\d+)$/.exec(line);
    if (match) frames.push(frameOf(match[1] || null, match[2] ?? '', match[3], match[4]));
  }
  return frames;
}

function frameOf(
  functionName: string | null,
  file: string,
  line: string | undefined,
  column: string | undefined,
): StackFrameView {
  return {
    functionName: functionName?.replace(/^async /, '') || null,
    file,
    line: line ? Number(line) : null,
    column: column ? Number(column) : null,
    isMapped: false,
  };
}

/**
 * A message with what varies between occurrences taken out (numbers, ids, quoted values,
 * addresses), so "Cannot read 'x' of post 123" and "... of post 456" group together.
 */
export function normaliseMessage(message: string): string {
  return message
    .replace(/https?:\/\/[^\s'")]+/g, '<url>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/(["'`]).*?\1/g, '<str>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<n>')
    .replace(/\d+/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/**
 * A frame's file without what changes between builds and hosts: the origin, the query, and a
 * bundler's content hash (`post-B1x9_aZ.js` → `post.js`).
 */
export function stableFileOf(file: string): string {
  let path = file.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  path = path.replace(/-[A-Za-z0-9_-]{8}(\.m?js)$/, '$1');
  return path;
}

/**
 * The text an error's group is keyed by: its kind, its normalised message and its top
 * frames (function and stable file; line and column only once mapped to the source, since a
 * minified line moves with every build).
 */
export function fingerprintText(kind: ErrorKind, message: string, frames: StackFrameView[]) {
  const top = frames
    .slice(0, FINGERPRINT_FRAMES)
    .map(
      (frame) =>
        `${frame.functionName ?? '?'}@${stableFileOf(frame.file)}${frame.isMapped ? `:${frame.line}` : ''}`,
    );
  return [kind, normaliseMessage(message), ...top].join('\n');
}

/** A frame as one line: `fn (src/root.tsx:12:7)`. */
export function frameLocation(frame: StackFrameView): string {
  const position =
    frame.line === null ? '' : `:${frame.line}${frame.column === null ? '' : `:${frame.column}`}`;
  return `${frame.file}${position}`;
}

/** What a page's reporter is told by the server (the root loader's `monitoring`). */
export interface ClientMonitoringConfig {
  /** Sentry's DSN when SENTRY_DSN is set: the page then loads @sentry/browser too. */
  sentryDsn: string | null;
  /** This build's release, given to Sentry. */
  release: string;
  /** ENABLE_TEST_ROUTES: the dashboard's `?throw-for-test=` makes a screen throw (browser tests). */
  testHooks: boolean;
}
