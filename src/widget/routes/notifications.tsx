/**
 * The member's notifications page, `/notifications` under the blog (issue 5; SPEC §7
 * navigateToNotifications): every notification, newest first, 20 a page, unread ones marked, with
 * "Mark as read" on each and "Mark all as read"; new ones arrive live at the top of the first
 * page. All or Unread (`?filter=unread`) chooses which are listed. A visitor gets the login-required screen (401), a blocked member a refusal (403).
 *
 * One member's page: `private, no-store`, never in the page cache (decision 015). Its words,
 * styles and the API and stream clients load with it, not with the feed (decision 009).
 */

import { useEffect, useState } from 'react';
import { data, Link, useLoaderData, useLocation } from 'react-router';
import notificationsEn from '../../../locales/notifications/en.json';
import {
  type NotificationsFilter,
  type NotificationView,
  notificationsFilterOf,
  notificationsUrl,
  unreadBadgeText,
} from '../../domain/notifications';
import { homeUrl, loginUrl } from '../../domain/routes';
import { addNamespace } from '../../rich-content/i18n';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { LineIcon } from '../components/line-icon';
import { LoginRequiredScreen } from '../components/login-required';
import { useTranslation } from '../i18n';
import { NotificationItem } from '../notifications/notification-item';
import { withArrived, withRead } from '../notifications/notification-lines';
import { markAllNotificationsRead, markNotificationRead } from '../notifications/notifications-api';
import { announceUnread, subscribeLive } from '../notifications/notifications-live';
import { privateHead } from '../seo/head';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import type { Route } from './+types/notifications';

addNamespace('notifications', notificationsEn);

export const handle: BlogHandle = { mobileTitle: 'blog' };

/** `?page=N`, forgiving: anything but a whole number above 1 is the first page. */
function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** A page of the member's notifications, or why not with its HTTP status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = context.site.blogBase;
  const url = new URL(request.url);
  const filter = notificationsFilterOf(url.searchParams.get('filter'));
  const pageHead = headContextFor(context);
  // Never indexed: one member's page.
  const head = privateHead(pageHead, pageHead.t('notifications.title'));
  const found = await context.notifications.list(pageOf(url), { unread: filter === 'unread' });
  if (!found.ok) {
    return data(
      { kind: 'refused' as const, reason: found.reason, base, siteName: context.site.name, head },
      { status: found.reason === 'login-required' ? 401 : 403 },
    );
  }
  return data({
    kind: 'list' as const,
    view: found.value,
    filter,
    base,
    siteName: context.site.name,
    head,
    now: context.now,
    timeZone: context.site.timeZone,
  });
}

/** One member's page: never stored by a browser, a proxy or the page cache. */
export function headers(): HeadersInit {
  return { 'cache-control': 'private, no-store' };
}

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** A bell, for the empty state. */
function BellArt() {
  return (
    <LineIcon size={28} strokeWidth={1.8}>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4" />
    </LineIcon>
  );
}

