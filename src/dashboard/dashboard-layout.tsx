/**
 * The dashboard's shell at /dashboard (issue 17; DESIGN.md `/dashboard/...`): a management app of
 * its own around the blog's management screens. A top bar (the site, View blog, Write a post,
 * Customize blog for owners, who is signed in) and the navigation: a side bar at desktop widths,
 * a scrolling strip under the top bar on phones. Each area is shown by `can()` (domain/dashboard.ts)
 * and carries its badge (posts in review, held comments, open reports). A visitor gets the
 * login-required screen (401) that continues here after logging in; a member who may not manage
 * anything a 403 screen.
 *
 * Every screen below renders in `<main>`, with the toasts (SPEC §8) and the modal stack (SPEC §4)
 * of the whole dashboard. The badges come again from `GET /api/dashboard/summary` after an action
 * (`useDashboardSummary().refresh()`), without reloading the screen.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLoaderData, useLocation, useRouteError } from 'react-router';
import dashboardEn from '../../locales/dashboard/en.json';
import {
  areaBadge,
  type DashboardArea,
  type DashboardSummary,
  dashboardAreasFor,
  dashboardUrl,
} from '../domain/dashboard';
import type { MemberLanguageHandle } from '../domain/member-preferences';
import { can } from '../domain/permissions';
import { createPostUrl, homeUrl, MEMBER_PREFERENCES_PATH } from '../domain/routes';
import { addNamespace } from '../rich-content/i18n';
import { LoginRequiredScreen } from '../widget/components/login-required';
import { ModalProvider } from '../widget/components/modal-stack';
import { Avatar } from '../widget/components/post-meta';
import { ToastProvider } from '../widget/components/toasts';
import { useReportedBoundaryError } from '../widget/error-reporter';
import { metaT, useTranslation } from '../widget/i18n';
import type { Route } from './+types/dashboard-layout';
import { dashboardHeaders, dashboardRefusal } from './area-loader';
import { AreaIcon, DashboardIcon } from './components/area-icons';
import { SummaryContext } from './components/summary';
import './dashboard.css';

// The dashboard's words travel with it (locales/dashboard), not with the blog's pages.
addNamespace('dashboard', dashboardEn);

/** Who may open the dashboard, what they see in it, and what waits for them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const base = context.site.blogBase;
  const siteName = context.site.name;
  const refusal = dashboardRefusal(context);
  if (refusal || !context.member) {
    const reason = refusal ?? 'login-required';
    const url = new URL(request.url);
    return {
      refusal: reason,
      base,
      siteName,
      next: url.pathname + url.search,
      shell: null,
    };
  }
  return {
    refusal: null,
    base,
    siteName,
    next: null,
    shell: {
      member: context.member,
      areas: dashboardAreasFor(context.actor),
      summary: await context.dashboard.summary(),
      canWrite: can(context.actor, 'post:create', {}),
      canCustomize: can(context.actor, 'builder:open', {}),
    },
  };
}

export const headers = dashboardHeaders;

/** Issue 22: every dashboard screen is in the member's own language when they chose one (064). */
export const handle: MemberLanguageHandle = { usesMemberLanguage: true };

/** The dashboard's title; never indexed. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = (matches[0]?.data as { siteName?: string } | undefined)?.siteName ?? t('site.name');
  return [
    { title: t('meta.pageTitle', { name: t('dashboard.meta.title'), site }) },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The badges again, after an action changed what waits (the API answers as the loader did). */
function useSummary(initial: DashboardSummary | null) {
  const [summary, setSummary] = useState(initial);
  useEffect(() => setSummary(initial), [initial]);
  const refresh = useCallback(async () => {
    const response = await fetch('/api/dashboard/summary', { credentials: 'same-origin' });
    if (response.ok) setSummary((await response.json()) as DashboardSummary);
  }, []);
  return { summary, refresh };
}

function Badge({ area, summary }: { area: DashboardArea; summary: DashboardSummary }) {
  const { t } = useTranslation();
  const count = areaBadge(area, summary);
  if (!count) return null;
  return (
    <span className="dash-nav__badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t(`dashboard.badge.${area}`, { count })}</span>
    </span>
  );
}

/**
 * On phones the navigation is a strip that scrolls sideways: the current area's link is brought
 * to its middle, so an area further along the strip is never off screen once opened. The strip
 * scrolls by itself, never the page; at desktop widths (no overflow) nothing moves.
 */
function useActiveLinkInView(nav: RefObject<HTMLElement | null>, pathname: string) {
  useEffect(() => {
    const strip = nav.current;
    if (!strip || pathname === '' || strip.scrollWidth <= strip.clientWidth) return;
    const active = strip.querySelector<HTMLElement>('[aria-current="page"]');
    if (!active) return;
    const stripBox = strip.getBoundingClientRect();
    const activeBox = active.getBoundingClientRect();
    strip.scrollLeft += activeBox.left - stripBox.left - (stripBox.width - activeBox.width) / 2;
  }, [nav, pathname]);
}

/**
 * Escape hides the folded side bar's name tooltip (dashboard.css, 761 to 960 px) of the link under
 * the pointer or with the focus, without moving either (WCAG 1.4.13: content shown on hover or
 * focus can be dismissed); it shows again once the pointer or the focus has left that link.
 */
