/**
 * The error recorder (issue 18; decision 042): client reports, 5xx answers and job failures are
 * fingerprinted (domain/health.ts) and counted in a bounded in-memory buffer, one entry per site
 * and fingerprint, which is written to `error_groups` in one upsert per flush (every few seconds,
 * and when the app closes). A storm of one error costs a counter increment per occurrence and one
 * row's update per flush; a storm of distinct errors fills the buffer, after which new groups are
 * dropped and counted (`droppedCount`) until the next flush makes room. Recording is synchronous
 * and never throws; stacks are mapped and fingerprinted by the flush, once per buffered group.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  type ClientErrorReport,
  ERROR_MESSAGE_MAX,
  ERROR_STACK_MAX,
  ERROR_URL_MAX,
  type ErrorKind,
  FINGERPRINT_FRAMES,
  fingerprintText,
  normaliseMessage,
  parseStack,
  type StackFrameView,
} from '../../../domain/health';
import type { Database } from '../../db/connection.server';
import { errorGroups } from '../../db/schema.server';
import { findDefaultSite } from '../sites.server';
import type { StackMapper } from './stack-mapper.server';

/** Distinct groups the buffer holds between flushes. */
export const ERROR_BUFFER_MAX = 500;
/** How often the buffer is written. */
export const ERROR_FLUSH_INTERVAL_MS = 5000;

/** One occurrence, before it is counted. */
export interface ErrorOccurrence {
  /** The site it belongs to; null for what belongs to no request (jobs): the default site. */
  siteId: string | null;
  kind: ErrorKind;
  source: string | null;
  message: string;
  stack: string | null;
  url: string | null;
  userAgent: string | null;
  count: number;
}

interface Pending {
  siteId: string | null;
  occurrence: ErrorOccurrence;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
}

/** A buffered group, fingerprinted at flush time (its stack mapped first for client errors). */
interface Fingerprinted extends Pending {
  siteId: string;
  fingerprint: string;
  frames: StackFrameView[];
}

/** Also told of server and job errors (Sentry when SENTRY_DSN is set). */
export interface ErrorForwarder {
  captureException(error: unknown, context: { kind: ErrorKind; source: string | null }): void;
  flush(): Promise<void>;
}

export interface ErrorRecorderDeps {
  db: Database;
  mapper: StackMapper;
  /** This build's release (package version + commit). */
  release: string;
  now?: () => Date;
  log?: { error(error: unknown, message: string): void };
  bufferMax?: number;
  flushIntervalMs?: number;
  forwarder?: ErrorForwarder | null;
  /** The site of errors that belong to no request (jobs); the default site otherwise. */
  defaultSiteId?: () => Promise<string | null>;
}

/**
 * The key an occurrence is counted under in memory, cheap to make: its site, kind, normalised
 * message and the first lines of its stack as they came. Keys that turn out to share a
 * fingerprint once mapped (the same error from two builds) are merged at flush time.
 */
function bufferKeyOf(occurrence: ErrorOccurrence): string {
  const top =
    occurrence.stack
      ?.split('\n', FINGERPRINT_FRAMES + 1)
      .slice(1)
      .join('\n') ?? '';
  return `${occurrence.siteId}|${occurrence.kind}|${normaliseMessage(occurrence.message)}|${top}`;
}

