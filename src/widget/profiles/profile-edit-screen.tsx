/**
 * The profile form's page (issue 5): its heading and the form, or what a visitor or anyone else
 * sees instead: the login-required screen (SPEC §2 "Login-required screen: title, description,
 * login button"; SPEC §8) or a 403 message.
 */
import { Link, useLocation } from 'react-router';
import type { OwnProfileView } from '../../domain/profiles';
import { homeUrl, loginUrl } from '../../domain/routes';
import { useTranslation } from '../i18n';
import { ProfileForm } from './profile-form';
import './profile-messages';
import './profiles.css';

/** The member's own form under its heading. */
export function ProfileEditScreen({ profile }: { profile: OwnProfileView }) {
  const { t } = useTranslation();
  return (
    <section className="profile-edit" aria-labelledby="profile-edit-title">
      <header className="profile-edit__header">
        <h1 className="profile-edit__title" id="profile-edit-title">
          {t('profiles.form.title')}
        </h1>
        <p className="profile-edit__lead">{t('profiles.form.lead')}</p>
      </header>
      <ProfileForm profile={profile} />
    </section>
  );
}

/** Why the form is not shown: log in first (with the way back here), or not yours. */
export function ProfileEditRefusal({
  reason,
  base,
}: {
  reason: 'login-required' | 'forbidden';
  base: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const isLogin = reason === 'login-required';
  // SPEC §4: after logging in, the member comes back to this form.
  const next = location.pathname + location.search;
  const login = `${loginUrl(base)}?${new URLSearchParams({ next })}`;
  return (
    <section className="profile-private" aria-labelledby="profile-refusal-title">
      <div className="profile-private__icon" aria-hidden="true">
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
      <h1 className="profile-private__title" id="profile-refusal-title">
        {t(isLogin ? 'profiles.refusal.loginTitle' : 'profiles.refusal.forbiddenTitle')}
      </h1>
      <p className="profile-private__text">
        {t(isLogin ? 'profiles.refusal.loginText' : 'profiles.refusal.forbiddenText')}
      </p>
      <div className="profile-private__actions">
        {isLogin ? (
          <a className="button button--primary" href={login}>
            {t('profiles.refusal.loginButton')}
          </a>
        ) : null}
        <Link className={isLogin ? 'button' : 'button button--primary'} to={homeUrl(base)}>
          {t('profiles.refusal.back')}
        </Link>
      </div>
    </section>
  );
}
