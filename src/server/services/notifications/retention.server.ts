/** Read notifications deleted after NOTIFICATION_RETENTION_MS (jobs/notification-retention). */
import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema.server';
import type { NotificationsContext } from './context.server';
import { RETENTION_BATCH } from './stored.server';

/**
 * Deletes read notifications that came before `cutoff`, on every site, RETENTION_BATCH rows a
 * statement through `notifications_read_created_idx`. Unread ones stay, however old. Returns
 * how many went.
 */
export async function deleteReadBefore(deps: NotificationsContext, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = deps.db
      .select({ siteId: notifications.siteId, id: notifications.id })
      .from(notifications)
      .where(and(isNotNull(notifications.readAt), lt(notifications.createdAt, cutoff)))
      .limit(RETENTION_BATCH);
    const rows = await deps.db
      .delete(notifications)
      .where(sql`(${notifications.siteId}, ${notifications.id}) in (${batch})`)
      .returning({ id: notifications.id });
    deleted += rows.length;
    if (rows.length < RETENTION_BATCH) return deleted;
  }
}