function useDismissibleNavTips(nav: RefObject<HTMLElement | null>) {
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !nav.current) return;
      const focused = document.activeElement?.closest('.dash-nav__link');
      const link =
        focused && nav.current.contains(focused)
          ? focused
          : nav.current.querySelector('.dash-nav__link:hover');
      if (!(link instanceof HTMLElement) || link.hasAttribute('data-tip-dismissed')) return;
      link.setAttribute('data-tip-dismissed', '');
      const restore = () => {
        link.removeAttribute('data-tip-dismissed');
        link.removeEventListener('pointerleave', restore);
        link.removeEventListener('focusout', restore);
      };
      link.addEventListener('pointerleave', restore);
      link.addEventListener('focusout', restore);
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [nav]);
}

/**
 * A dashboard screen that failed (a render error, a loader's 5xx): the technical-issue message
 * and a way back, the error reported to Health (decision 042).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  useReportedBoundaryError(error);
  return (
    <main className="dash-refusal">
      <div className="dash-crash" role="alert" data-testid="dashboard-error">
        <h1 className="dash-crash__title">{t('errors.technicalIssue')}</h1>
        <a className="dash-button dash-button--primary" href={dashboardUrl()}>
          {t('dashboard.nav.overview')}
        </a>
      </div>
    </main>
  );
}

/** The shell. */
export default function DashboardLayout() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  useActiveLinkInView(nav, loaded.shell ? pathname : '');
  useDismissibleNavTips(nav);
  const { summary, refresh } = useSummary(loaded.shell?.summary ?? null);

  if (loaded.refusal !== null || !loaded.shell || !summary) {
    const reason = loaded.refusal ?? 'login-required';
    const isLogin = reason === 'login-required';
    return (
      <main className="dash-refusal">
        <LoginRequiredScreen
          reason={reason}
          title={t(isLogin ? 'dashboard.refusal.loginTitle' : 'dashboard.refusal.forbiddenTitle')}
          description={t(
            isLogin
              ? 'dashboard.refusal.loginDescription'
              : 'dashboard.refusal.forbiddenDescription',
          )}
          loginUrl={`${loaded.base}/login?${new URLSearchParams({ next: loaded.next ?? dashboardUrl() })}`}
          backUrl={homeUrl(loaded.base)}
          loginLabel={t('dashboard.refusal.loginButton')}
          backLabel={t('dashboard.refusal.back')}
        />
      </main>
    );
  }
  const { member, areas, canWrite, canCustomize } = loaded.shell;
  return (
    <ToastProvider>
      <ModalProvider>
        <SummaryContext.Provider value={{ summary, refresh }}>
          <div className="dash">
            <a className="dash-skip" href="#dash-main">
              {t('dashboard.skipToContent')}
            </a>
            <header className="dash-topbar">
              <Link to={dashboardUrl()} className="dash-topbar__brand">
                <span className="dash-logo" aria-hidden="true">
                  <DashboardIcon />
                </span>
                <span className="dash-topbar__names">
                  <strong>{loaded.siteName}</strong>
                  <span>{t('dashboard.name')}</span>
                </span>
              </Link>
              <div className="dash-topbar__actions">
                <a className="dash-button dash-button--quiet" href={homeUrl(loaded.base)}>
                  {t('dashboard.topbar.viewBlog')}
                </a>
                {canCustomize ? (
                  <a className="dash-button dash-button--quiet dash-topbar__wide" href="/editor">
                    {t('dashboard.topbar.customize')}
                  </a>
                ) : null}
                {canWrite ? (
                  <a className="dash-button dash-button--primary" href={createPostUrl(loaded.base)}>
                    {t('dashboard.topbar.writePost')}
                  </a>
                ) : null}
                {/* Issue 22: who is signed in, and the way to their own preferences. */}
                <Link
                  to={MEMBER_PREFERENCES_PATH}
                  className="dash-topbar__member"
                  title={t('dashboard.topbar.signedInAs', { name: member.name })}
                  data-testid="dashboard-preferences-link"
                >
                  <Avatar member={member} size={32} />
                  <span className="visually-hidden">{t('dashboard.preferences.title')}</span>
                </Link>
              </div>
            </header>
            <div className="dash-body">
              <nav ref={nav} className="dash-nav" aria-label={t('dashboard.navLabel')}>
                <ul className="dash-nav__list">
                  <li>
                    <NavLink to={dashboardUrl()} end className="dash-nav__link">
                      <AreaIcon area="overview" />
                      <span className="dash-nav__label">{t('dashboard.nav.overview')}</span>
                    </NavLink>
                  </li>
                  {areas.map((area) => (
                    <li key={area}>
                      <NavLink
                        to={dashboardUrl(area)}
                        className="dash-nav__link"
                        aria-current={pathname.startsWith(dashboardUrl(area)) ? 'page' : undefined}
                      >
                        <AreaIcon area={area} />
                        <span className="dash-nav__label">{t(`dashboard.nav.${area}`)}</span>
                        <Badge area={area} summary={summary} />
                      </NavLink>
                    </li>
                  ))}
                  {canCustomize ? (
                    <li className="dash-nav__narrow-only">
                      <a href="/editor" className="dash-nav__link">
                        <AreaIcon area="customize" />
                        <span className="dash-nav__label">{t('dashboard.topbar.customize')}</span>
                      </a>
                    </li>
                  ) : null}
                </ul>
              </nav>
              <main className="dash-main" id="dash-main" tabIndex={-1}>
                <Outlet />
              </main>
            </div>
            <div id="message-root" className="dash-messages" aria-live="polite" />
            <div id="modal-root" />
          </div>
        </SummaryContext.Provider>
      </ModalProvider>
    </ToastProvider>
  );
}