/** SPEC §2 login-required screen for a visitor (the shared one); a refusal for a blocked member. */
function Refusal({ reason, base }: { reason: 'login-required' | 'forbidden'; base: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const isLogin = reason === 'login-required';
  // The page comes back after logging in (SPEC §4: the action continues).
  const next = location.pathname + location.search;
  return (
    <LoginRequiredScreen
      reason={reason}
      title={t(
        isLogin ? 'notifications.refusal.loginTitle' : 'notifications.refusal.forbiddenTitle',
      )}
      description={t(
        isLogin ? 'notifications.refusal.loginText' : 'notifications.refusal.forbiddenText',
      )}
      loginUrl={`${loginUrl(base)}?${new URLSearchParams({ next })}`}
      backUrl={homeUrl(base)}
      loginLabel={t('notifications.refusal.loginButton')}
      backLabel={t('notifications.refusal.backToBlog')}
    />
  );
}

/** All or Unread: links, so that each view has its address and works before scripts. */
function FilterSwitch({ base, filter }: { base: string; filter: NotificationsFilter }) {
  const { t } = useTranslation();
  const choices: NotificationsFilter[] = ['all', 'unread'];
  return (
    <nav className="notifications-filter" aria-label={t('notifications.filter.label')}>
      {choices.map((choice) => (
        <Link
          key={choice}
          to={notificationsUrl(base, 1, choice)}
          className="notifications-filter__choice"
          aria-current={choice === filter ? 'page' : undefined}
        >
          {t(`notifications.filter.${choice}`)}
        </Link>
      ))}
    </nav>
  );
}

/** The list of one page, kept in step with the live stream and the reader's clicks. */
function NotificationsList({
  view,
  filter,
  base,
  now: loadedAt,
  timeZone,
}: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: 'list' }>) {
  const { t } = useTranslation();
  const [items, setItems] = useState(view.notifications);
  const [unread, setUnread] = useState(view.unread);
  const [now, setNow] = useState(loadedAt);
  const [isActionFailed, setActionFailed] = useState(false);

  // Another page of the list (or a revalidation) replaces what is shown.
  useEffect(() => {
    setItems(view.notifications);
    setUnread(view.unread);
    setNow(loadedAt);
  }, [view, loadedAt]);

  useEffect(
    () =>
      subscribeLive((message) => {
        setUnread(message.unread);
        if (message.type !== 'notification' || view.page !== 1) return;
        setNow(new Date().toISOString());
        // In place of the unread line of its fold, if this page shows it.
        setItems((was) => withArrived(was, message.notification));
      }),
    [view.page],
  );

  async function handleMarkAll() {
    const result = await markAllNotificationsRead();
    setActionFailed(!result.ok);
    if (!result.ok) return;
    setItems((was) => withRead(was, null, new Date().toISOString()));
    setUnread(result.value.unread);
    announceUnread(result.value.unread);
  }

  async function handleMarkOne(notification: NotificationView) {
    const result = await markNotificationRead(notification.id);
    setActionFailed(!result.ok);
    if (!result.ok) return;
    setItems((was) => withRead(was, new Set([notification.id]), new Date().toISOString()));
    setUnread(result.value.unread);
    announceUnread(result.value.unread);
  }

  function handleOpen(notification: NotificationView) {
    if (notification.isRead) return;
    void markNotificationRead(notification.id).then((result) => {
      if (result.ok) announceUnread(result.value.unread);
    });
  }

  const hasPages = view.page > 1 || view.hasMore;
  return (
    <section className="notifications-page" aria-labelledby="notifications-title">
      <header className="notifications-page__head">
        <div>
          <h1 className="notifications-page__title" id="notifications-title">
            {t('notifications.title')}
          </h1>
          <p className="notifications-page__summary" aria-live="polite">
            {unread > 0
              ? t('notifications.unreadSummary', { shown: unreadBadgeText(unread) })
              : t('notifications.allRead')}
          </p>
        </div>
        {unread > 0 ? (
          <button type="button" className="button" onClick={handleMarkAll}>
            {t('notifications.markAllRead')}
          </button>
        ) : null}
      </header>
      <FilterSwitch base={base} filter={filter} />
      {isActionFailed ? (
        <p className="notifications-page__notice" role="alert">
          {t('notifications.actionFailed')}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="notifications-empty">
          <span className="notifications-empty__art">
            <BellArt />
          </span>
          {filter === 'unread' ? (
            <>
              <p className="notifications-empty__title">{t('notifications.emptyUnread.title')}</p>
              <p className="notifications-empty__text">{t('notifications.emptyUnread.text')}</p>
              <Link className="button" to={notificationsUrl(base)}>
                {t('notifications.seeAll')}
              </Link>
            </>
          ) : (
            <>
              <p className="notifications-empty__title">{t('notifications.empty.title')}</p>
              <p className="notifications-empty__text">{t('notifications.empty.text')}</p>
            </>
          )}
        </div>
      ) : (
        <ul className="notifications-list notifications-list--page">
          {items.map((notification) => (
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
      {hasPages ? (
        <nav className="notifications-pages" aria-label={t('notifications.pages')}>
          {view.page > 1 ? (
            <Link className="button" to={notificationsUrl(base, view.page - 1, filter)}>
              {t('notifications.newer')}
            </Link>
          ) : (
            <span />
          )}
          {view.hasMore ? (
            <Link className="button" to={notificationsUrl(base, view.page + 1, filter)}>
              {t('notifications.older')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** The page. */
export default function NotificationsPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === 'refused') return <Refusal reason={loaded.reason} base={loaded.base} />;
  return <NotificationsList {...loaded} />;
}

/** Errors of this page's loader. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
