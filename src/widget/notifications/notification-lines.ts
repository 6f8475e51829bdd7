/**
 * How the panel and the notifications page keep their lines in step without reloading
 * (decision 018): a notification arriving live replaces the unread line of its fold (it comes as
 * the fold's newest, with the others counted), and reading a line marks it read where it is.
 */
import type { NotificationView } from '../../domain/notifications';

/** The lines with `arrived` on top, in place of the unread line of its fold if one is shown. */
export function withArrived(
  lines: readonly NotificationView[],
  arrived: NotificationView,
): NotificationView[] {
  const rest = lines.filter(
    (line) =>
      line.id !== arrived.id &&
      !(arrived.groupKey !== null && !line.isRead && line.groupKey === arrived.groupKey),
  );
  return [arrived, ...rest];
}

/** The lines with `ids` (every line when null) read at `readAt`, unless read before. */
export function withRead(
  lines: readonly NotificationView[],
  ids: ReadonlySet<string> | null,
  readAt: string,
): NotificationView[] {
  return lines.map((line) =>
    !line.isRead && (ids === null || ids.has(line.id)) ? { ...line, isRead: true, readAt } : line,
  );
}
