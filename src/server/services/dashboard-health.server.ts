/**
 * The dashboard's Health (issue 18 § Error monitoring): the site's error groups newest last seen
 * first (keyset pages on `error_groups_status_seen_idx`), one group opened with its mapped stack,
 * and resolve / ignore / open again. Owners only (`health:read`, `health:manage`).
 */
import { and, count, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import {
  type ErrorGroupDetailView,
  type ErrorGroupStatusInput,
  type ErrorGroupView,
  type ErrorKind,
  frameLocation,
  HEALTH_PAGE_SIZE,
  type HealthPageView,
  type HealthQuery,
  type StackFrameView,
} from '../../domain/health';
import { type Action, type Actor, whyNot } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { errorGroups } from '../db/schema.server';
import { NotFoundError, PermissionError, ValidationError } from '../errors.server';

export interface DashboardHealthDeps {
  db: Database;
  /** Occurrences the recorder dropped since start (shown under the list). */
  droppedCount?: () => number;
}

type GroupRow = typeof errorGroups.$inferSelect;

function ensureAllowed(actor: Actor, action: Extract<Action, `health:${string}`>): void {
  const reason = whyNot(actor, action, {});
  if (reason !== null) throw new PermissionError(reason);
}

/** The list's view of a row: an allowlist. */
function presentGroup(row: GroupRow): ErrorGroupView {
  const frames = row.frames as StackFrameView[];
  const first = frames.find((frame) => frame.isMapped) ?? frames[0];
  return {
    id: row.id,
    kind: row.kind as ErrorKind,
    source: row.source,
    message: row.message,
    status: row.status,
    count: row.count,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
    release: row.lastRelease,
    location: first ? frameLocation(first) : null,
  };
}

/** The cursor after a row: its last seen time and id, base64url. */
function encodeCursor(row: Pick<GroupRow, 'lastSeen' | 'id'>): string {
  return Buffer.from(`${row.lastSeen.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(raw: string): { lastSeen: Date; id: string } | null {
  const [at, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const lastSeen = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(lastSeen.getTime())) return null;
  return { lastSeen, id };
}

/** Builds the Health service. */
export function createDashboardHealth({ db, droppedCount }: DashboardHealthDeps) {
  async function find(site: SiteView, id: string): Promise<GroupRow> {
    const [row] = await db
      .select()
      .from(errorGroups)
      .where(and(eq(errorGroups.siteId, site.id), eq(errorGroups.id, id)));
    if (!row) throw new NotFoundError('error_group_not_found');
    return row;
  }

  return {
    /** One page of groups with a status (open by default), newest last seen first. */
    async list(actor: Actor, site: SiteView, query: HealthQuery): Promise<HealthPageView> {
      ensureAllowed(actor, 'health:read');
      const status = query.status ?? 'open';
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      if (query.cursor && !cursor)
        throw new ValidationError({ cursor: 'is not a cursor of this list' });
      const conditions: (SQL | undefined)[] = [
        eq(errorGroups.siteId, site.id),
        eq(errorGroups.status, status),
      ];
      if (cursor) {
        conditions.push(
          or(
            lt(errorGroups.lastSeen, cursor.lastSeen),
            and(eq(errorGroups.lastSeen, cursor.lastSeen), lt(errorGroups.id, cursor.id)),
          ),
        );
      }
      const [rows, [open]] = await Promise.all([
        db
          .select()
          .from(errorGroups)
          .where(and(...conditions))
          .orderBy(desc(errorGroups.lastSeen), desc(errorGroups.id))
          .limit(HEALTH_PAGE_SIZE + 1),
        db
          .select({ n: count() })
          .from(errorGroups)
          .where(and(eq(errorGroups.siteId, site.id), eq(errorGroups.status, 'open'))),
      ]);
      const page = rows.slice(0, HEALTH_PAGE_SIZE);
      const last = page.at(-1);
      return {
        groups: page.map(presentGroup),
        nextCursor: rows.length > HEALTH_PAGE_SIZE && last ? encodeCursor(last) : null,
        openCount: open?.n ?? 0,
        droppedCount: droppedCount?.() ?? 0,
      };
    },

    /** One group with its latest sample and mapped stack. */
    async detail(actor: Actor, site: SiteView, id: string): Promise<ErrorGroupDetailView> {
      ensureAllowed(actor, 'health:read');
      const row = await find(site, id);
      return {
        ...presentGroup(row),
        firstRelease: row.firstRelease,
        url: row.url,
        userAgent: row.userAgent,
        rawStack: row.stack,
        frames: row.frames as StackFrameView[],
      };
    },

    /** Resolves, ignores or opens a group again; returns it as the list shows it. */
    async setStatus(
      actor: Actor,
      site: SiteView,
      id: string,
      input: ErrorGroupStatusInput,
    ): Promise<ErrorGroupView> {
      ensureAllowed(actor, 'health:manage');
      const [row] = await db
        .update(errorGroups)
        .set({ status: input.status })
        .where(and(eq(errorGroups.siteId, site.id), eq(errorGroups.id, id)))
        .returning();
      if (!row) throw new NotFoundError('error_group_not_found');
      return presentGroup(row);
    },

    /** Deletes groups last seen before `before` (the retention job); returns how many. */
    async deleteSeenBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(errorGroups)
        .where(lt(errorGroups.lastSeen, before))
        .returning({ id: errorGroups.id });
      return rows.length;
    },
  };
}

export type DashboardHealthService = ReturnType<typeof createDashboardHealth>;
