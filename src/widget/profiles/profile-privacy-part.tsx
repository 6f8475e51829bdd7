/** The profile form's privacy choice (SPEC §3 Member): who may see the profile. */
import type { ReactNode } from 'react';
import type { ProfilePrivacy } from '../../domain/profiles';
import { useTranslation } from '../i18n';

/** Public or private, each with its hint. */
export function ProfilePrivacyPart({
  id,
  privacy,
  onChange,
  error,
}: {
  id: string;
  privacy: ProfilePrivacy;
  onChange(value: ProfilePrivacy): void;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="profile-form__group">
      <legend className="profile-form__label">{t('profiles.form.privacy')}</legend>
      <div className="profile-form__choices">
        {(['PUBLIC', 'PRIVATE'] as const).map((value) => {
          const key = value === 'PUBLIC' ? 'public' : 'private';
          return (
            <label className="profile-form__choice" key={value}>
              <input
                type="radio"
                name="privacyStatus"
                value={value}
                checked={privacy === value}
                onChange={() => onChange(value)}
                aria-describedby={`${id}-${key}-hint`}
              />
              <span>
                <span className="profile-form__choice-title">{t(`profiles.form.${key}`)}</span>
                <span className="profile-form__choice-hint" id={`${id}-${key}-hint`}>
                  {t(`profiles.form.${key}Hint`)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error}
    </fieldset>
  );
}
