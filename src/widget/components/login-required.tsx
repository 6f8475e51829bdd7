/**
 * SPEC §2 "Login-required screen: title, description, auto-triggered login button" (SPEC §4
 * "Auto-login on the login screen after 100 ms"; §8 "login-required title and description"),
 * shared by every page that needs a member (the editor, my posts). The login button leads to the
 * login page with `next` = this page, so the action continues after logging in (SPEC §4). It is
 * pressed by itself 100 ms after the page is ready, once per visit of this history entry: going
 * Back from the login page shows the screen instead of bouncing forward again. In the editor's
 * canvas and preview (not the live site) nothing is pressed by itself.
 *
 * The press (by itself or by hand) takes the screen's title and description along in the
 * history entry's state, and the login page shows them in place of its own greeting: the visitor,
 * who sees this screen only for 100 ms, reads on the login page what needs logging in ("Log in to
 * write a post") rather than a bare "Welcome back" (issue 23, decision 069). State, not the URL:
 * no address can make the login page say words of its choosing.
 *
 * A member who may not (a blocked member, a role without the right) gets the same screen with
 * the refusal instead of the button (403).
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import '../styles/login-required.css';
import { LineIcon } from './line-icon';

/** SPEC §9: the login button presses itself after this long. */
export const AUTO_LOGIN_DELAY_MS = 100;

const PRESSED_KEY = 'inkwell:auto-login';

/** Whether this history entry already pressed its login button (sessionStorage may be off). */
function wasPressed(entry: string): boolean {
  try {
    return sessionStorage.getItem(`${PRESSED_KEY}:${entry}`) === '1';
  } catch {
    return false;
  }
}

function markPressed(entry: string): void {
  try {
    sessionStorage.setItem(`${PRESSED_KEY}:${entry}`, '1');
  } catch {
    // Without storage the button still works; only Back would bounce forward again.
  }
}

/** What a login-required screen asked the login page to say (SPEC §2 title and description). */
export interface LoginPurpose {
  title: string;
  description: string;
}

/** The purpose in a history entry's state, if a login-required screen put one there. */
export function loginPurposeOf(state: unknown): LoginPurpose | null {
  const purpose = (state as { loginPurpose?: unknown } | null)?.loginPurpose as
    | Partial<LoginPurpose>
    | undefined;
  return typeof purpose?.title === 'string' && typeof purpose.description === 'string'
    ? { title: purpose.title, description: purpose.description }
    : null;
}

export interface LoginRequiredProps {
  /** `login-required` for a visitor (401), `forbidden` for a member who may not (403). */
  reason: 'login-required' | 'forbidden';
  title: string;
  description: string;
  /** The login page with `next` (see `loginUrlFor`). */
  loginUrl: string;
  /** Where the second button leads (back to the blog). */
  backUrl: string;
  loginLabel: string;
  backLabel: string;
}

/** The screen. */
export function LoginRequiredScreen({
  reason,
  title,
  description,
  loginUrl,
  backUrl,
  loginLabel,
  backLabel,
}: LoginRequiredProps) {
  const isLogin = reason === 'login-required';
  const button = useRef<HTMLAnchorElement>(null);
  const { key } = useLocation();
  const root = useRouteLoaderData('root') as { renderMode?: string } | undefined;
  const isLiveSite = (root?.renderMode ?? 'site') === 'site';

  useEffect(() => {
    if (!isLogin || !isLiveSite || wasPressed(key)) return;
    const timer = window.setTimeout(() => {
      markPressed(key);
      button.current?.click();
    }, AUTO_LOGIN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isLogin, isLiveSite, key]);

  return (
    <section className="login-required" aria-labelledby="login-required-title">
      <div className="login-required__icon" aria-hidden="true">
        <LineIcon size={28} strokeWidth={1.8}>
          {isLogin ? (
            <>
              <rect x="5" y="11" width="14" height="10" rx="2" />
              <path d="M8 11V8a4 4 0 0 1 8 0v3" />
            </>
          ) : (
            <>
              <circle cx="12" cy="12" r="9" />
              <path d="M5.6 5.6l12.8 12.8" />
            </>
          )}
        </LineIcon>
      </div>
      <h1 className="login-required__title" id="login-required-title">
        {title}
      </h1>
      <p className="login-required__text">{description}</p>
      <div className="login-required__actions">
        {isLogin ? (
          <Link
            ref={button}
            className="button button--primary"
            to={loginUrl}
            state={{ loginPurpose: { title, description } satisfies LoginPurpose }}
          >
            {loginLabel}
          </Link>
        ) : null}
        <Link className={isLogin ? 'button' : 'button button--primary'} to={backUrl}>
          {backLabel}
        </Link>
      </div>
    </section>
  );
}
