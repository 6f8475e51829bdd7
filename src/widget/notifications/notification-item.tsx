/**
 * One notification as the header's panel and the notifications page list it: an icon for its
 * kind, its sentence (a link to where it happened), the quoted comment if any, when it happened,
 * and for an unread one its mark and a "Mark as read" button. The whole row follows the link.
 */
import type { JSX } from 'react';
import { Link } from 'react-router';
import {
  type NotificationKind,
  type NotificationView,
  notificationQuote,
  notificationText,
} from '../../domain/notifications';
import { CommentIcon, HeartIcon, UserIcon } from '../components/icons';
import { PublishDate } from '../components/post-meta';
import { useTranslation } from '../i18n';
import './notifications.css';
import { LineIcon } from '../components/line-icon';

/** A page with lines, for a new post. */
function PostIcon() {
  return (
    <LineIcon className="icon">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </LineIcon>
  );
}

const KIND_ICONS: Record<NotificationKind, () => JSX.Element> = {
  'comment-reply': CommentIcon,
  'post-like': HeartIcon,
  'comment-like': HeartIcon,
  'new-post-in-subscription': PostIcon,
  'role-changed': UserIcon,
  'post-comment': CommentIcon,
  'new-comment-in-subscription': CommentIcon,
  'post-submitted': PostIcon,
  'post-reviewed': PostIcon,
};

/** A check mark, for "Mark as read". */
function CheckIcon() {
  return (
    <LineIcon strokeWidth={2.2}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </LineIcon>
  );
}

/** The row. `onOpen` runs when its link is followed, `onMarkRead` from its button. */
export function NotificationItem({
  notification,
  now,
  timeZone,
  onOpen,
  onMarkRead,
}: {
  notification: NotificationView;
  now: string;
  timeZone: string;
  onOpen?: (notification: NotificationView) => void;
  onMarkRead?: (notification: NotificationView) => void;
}) {
  const { t } = useTranslation();
  const { event, isRead } = notification;
  // A folded line reads as its newest with the others counted (decision 018).
  const text = notificationText(t, event, notification.others);
  const quote = notificationQuote(event);
  const Icon = KIND_ICONS[event.kind];
  return (
    <li
      className="notification"
      data-unread={isRead ? undefined : ''}
      data-kind={event.kind}
      data-others={notification.others > 0 ? notification.others : undefined}
    >
      <span className="notification__icon" aria-hidden="true">
        <Icon />
      </span>
      <div className="notification__body">
        <Link
          to={notification.link}
          className="notification__link"
          onClick={() => onOpen?.(notification)}
        >
          {isRead ? null : (
            <span className="notification__hidden">{t('notifications.unread')}: </span>
          )}
          {text}
        </Link>
        {quote ? <p className="notification__quote">{quote}</p> : null}
        <p className="notification__time">
          <PublishDate date={notification.createdAt} now={now} timeZone={timeZone} />
        </p>
      </div>
      {isRead ? null : (
        <span className="notification__side">
          {onMarkRead ? (
            <button
              type="button"
              className="notification__mark"
              aria-label={t('notifications.markReadLabel', { text })}
              title={t('notifications.markRead')}
              onClick={() => onMarkRead(notification)}
            >
              <CheckIcon />
            </button>
          ) : null}
          <span className="notification__dot" aria-hidden="true" />
        </span>
      )}
    </li>
  );
}
