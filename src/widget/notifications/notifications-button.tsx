/**
 * The member's notifications button in the blog's headers (mounted by
 * components/header-notifications.tsx, which only members' pages load it through): a bell with
 * the unread count. It is a link to the notifications page, so it works before and without
 * scripts; once hydrated, a press opens the panel of the latest notifications (its own chunk,
 * loaded on the first press) and the count follows the live stream (decision 018), which opens
 * after hydration.
 */

import { lazy, type MouseEvent, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import notificationsEn from '../../../locales/notifications/en.json';
import { notificationsUrl, unreadBadgeText } from '../../domain/notifications';
import { addNamespace } from '../../rich-content/i18n';
import { LineIcon } from '../components/line-icon';
import { useTranslation } from '../i18n';
import { subscribeLive } from './notifications-live';

// The notifications' words load with the button, the panel and the page, not with the feed.
addNamespace('notifications', notificationsEn);

const NotificationsPanel = lazy(() =>
  import('./notifications-panel').then((m) => ({ default: m.NotificationsPanel })),
);

function BellIcon() {
  return (
    <LineIcon className="icon" size={20}>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4" />
    </LineIcon>
  );
}

/** The bell, its count, and the panel while open. */
export function NotificationsButton({
  base,
  initialUnread,
  timeZone,
}: {
  base: string;
  initialUnread: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [unread, setUnread] = useState(initialUnread);
  const [isOpen, setOpen] = useState(false);
  const [isHydrated, setHydrated] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);

  // Once the live stream (or this page's own mark-read) has said the count, it is the truth: a
  // layout loader that ran before a mark-read landed must not bring an older count back.
  const hasLiveCount = useRef(false);
  useEffect(() => {
    if (!hasLiveCount.current) setUnread(initialUnread);
  }, [initialUnread]);

  // After hydration: the live count (one stream for every listener of the page).
  useEffect(() => {
    setHydrated(true);
    return subscribeLive((message) => {
      hasLiveCount.current = true;
      setUnread(message.unread);
    });
  }, []);

  const handleClick = (event: MouseEvent) => {
    // A new tab or window still opens the page.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    setOpen((was) => !was);
  };
  const close = useCallback((returnFocus?: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }, []);

  const badge = unreadBadgeText(unread);
  return (
    <>
      <a
        ref={trigger}
        href={notificationsUrl(base)}
        className="header-icon-button header-notifications"
        aria-label={
          badge ? t('notifications.buttonUnread', { shown: badge }) : t('notifications.button')
        }
        aria-haspopup={isHydrated ? 'dialog' : undefined}
        aria-expanded={isHydrated ? isOpen : undefined}
        onClick={handleClick}
      >
        <BellIcon />
        {badge ? (
          <span className="header-notifications__badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </a>
      {isOpen ? (
        <Suspense fallback={null}>
          <NotificationsPanel
            base={base}
            timeZone={timeZone}
            unread={unread}
            triggerRef={trigger}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