/** Builds the recorder and starts its flush timer (`stop()` flushes and ends it). */
export function createErrorRecorder(deps: ErrorRecorderDeps) {
  const now = deps.now ?? (() => new Date());
  const bufferMax = deps.bufferMax ?? ERROR_BUFFER_MAX;
  const buffer = new Map<string, Pending>();
  let dropped = 0;
  let defaultSite: Promise<string | null> | undefined;
  let flushing: Promise<void> = Promise.resolve();

  /** Counts one occurrence: synchronous, a map lookup and at most one entry more. */
  function record(raw: ErrorOccurrence): void {
    try {
      const occurrence = clip(raw);
      const seen = now();
      const key = bufferKeyOf(occurrence);
      const pending = buffer.get(key);
      if (pending) {
        pending.count += occurrence.count;
        pending.lastSeen = seen;
        pending.occurrence = occurrence;
        return;
      }
      if (buffer.size >= bufferMax) {
        dropped += occurrence.count;
        return;
      }
      buffer.set(key, {
        siteId: occurrence.siteId,
        occurrence,
        count: occurrence.count,
        firstSeen: seen,
        lastSeen: seen,
      });
    } catch (error) {
      deps.log?.error(error, 'recording an error failed');
    }
  }

  /** The buffered groups with their site, mapped frames and fingerprint, merged by fingerprint. */
  async function fingerprinted(batch: Pending[]): Promise<Fingerprinted[]> {
    const merged = new Map<string, Fingerprinted>();
    for (const pending of batch) {
      if (pending.siteId === null) {
        defaultSite ??= deps.defaultSiteId ? deps.defaultSiteId() : findDefaultSite(deps.db);
      }
      const siteId = pending.siteId ?? (await defaultSite);
      if (!siteId) continue;
      const { occurrence } = pending;
      const rawFrames = occurrence.stack ? parseStack(occurrence.stack) : [];
      const frames = occurrence.kind === 'client' ? await deps.mapper.map(rawFrames) : rawFrames;
      const fingerprint = createHash('sha256')
        .update(fingerprintText(occurrence.kind, occurrence.message, frames))
        .digest('base64url');
      const key = `${siteId}|${fingerprint}`;
      const same = merged.get(key);
      if (!same) {
        merged.set(key, { ...pending, siteId, fingerprint, frames });
        continue;
      }
      same.count += pending.count;
      if (pending.firstSeen < same.firstSeen) same.firstSeen = pending.firstSeen;
      if (pending.lastSeen > same.lastSeen) {
        same.lastSeen = pending.lastSeen;
        same.occurrence = occurrence;
        same.frames = frames;
      }
    }
    return [...merged.values()];
  }

  async function flushNow(): Promise<void> {
    if (buffer.size === 0) return;
    const batch = [...buffer.values()];
    buffer.clear();
    try {
      const groups = await fingerprinted(batch);
      for (let i = 0; i < groups.length; i += 100)
        await writeGroups(deps.db, deps.release, groups.slice(i, i + 100));
    } catch (error) {
      // The database away: these counts are lost rather than kept growing (bounded memory).
      dropped += batch.reduce((sum, p) => sum + p.count, 0);
      deps.log?.error(error, 'writing error groups failed');
    }
  }

  /** Writes what the buffer holds; flushes run one after another. */
  function flush(): Promise<void> {
    flushing = flushing.then(flushNow);
    return flushing;
  }

  const timer = setInterval(() => void flush(), deps.flushIntervalMs ?? ERROR_FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    /** A page's report (already validated by the intake route). */
    recordClient(siteId: string, report: ClientErrorReport, userAgent: string | null) {
      record({
        siteId,
        kind: 'client',
        source: report.source,
        message: report.message,
        stack: report.stack ?? null,
        url: report.url,
        userAgent,
        count: report.count,
      });
    },
    /** A request answered 5xx. */
    recordServer(siteId: string | null, error: unknown, url: string | null) {
      deps.forwarder?.captureException(error, { kind: 'server', source: null });
      record({
        ...describeThrown(error),
        siteId,
        kind: 'server',
        source: null,
        url,
        userAgent: null,
        count: 1,
      });
    },
    /** A background job's run failed. */
    recordJob(job: string, error: unknown) {
      deps.forwarder?.captureException(error, { kind: 'job', source: job });
      record({
        ...describeThrown(error),
        siteId: null,
        kind: 'job',
        source: job,
        url: null,
        userAgent: null,
        count: 1,
      });
    },
    flush,
    /** Occurrences dropped since start (buffer full, or a failed write). */
    droppedCount: () => dropped,
    /** Groups waiting for the next flush. */
    bufferedCount: () => buffer.size,
    release: deps.release,
    /** Flushes and stops the timer (the app's close). */
    async stop() {
      clearInterval(timer);
      await flush();
      await deps.forwarder?.flush();
    },
  };
}

export type ErrorRecorder = ReturnType<typeof createErrorRecorder>;

/**
 * Writes buffered groups in one upsert: counts add up, the latest sample wins, a resolved group
 * that recurs is open again.
 */
async function writeGroups(db: Database, release: string, batch: Fingerprinted[]): Promise<void> {
  const rows = batch.map((p) => ({
    siteId: p.siteId,
    id: randomUUID(),
    fingerprint: p.fingerprint,
    kind: p.occurrence.kind,
    source: p.occurrence.source,
    message: p.occurrence.message,
    count: p.count,
    firstSeen: p.firstSeen,
    lastSeen: p.lastSeen,
    firstRelease: release,
    lastRelease: release,
    stack: p.occurrence.stack,
    frames: p.frames,
    url: p.occurrence.url,
    userAgent: p.occurrence.userAgent,
  }));
  await db
    .insert(errorGroups)
    .values(rows)
    .onConflictDoUpdate({
      target: [errorGroups.siteId, errorGroups.fingerprint],
      set: {
        count: sql`${errorGroups.count} + excluded.count`,
        lastSeen: sql`greatest(${errorGroups.lastSeen}, excluded.last_seen)`,
        lastRelease: sql`excluded.last_release`,
        message: sql`excluded.message`,
        stack: sql`excluded.stack`,
        frames: sql`excluded.frames`,
        url: sql`excluded.url`,
        userAgent: sql`excluded.user_agent`,
        // A resolved error that happens again is open again; an ignored one stays ignored.
        status: sql`case when ${errorGroups.status} = 'resolved' then 'open' else ${errorGroups.status} end`,
      },
    });
}

/** The message and stack of anything thrown. */
function describeThrown(error: unknown): { message: string; stack: string | null } {
  try {
    if (error instanceof Error) {
      return { message: `${error.name}: ${error.message}`, stack: error.stack ?? null };
    }
    return { message: String(error), stack: null };
  } catch {
    return { message: 'An error that cannot be described', stack: null };
  }
}

/** Bounds every text of an occurrence (server errors come unbounded). */
function clip(occurrence: ErrorOccurrence): ErrorOccurrence {
  return {
    ...occurrence,
    message: occurrence.message.slice(0, ERROR_MESSAGE_MAX),
    stack: occurrence.stack?.slice(0, ERROR_STACK_MAX) ?? null,
    url: occurrence.url?.slice(0, ERROR_URL_MAX) ?? null,
    userAgent: occurrence.userAgent?.slice(0, 500) ?? null,
  };
}
