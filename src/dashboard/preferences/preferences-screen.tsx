/**
 * The member's own preferences (issue 22): "Language for the dashboard and editor", "Site default
 * (<the site's language>)" first, then SPEC §9's languages by their own names. Choosing one saves
 * it (`PATCH /api/members/me/preferences`) and loads the page again, now in that language; the
 * line under the title says so before anything is chosen (WCAG 3.2.2).
 */
import { type ChangeEvent, useId, useState } from 'react';
import { type MemberPreferencesView, MY_PREFERENCES_URL } from '../../domain/member-preferences';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { callApi } from '../components/api';
import { DashboardPage } from '../components/page';

/** A language of the select: its code and its name in itself. */
export interface LanguageChoice {
  code: string;
  name: string;
}

/** The select's value for "Site default". */
const SITE_DEFAULT = '';

/** The screen: one select, saved as it changes. */
export function PreferencesScreen({
  uiLanguage,
  siteLanguage,
  languages,
}: {
  uiLanguage: string | null;
  siteLanguage: LanguageChoice;
  languages: LanguageChoice[];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [value, setValue] = useState(uiLanguage ?? SITE_DEFAULT);
  const [isSaving, setIsSaving] = useState(false);

  async function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = event.target.value;
    const previous = value;
    setValue(chosen);
    setIsSaving(true);
    const result = await callApi<MemberPreferencesView>('PATCH', MY_PREFERENCES_URL, {
      uiLanguage: chosen === SITE_DEFAULT ? null : chosen,
    });
    if (result.ok) {
      // The whole page again, from the server: every word of it in the new language.
      window.location.reload();
      return;
    }
    setIsSaving(false);
    setValue(previous);
    toast.show({ kind: 'error', message: t('errors.technicalIssue') });
  }

  const selectId = `${id}-language`;
  return (
    <DashboardPage
      title={t('dashboard.preferences.title')}
      description={t('dashboard.preferences.description')}
    >
      <section className="dash-panel dash-prefs">
        <div className="dash-field">
          <label className="dash-field__label" htmlFor={selectId}>
            {t('dashboard.preferences.language')}
          </label>
          <select
            id={selectId}
            name="uiLanguage"
            className="dash-select"
            value={value}
            disabled={isSaving}
            aria-busy={isSaving || undefined}
            onChange={handleChange}
            data-testid="member-language"
          >
            <option value={SITE_DEFAULT}>
              {t('dashboard.preferences.siteDefault', { name: siteLanguage.name })}
            </option>
            {languages.map((language) => (
              <option key={language.code} value={language.code} lang={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </div>
      </section>
    </DashboardPage>
  );
}
