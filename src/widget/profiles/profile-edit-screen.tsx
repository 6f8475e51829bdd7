/**
 * The profile form's page (issue 5): its heading and the form, or what a visitor or anyone else
 * sees instead: the shared login-required screen (SPEC §2 "Login-required screen: title,
 * description, auto-triggered login button"; SPEC §8) or a 403 message.
 */
import { useLocation } from 'react-router';
import type { OwnProfileView } from '../../domain/profiles';
import { homeUrl, loginUrl } from '../../domain/routes';
import { LoginRequiredScreen } from '../components/login-required';
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

/**
 * Why the form is not shown: the shared login-required screen (its button presses itself, then
 * brings the member back here, SPEC §4), or "You can't edit this profile".
 */
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
  const next = location.pathname + location.search;
  return (
    <LoginRequiredScreen
      reason={reason}
      title={t(isLogin ? 'profiles.refusal.loginTitle' : 'profiles.refusal.forbiddenTitle')}
      description={t(isLogin ? 'profiles.refusal.loginText' : 'profiles.refusal.forbiddenText')}
      loginUrl={`${loginUrl(base)}?${new URLSearchParams({ next })}`}
      backUrl={homeUrl(base)}
      loginLabel={t('profiles.refusal.loginButton')}
      backLabel={t('profiles.refusal.back')}
    />
  );
}
