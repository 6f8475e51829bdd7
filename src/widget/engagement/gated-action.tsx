/**
 * Gated actions (SPEC §4, §6; decision 020): what happens when a reader presses an action the
 * rules refuse them. A logged-out visitor is asked to log in and the action continues afterwards:
 * the action's control (its `data-action-key`) is remembered in this tab's session storage, the
 * login page returns to this page (`next`), and the page presses the control again, once
 * (`replayPendingAction`, loaded by pending-action.ts after the navigation). An
 * authenticated private member pressing a public-only action gets the join-community popup, which
 * offers to make the profile public (`PATCH /api/members/me`) and then continues the action. On a
 * demo site every gated action opens the demo-mode modal. Anything else is an error toast.
 *
 * Likes and ratings use it now; comments and subscriptions use the same pieces: wrap the
 * control's code in `EngagementProviders`, give the control a `data-action-key`, call
 * `run({ reason, actionKey, perform })` on press, with the reason from `useEngagementGates()` (or
 * the page's own `whyNot`), and `refused(reason, …)` when the server refuses after all. A control
 * that is on already (`aria-pressed="true"`) is not pressed again.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import type { EngagementGates, GateReason } from '../../domain/engagement';
import { loginUrl } from '../../domain/routes';
import type { loadBlogShell as blogLayoutLoader } from '../blog-shell';
import { ModalHeader, ModalProvider, useModal } from '../components/modal-stack';
import { ToastProvider, useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { useReader } from '../reader/reader';
import { BLOG_LAYOUT_ROUTE_ID } from '../use-blog';
import './engagement-messages';

const JoinCommunityDialog = lazy(() => import('./join-community-modal'));

/**
 * pending-action.ts's `PENDING_ACTION_KEY`, written out again: importing it would split that
 * eager module into a script of its own on every page (decision 020); a test checks they agree.
 */
export const PENDING_ACTION_STORAGE_KEY = 'inkwell:pending-action';

/** How long a pending action waits for the reader to come back logged in (signing up included). */
export const PENDING_ACTION_MAX_AGE_MS = 30 * 60 * 1000;

/** An action the reader pressed: its control's key, and what doing it means. */
export interface GatedAction {
  /** The `data-action-key` of the control, which logging in presses again. */
  actionKey: string;
  perform(): unknown;
}

interface PendingAction {
  actionKey: string;
  /** The page it was pressed on: it continues there only. */
  path: string;
  at: number;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Remembers an action to continue once the reader is back from logging in. */
export function rememberPendingAction(actionKey: string, path: string, now = Date.now()): void {
  try {
    const pending: PendingAction = { actionKey, path, at: now };
    sessionStorage.setItem(PENDING_ACTION_STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Without storage the reader logs in and presses again themselves.
  }
}

/** The pending action, taken out (it continues once), or null when none is due on `path`. */
function takePendingAction(path: string, now: number): PendingAction | null {
  let pending: PendingAction | null = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(PENDING_ACTION_STORAGE_KEY) ?? 'null');
  } catch {
    pending = null;
  }
  if (typeof pending?.actionKey !== 'string') return null;
  const isStale = !(now - pending.at < PENDING_ACTION_MAX_AGE_MS);
  // Another page: it waits (the reader may still come back here) unless it is too old.
  if (pending.path !== path && !isStale) return null;
  try {
    sessionStorage.removeItem(PENDING_ACTION_STORAGE_KEY);
  } catch {
    // Nothing to take out.
  }
  return isStale ? null : pending;
}

/**
 * Continues the pending action on this page, once: presses its control, unless it is on already
 * (a like that was there before logging in stays one). Returns whether it pressed.
 */
export function replayPendingAction(path = currentPath(), now = Date.now()): boolean {
  const pending = takePendingAction(path, now);
  if (!pending) return false;
  const control = document.querySelector<HTMLElement>(
    `[data-action-key="${CSS.escape(pending.actionKey)}"]`,
  );
  if (!control || control.getAttribute('aria-pressed') === 'true') return false;
  control.click();
  return true;
}

/** The toasts and modals gated actions show, for the controls below. */
export function EngagementProviders({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <ModalProvider>{children}</ModalProvider>
    </ToastProvider>
  );
}

function useBlogLayoutData() {
  return useRouteLoaderData<typeof blogLayoutLoader>(BLOG_LAYOUT_ROUTE_ID);
}

/**
 * The reader's refusal of each gated action (the page's reader view, decision 050, computed with
 * `can()` on the server, which checks again on every action).
 */
export function useEngagementGates(): EngagementGates {
  return useReader().gates;
}

function DemoModeDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <ModalHeader title={t('engagement.demoMode.title')} />
      <p className="modal__body">{t('engagement.demoMode.text')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          {t('engagement.demoMode.ok')}
        </button>
      </div>
    </>
  );
}

/**
 * `run(action)` does a gated action or asks for what it needs first; `refused(reason, action)`
 * does the asking when the server refused; `fail(message)` shows an error toast. Needs
 * `EngagementProviders` above.
 */
export function useGatedAction() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const base = useBlogLayoutData()?.blog.base ?? '';

  function fail(message: string) {
    toast.show({ kind: 'error', message });
  }

  async function joinCommunity(action: GatedAction) {
    const joined = await openModal<true>(({ close }) => (
      <Suspense fallback={<p className="modal__body">{t('engagement.loading')}</p>}>
        <JoinCommunityDialog onJoined={() => close(true)} onCancel={() => close()} />
      </Suspense>
    ));
    if (!joined) return;
    await action.perform();
    // The page's gates and the header follow the public profile: they are the page's reader view
    // (decision 050), which a new page load brings.
    window.location.reload();
  }

  function refused(reason: GateReason, action: GatedAction) {
    switch (reason) {
      case 'login-required': {
        // SPEC §4: log in, then the action continues on this page.
        const here = `${location.pathname}${location.search}`;
        rememberPendingAction(action.actionKey, here);
        void navigate(`${loginUrl(base)}?next=${encodeURIComponent(here)}`);
        return;
      }
      case 'join-community':
        void joinCommunity(action);
        return;
      case 'demo_mode':
        void openModal(({ close }) => <DemoModeDialog onClose={() => close()} />);
        return;
      case 'disabled':
        fail(t('engagement.switchedOff'));
        return;
      default:
        fail(t('engagement.notAllowed'));
    }
  }

  function run(options: GatedAction & { reason: GateReason | null }) {
    if (options.reason === null) void options.perform();
    else refused(options.reason, options);
  }

  return { run, refused, fail };
}
