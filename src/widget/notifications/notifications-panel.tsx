/**
 * The header's notifications panel: the latest notifications, newest first, with "Mark all as
 * read" and a link to the notifications page. Loaded on the first press of the header's button
 * (header-notifications.tsx), only for members. A non-modal dialog placed by the room around the
 * button (SPEC §4, domain/placement), closed by a click outside, Escape (focus back to the
 * button) or following one of its links. New notifications arrive live at its top.
 */

import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import notificationsEn from '../../../locales/notifications/en.json';
import {
  NOTIFICATIONS_PANEL_SIZE,
  type NotificationView,
  notificationsUrl,
  unreadBadgeText,
} from '../../domain/notifications';
import { addNamespace } from '../../rich-content/i18n';
import { POPOVER_ATTRIBUTE, Portal, usePlacement } from '../components/popover';
import { useTranslation } from '../i18n';
import { NotificationItem } from './notification-item';
import { withArrived, withRead } from './notification-lines';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications-api';
import { announceUnread, subscribeLive } from './notifications-live';

// The notifications' words load with the panel and the page, not with every page of the blog.
addNamespace('notifications', notificationsEn);

type PanelState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; items: NotificationView[] };

/** The panel, open. */
export function NotificationsPanel({
  base,
  timeZone,
  unread,
  triggerRef,
  onClose,
}: {
  base: string;
  timeZone: string;
  unread: number;
  triggerRef: RefObject<HTMLElement | null>;
  /** Closes the panel; with `returnFocus`, focus goes back to the button. */
  onClose: (returnFocus?: boolean) => void;
}) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { placement, style } = usePlacement(true, triggerRef, panelRef);
  const [state, setState] = useState<PanelState>({ kind: 'loading' });
  const [isActionFailed, setActionFailed] = useState(false);
  const [now, setNow] = useState(() => new Date().toISOString());

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const result = await fetchNotifications(1, NOTIFICATIONS_PANEL_SIZE);
    setNow(new Date().toISOString());
    setState(result.ok ? { kind: 'ready', items: result.value.notifications } : { kind: 'failed' });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // New ones arrive at the top while the panel is open, in place of their fold's unread line.
  useEffect(
    () =>
      subscribeLive((message) => {
        if (message.type !== 'notification') return;
        setNow(new Date().toISOString());
        setState((was) =>
          was.kind !== 'ready'
            ? was
            : {
                kind: 'ready',
                items: withArrived(was.items, message.notification).slice(
                  0,
                  NOTIFICATIONS_PANEL_SIZE,
                ),
              },
        );
      }),
    [],
  );

  // Focus moves into the panel (it is portalled away from the button); outside clicks and
  // Escape close it.
  useEffect(() => {
    panelRef.current?.focus();
    function handlePointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (triggerRef.current?.contains(target) || panelRef.current?.contains(target)) return;
      onClose();
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose(true);
    }
    document.addEventListener('pointerdown', handlePointerDown, true);
    window.addEventListener('keydown', handleKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown, true);
      window.removeEventListener('keydown', handleKeyDown, true);
    };
  }, [onClose, triggerRef]);

  async function handleMarkAll() {
    const result = await markAllNotificationsRead();
    setActionFailed(!result.ok);
    if (!result.ok) return;
    announceUnread(result.value.unread);
    const readAt = new Date().toISOString();
    setState((was) =>
      was.kind === 'ready' ? { ...was, items: withRead(was.items, null, readAt) } : was,
    );
  }

  async function handleMarkOne(notification: NotificationView) {
    const result = await markNotificationRead(notification.id);
    setActionFailed(!result.ok);
    if (!result.ok) return;
    announceUnread(result.value.unread);
    const ids = new Set([notification.id]);
    const readAt = new Date().toISOString();
    setState((was) =>
      was.kind === 'ready' ? { ...was, items: withRead(was.items, ids, readAt) } : was,
    );
  }

  function handleOpen(notification: NotificationView) {
    // Following a notification reads it; the page it leads to does not wait for the answer.
    if (!notification.isRead) {
      void markNotificationRead(notification.id).then((result) => {
        if (result.ok) announceUnread(result.value.unread);
      });
    }
    onClose();
  }

  return (
    <Portal rootId="popover-root">
      <div
        ref={panelRef}
        className="notifications-panel"
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={style}
        data-vertical={placement?.vertical}
        {...{ [POPOVER_ATTRIBUTE]: '' }}
      >
        <div className="notifications-panel__head">
          <h2 className="notifications-panel__title" id={titleId}>
            {t('notifications.title')}
          </h2>
          {unread > 0 ? (
            <span className="notifications-count">
              {t('notifications.unreadSummary', { shown: unreadBadgeText(unread) })}
            </span>
          ) : null}
          <span className="notifications-panel__spacer" />
          {unread > 0 ? (
            <button type="button" className="notifications-text-button" onClick={handleMarkAll}>
              {t('notifications.markAllRead')}
            </button>
          ) : null}
        </div>
        {isActionFailed ? (
          <p className="notifications-panel__notice" role="alert">
            {t('notifications.actionFailed')}
          </p>
        ) : null}
        <div className="notifications-panel__body">
          {state.kind === 'loading' ? (
            <p className="notifications-panel__status" role="status">
              {t('notifications.loading')}
            </p>
          ) : state.kind === 'failed' ? (
            <div className="notifications-panel__status" role="alert">
              <p>{t('notifications.loadFailed')}</p>
              <button type="button" className="notifications-text-button" onClick={load}>
                {t('notifications.retry')}
              </button>
            </div>
          ) : state.items.length === 0 ? (
            <div className="notifications-empty notifications-empty--compact">
              <p className="notifications-empty__title">{t('notifications.empty.title')}</p>
              <p className="notifications-empty__text">{t('notifications.empty.text')}</p>
            </div>
          ) : (
            <ul className="notifications-list" aria-label={t('notifications.panelLabel')}>
              {state.items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  now={now}
                  timeZone={timeZone}
                  onOpen={handleOpen}
                  onMarkRead={handleMarkOne}
                />
              ))}
            </ul>
          )}
        </div>
        <div className="notifications-panel__foot">
          <Link
            to={notificationsUrl(base)}
            className="notifications-panel__all"
            onClick={() => onClose()}
          >
            {t('notifications.seeAll')}
          </Link>
        </div>
      </div>
    </Portal>
  );
}
