/**
 * What the writer's pages show instead of the editor or the preview: the login-required screen
 * (SPEC §2 "Login-required screen: title, description, login button"; SPEC §8) for a visitor,
 * and a 403 message for a member without the right (SPEC §6).
 */
import './page-messages';
import { useLocation } from 'react-router';
import { homeUrl, loginUrl } from '../../domain/routes';
import type { EditorRefusal } from '../../load-context';
import { useTranslation } from '../i18n';
import './post-editor-page.css';

/** The refusal screen for `reason` ('not-found' never gets here: it is a 404 page). */
export function EditorRefusalScreen({
  reason,
  base,
}: {
  reason: EditorRefusal | 'join-community' | 'disabled' | null;
  base: string;
}) {
  const { t } = useTranslation();
  const isLogin = reason === 'login-required';
  // The page asked for comes back after logging in (SPEC §4: the action continues).
  const location = useLocation();
  const next = location.pathname + location.search;
  const login = `${loginUrl(base)}?${new URLSearchParams({ next })}`;
  return (
    <section className="pe-refusal" aria-labelledby="pe-refusal-title">
      <div className="pe-refusal__icon" aria-hidden="true">
        <svg
          width="28"
          height="28"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
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
        </svg>
      </div>
      <h1 className="pe-refusal__title" id="pe-refusal-title">
        {t(isLogin ? 'postEditorPage.refusal.loginTitle' : 'postEditorPage.refusal.forbiddenTitle')}
      </h1>
      <p className="pe-refusal__text">
        {t(
          isLogin
            ? 'postEditorPage.refusal.loginDescription'
            : 'postEditorPage.refusal.forbiddenDescription',
        )}
      </p>
      <div className="pe-refusal__actions">
        {isLogin ? (
          <a className="button button--primary" href={login}>
            {t('postEditorPage.refusal.loginButton')}
          </a>
        ) : null}
        <a className={isLogin ? 'button' : 'button button--primary'} href={homeUrl(base)}>
          {t('postEditorPage.refusal.backToBlog')}
        </a>
      </div>
    </section>
  );
}
