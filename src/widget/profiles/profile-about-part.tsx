/** The profile form's short bio, with how many characters are left. */
import type { ReactNode } from 'react';
import { PROFILE_ABOUT_MAX_LENGTH } from '../../domain/profiles';
import { useTranslation } from '../i18n';

/** The bio's textarea, its error and its "characters left" hint. */
export function ProfileAboutPart({
  id,
  about,
  onChange,
  isInvalid,
  error,
}: {
  id: string;
  about: string;
  onChange(value: string): void;
  isInvalid: boolean;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  const aboutLeft = PROFILE_ABOUT_MAX_LENGTH - about.length;
  return (
    <div className="profile-form__group">
      <label className="profile-form__label" htmlFor={`${id}-about`}>
        {t('profiles.form.about')}
      </label>
      <textarea
        id={`${id}-about`}
        className="profile-form__input profile-form__textarea"
        name="about"
        rows={4}
        maxLength={PROFILE_ABOUT_MAX_LENGTH}
        value={about}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={isInvalid ? true : undefined}
        aria-describedby={`${id}-about-hint`}
      />
      {error}
      <p className="profile-form__hint" id={`${id}-about-hint`} aria-live="polite">
        {t('profiles.form.aboutHint', { count: aboutLeft })}
      </p>
    </div>
  );
}
