/**
 * The audit log (issue 18; decision 039). `recordAudit(tx, event)` writes one event in the
 * caller's transaction, so an action and its line commit or roll back together; any area may
 * call it. Owners read the log newest first, a keyset page at a time (`audit_events_created_idx`).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  AUDIT_PAGE_SIZE,
  type AuditEventView,
  type AuditPageView,
  type AuditQuery,
  decodeMemberCursor,
  encodeMemberCursor,
} from '../../../domain/dashboard-members';
import type { Actor } from '../../../domain/permissions';
import { whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import type { Database } from '../../db/connection.server';
import { auditEvents } from '../../db/schema.server';
import { ValidationError } from '../../errors.server';
import { beforeKey, ensure, microsecondsOf } from './rows.server';

/** Something the database can insert with: the app's database or a transaction of it. */
type Writer = Pick<Database, 'insert'>;

/** One event to record: who (id and name as they are now), what, to whom, and its details. */
export interface AuditEvent {
  siteId: string;
  actorId: string | null;
  actorName: string;
  action: string;
  targetId?: string | null;
  targetName?: string;
  details?: Record<string, unknown>;
  at?: Date;
}

/** Records `event` with `tx` (the action's own transaction). */
export async function recordAudit(tx: Writer, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    siteId: event.siteId,
    id: randomUUID(),
    actorId: event.actorId,
    actorName: event.actorName,
    action: event.action,
    targetId: event.targetId ?? null,
    targetName: event.targetName ?? '',
    details: event.details ?? {},
    ...(event.at ? { createdAt: event.at } : {}),
  });
}

/** One page of the site's audit log, newest first (owners: `contributors:edit`). */
export async function listAudit(
  { db }: { db: Database },
  actor: Actor,
  site: SiteView,
  query: AuditQuery,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<AuditPageView> {
  ensure(whyNot(actor, 'contributors:edit', {}));
  const cursor = query.cursor ? decodeMemberCursor(query.cursor, 'joined') : null;
  if (query.cursor && cursor?.sort !== 'joined') {
    throw new ValidationError({ cursor: 'is not a cursor of this list' });
  }
  const rows = await db
    .select({ row: auditEvents, at: microsecondsOf(auditEvents.createdAt) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.siteId, site.id),
        cursor?.sort === 'joined'
          ? beforeKey(auditEvents.createdAt, auditEvents.id, cursor)
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const events: AuditEventView[] = page.map(({ row }) => ({
    id: row.id,
    action: row.action,
    actorId: row.actorId,
    actorName: row.actorName,
    targetId: row.targetId,
    targetName: row.targetName,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  }));
  return {
    events,
    nextCursor:
      rows.length > pageSize && last
        ? encodeMemberCursor({ sort: 'joined', at: last.at, id: last.row.id })
        : null,
  };
}
