/** The profile form's text fields: the name, and the short bio with the characters left. */
import type { ReactNode, RefObject } from 'react';
import { PROFILE_ABOUT_MAX_LENGTH, PROFILE_NAME_MAX_LENGTH } from '../../domain/profiles';
import { useTranslation } from '../i18n';

/** The name's field (required), its error and its hint; `errorId` names the error when shown. */
export function ProfileNamePart({
  id,
  inputRef,
  name,
  onChange,
  errorId,
  error,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  name: string;
  onChange(value: string): void;
  errorId: string | null;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="profile-form__group">
      <label className="profile-form__label" htmlFor={`${id}-name`}>
        {t('profiles.form.name')}
      </label>
      <input
        ref={inputRef}
        id={`${id}-name`}
        className="profile-form__input"
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={PROFILE_NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ? `${errorId} ${id}-name-hint` : `${id}-name-hint`}
      />
      {error}
      <p className="profile-form__hint" id={`${id}-name-hint`}>
        {t('profiles.form.nameHint')}
      </p>
    </div>
  );
}

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
