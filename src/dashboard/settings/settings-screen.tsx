/**
 * The blog settings screen (issue 18 § Blog settings): one form of the blog's own values. Save
 * sends only what changed; a refused value is shown beside its field with what the owner typed
 * kept (the server's 400 names the field). The logo is saved as soon as it is uploaded (SPEC §8
 * "logo saved"). Values the builder stores per device say so when phones differ.
 */
import { type FormEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  BLOG_DESCRIPTION_MAX_LENGTH,
  BLOG_NAME_MAX_LENGTH,
  BLOG_SEO_DESCRIPTION_MAX_LENGTH,
  BLOG_SEO_TITLE_MAX_LENGTH,
  type BlogSettingsPatch,
  type BlogSettingsValues,
  type BlogSettingsView,
  CATEGORY_PATH_MAX_LENGTH,
  SHARE_CHANNELS,
  type ShareChannel,
} from '../../domain/blog-settings';
import { categoryUrl } from '../../domain/routes';
import { FEED_ITEM_COUNT_MAX, FEED_ITEM_COUNT_MIN } from '../../domain/seo';
import { POSTS_PER_PAGE_MAX } from '../../domain/settings';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { uploadMedia } from '../../widget/post-editor/upload-client';
import { type ApiResult, callApi } from '../components/api';
import { DashboardPage } from '../components/page';
import { AddressesSection } from './addresses-section';
import { describedBy, Field, NumberInput, SETTINGS_KEYS, Section } from './settings-parts';
import './settings.css';

const POSTS_PER_PAGE_MIN = 1;

/** The settings typed as numbers (kept as text until saved, so a bad entry is kept). */
const NUMBER_FIELDS = ['postsPerPage', 'feedItemCount'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
const isNumberField = (field: string): field is NumberField =>
  (NUMBER_FIELDS as readonly string[]).includes(field);

/** What the form edits, as typed. */
type Draft = Omit<BlogSettingsValues, 'logo' | NumberField> & Record<NumberField, string>;
type TextFieldName = 'name' | 'description' | 'categoryPath' | 'seoTitle' | 'seoDescription';
type SwitchFieldName =
  | 'commentsEnabled'
  | 'holdFirstComments'
  | 'ratingsEnabled'
  | 'anonymousLikes'
  | 'membersArea'
  | 'demoMode';
type Errors = Record<string, string>;

function draftOf(values: BlogSettingsValues): Draft {
  const { logo: _logo, postsPerPage, feedItemCount, ...rest } = values;
  return {
    ...rest,
    share: { ...values.share },
    postsPerPage: String(postsPerPage),
    feedItemCount: String(feedItemCount),
  };
}

/** A typed number as a number when it reads as one; otherwise as typed, for the server to name. */
function numberOrText(text: string): number | string {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}

/** The fields whose value differs from what is saved (share channels one by one). */
function patchOf(draft: Draft, saved: BlogSettingsValues): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(draft)) {
    if (field === 'share' || isNumberField(field)) continue;
    if (value !== saved[field as keyof BlogSettingsValues]) patch[field] = value;
  }
  for (const field of NUMBER_FIELDS) {
    if (draft[field] !== String(saved[field])) patch[field] = numberOrText(draft[field]);
  }
  const share: Partial<Record<ShareChannel, boolean>> = {};
  for (const channel of SHARE_CHANNELS) {
    if (draft.share[channel] !== saved.share[channel]) share[channel] = draft.share[channel];
  }
  if (Object.keys(share).length > 0) patch.share = share;
  return patch;
}

export interface SettingsScreenProps {
  view: BlogSettingsView;
  timeZones: string[];
  languages: { code: string; name: string }[];
  blogBase: string;
  origin: string;
}

const k = SETTINGS_KEYS;

/** The form's state and actions, shared by its sections. */
function useSettingsForm(view: BlogSettingsView) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  // The shell shows the blog's name: its loader reads it again after a save.
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState<BlogSettingsView>(view);
  const [draft, setDraft] = useState<Draft>(() => draftOf(view.values));
  const [errors, setErrors] = useState<Errors>({});
  const [isSaving, setIsSaving] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const patch = patchOf(draft, saved.values);

  function set<F extends keyof Draft>(field: F, value: Draft[F]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  function setShare(channel: ShareChannel, value: boolean) {
    setDraft((current) => ({ ...current, share: { ...current.share, [channel]: value } }));
    setErrors(({ [`share.${channel}`]: _gone, share: _all, ...rest }) => rest);
  }

  function showRefusal(result: Extract<ApiResult<unknown>, { ok: false }>) {
    if (result.status === 400) {
      const next: Errors = {};
      for (const [field, message] of Object.entries(result.fields)) {
        next[field] = fieldMessage(t, field, message);
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(`${id}-${first.replace('.', '-')}`)?.focus();
      toast.show({ kind: 'error', message: t(`${k}.toast.invalid`) });
      return;
    }
    const key =
      result.code === 'demo_mode'
        ? 'demoMode'
        : result.status === 401 || result.status === 403
          ? 'forbidden'
          : 'failed';
    toast.show({ kind: 'error', message: t(`${k}.toast.${key}`) });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving || Object.keys(patch).length === 0) return;
    setIsSaving(true);
    const sent = patch;
    const result = await callApi<BlogSettingsView>('PATCH', '/api/dashboard/settings', sent);
    setIsSaving(false);
    if (!result.ok) return showRefusal(result);
    setErrors({});
    setSaved(result.value);
    // What the owner typed meanwhile in fields that were not sent stays as typed.
    setDraft((current) => {
      const next = { ...draftOf(result.value.values) } as Record<string, unknown>;
      for (const field of Object.keys(current)) {
        if (!(field in sent) && field !== 'share') next[field] = current[field as keyof Draft];
      }
      return next as Draft;
    });
    // A new language: the dashboard speaks it from the next page on, as WordPress does (issue 22).
    if ('language' in sent) return window.location.reload();
    toast.show({ kind: 'success', message: t(`${k}.toast.saved`) });
    if ('name' in sent) void revalidator.revalidate();
  }

  async function saveLogo(logoMediaId: string | null) {
    const result = await callApi<BlogSettingsView>('PATCH', '/api/dashboard/settings', {
      logoMediaId,
    } satisfies BlogSettingsPatch);
    if (!result.ok) return showRefusal(result);
    setSaved(result.value);
    setErrors(({ logoMediaId: _gone, ...rest }) => rest);
    toast.show({
      kind: 'success',
      message: t(logoMediaId ? `${k}.toast.logoSaved` : `${k}.toast.logoRemoved`),
    });
  }

  async function handleLogo(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    try {
      const uploaded = await uploadMedia(file, 'image');
      await saveLogo(uploaded.id);
    } catch {
      toast.show({ kind: 'error', message: t(`${k}.toast.uploadFailed`) });
    } finally {
      setIsUploading(false);
    }
  }

  return {
    id,
    saved,
    draft,
    errors,
    isSaving,
    isUploading,
    isDirty: Object.keys(patch).length > 0,
    // A demo blog refuses changes until demo mode goes off (its switch stays usable).
    isLocked: saved.values.demoMode && draft.demoMode,
    set,
    setShare,
    handleSubmit,
    handleLogo,
    saveLogo,
  };
}

type SettingsForm = ReturnType<typeof useSettingsForm>;

/** The screen's words for a refused field, with its bound; the server's words otherwise. */
function fieldMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  field: string,
  message: string,
): string {
  const bounds: Record<string, Record<string, number>> = {
    name: { max: BLOG_NAME_MAX_LENGTH },
    description: { max: BLOG_DESCRIPTION_MAX_LENGTH },
    seoTitle: { max: BLOG_SEO_TITLE_MAX_LENGTH },
    seoDescription: { max: BLOG_SEO_DESCRIPTION_MAX_LENGTH },
    postsPerPage: { min: POSTS_PER_PAGE_MIN, max: POSTS_PER_PAGE_MAX },
    feedItemCount: { min: FEED_ITEM_COUNT_MIN, max: FEED_ITEM_COUNT_MAX },
  };
  const known = [
    'categoryPath',
    'timeZone',
    'language',
    'logoMediaId',
    'postUrlShape',
    'feedContent',
    ...Object.keys(bounds),
  ];
  return known.includes(field)
    ? t(`${k}.errors.${field}`, bounds[field] ?? {})
    : t(`${k}.errors.other`, { message });
}

/** The screen. */
export function SettingsScreen({
  view,
  timeZones,
  languages,
  blogBase,
  origin,
}: SettingsScreenProps) {
  const { t } = useTranslation();
  const form = useSettingsForm(view);
  return (
    <DashboardPage title={t(`${k}.title`)} description={t(`${k}.lead`)}>
      <form className="bs-form" noValidate onSubmit={form.handleSubmit} data-testid="blog-settings">
        {form.saved.hasBuilderDraft ? <p className="bs-note">{t(`${k}.builderDraft`)}</p> : null}
        {form.isLocked ? (
          <p className="bs-note bs-note--warning" role="status">
            {t(`${k}.demoLocked`)}
          </p>
        ) : null}
        <fieldset className="bs-lock" disabled={form.isLocked}>
          <Section title={t(`${k}.sections.blog`)}>
            <TextField form={form} field="name" max={BLOG_NAME_MAX_LENGTH} />
            <TextField
              form={form}
              field="description"
              max={BLOG_DESCRIPTION_MAX_LENGTH}
              isMultiline
            />
            <LogoField form={form} />
          </Section>
          <TimeSection form={form} timeZones={timeZones} languages={languages} />
          <Section title={t(`${k}.sections.readers`)}>
            <SwitchField form={form} field="commentsEnabled" />
            <SwitchField form={form} field="holdFirstComments" />
            <SwitchField form={form} field="ratingsEnabled" />
            <SwitchField form={form} field="anonymousLikes" />
            <SwitchField form={form} field="membersArea" />
          </Section>
          <ShareSection form={form} />
          <FeedSection form={form} blogBase={blogBase} />
          <AddressesSection form={form} blogBase={blogBase} origin={origin} />
          <Section title={t(`${k}.sections.seo`)}>
            <TextField
              form={form}
              field="seoTitle"
              max={BLOG_SEO_TITLE_MAX_LENGTH}
              hint={t(`${k}.fields.seoTitleHint`)}
            />
            <TextField
              form={form}
              field="seoDescription"
              max={BLOG_SEO_DESCRIPTION_MAX_LENGTH}
              hint={t(`${k}.fields.seoDescriptionHint`)}
              isMultiline
            />
          </Section>
        </fieldset>
        {/* Last, and never locked: switching it off is how a demo blog's owner gets out. */}
        <Section title={t(`${k}.sections.demo`)}>
          <SwitchField form={form} field="demoMode" />
        </Section>
        <div className="bs-savebar">
          <span className="bs-savebar__state" aria-live="polite">
            {form.isDirty ? t(`${k}.unsaved`) : ''}
          </span>
          <button
            type="submit"
            className="dash-button dash-button--primary"
            disabled={form.isSaving || !form.isDirty}
          >
            {form.isSaving ? t(`${k}.saving`) : t(`${k}.save`)}
          </button>
        </div>
      </form>
    </DashboardPage>
  );
}

/** A text field (one line, or several). */
function TextField({
  form,
  field,
  max,
  hint,
  isMultiline = false,
}: {
  form: SettingsForm;
  field: TextFieldName;
  max: number;
  hint?: string;
  isMultiline?: boolean;
}) {
  const { t } = useTranslation();
  const id = `${form.id}-${field}`;
  const help = hint ?? t(`${k}.fields.${field}Hint`);
  const error = form.errors[field];
  const common = {
    id,
    name: field,
    value: form.draft[field],
    maxLength: max,
    ...describedBy(id, error),
  };
  return (
    <Field id={id} label={t(`${k}.fields.${field}`)} hint={help} error={error}>
      {isMultiline ? (
        <textarea
          {...common}
          className="dash-textarea"
          rows={3}
          onChange={(event) => form.set(field, event.target.value)}
        />
      ) : (
        <input
          {...common}
          className="dash-input"
          autoComplete="off"
          onChange={(event) => form.set(field, event.target.value)}
        />
      )}
    </Field>
  );
}

/** An on/off setting, with what phones have when the builder set them apart. */
function SwitchField({ form, field }: { form: SettingsForm; field: SwitchFieldName }) {
  const { t } = useTranslation();
  const phone = (form.saved.mobile as Partial<Record<string, boolean>>)[field];
  return (
    <Switch
      id={`${form.id}-${field}`}
      name={field}
      label={t(`${k}.fields.${field}`)}
      hint={t(`${k}.fields.${field}Hint`)}
      checked={form.draft[field]}
      error={form.errors[field]}
      mobile={
        phone === undefined
          ? undefined
          : t(`${k}.mobile`, { value: t(phone ? `${k}.on` : `${k}.off`) })
      }
      onChange={(value) => form.set(field, value)}
    />
  );
}

/** The logo: saved as soon as it is uploaded (SPEC §8 "logo saved"). */
function LogoField({ form }: { form: SettingsForm }) {
  const { t } = useTranslation();
  const logo = form.saved.values.logo;
  const id = form.id;
  return (
    <div className="dash-field" data-testid="logo-field">
      <span className="dash-field__label" id={`${id}-logo-label`}>
        {t(`${k}.fields.logo`)}
      </span>
      <div className="bs-logo">
        {logo ? (
          <img
            className="bs-logo__image"
            src={logo.url}
            alt={t(`${k}.fields.logoAlt`, { name: form.saved.values.name })}
            width={logo.width}
            height={logo.height}
            data-testid="logo-preview"
          />
        ) : (
          <div className="bs-logo__empty" aria-hidden="true" />
        )}
        <div className="bs-logo__actions">
          <label className="dash-button">
            {form.isUploading
              ? t(`${k}.fields.logoUploading`)
              : logo
                ? t(`${k}.fields.logoReplace`)
                : t(`${k}.fields.logoUpload`)}
            <input
              id={`${id}-logoMediaId`}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/avif"
              className="visually-hidden"
              aria-labelledby={`${id}-logo-label`}
              aria-describedby={`${id}-logo-hint`}
              disabled={form.isUploading || form.isLocked}
              onChange={(event) => {
                void form.handleLogo(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
          {logo ? (
            <button
              type="button"
              className="dash-button dash-button--quiet"
              onClick={() => void form.saveLogo(null)}
            >
              {t(`${k}.fields.logoRemove`)}
            </button>
          ) : null}
        </div>
      </div>
      {form.errors.logoMediaId ? (
        <p className="dash-field__error">{form.errors.logoMediaId}</p>
      ) : (
        <p className="dash-field__hint" id={`${id}-logo-hint`}>
          {t(`${k}.fields.logoHint`)}
        </p>
      )}
    </div>
  );
}

/** Language and time zone: selects of what the server accepts. */
function TimeSection({
  form,
  timeZones,
  languages,
}: {
  form: SettingsForm;
  timeZones: string[];
  languages: { code: string; name: string }[];
}) {
  const { t } = useTranslation();
  const select = (field: 'language' | 'timeZone', options: { value: string; label: string }[]) => {
    const id = `${form.id}-${field}`;
    const error = form.errors[field];
    return (
      <Field
        id={id}
        label={t(`${k}.fields.${field}`)}
        hint={t(`${k}.fields.${field}Hint`)}
        error={error}
      >
        <select
          id={id}
          name={field}
          className="dash-select"
          value={form.draft[field]}
          onChange={(event) => form.set(field, event.target.value)}
          {...describedBy(id, error)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
    );
  };
  return (
    <Section title={t(`${k}.sections.time`)}>
      {select(
        'language',
        languages.map((language) => ({ value: language.code, label: language.name })),
      )}
      {select(
        'timeZone',
        timeZones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
      )}
    </Section>
  );
}

/** The share channels, one checkbox each. */
function ShareSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation();
  const id = form.id;
  return (
    <Section title={t(`${k}.sections.sharing`)}>
      <fieldset className="bs-channels" aria-describedby={`${id}-share-hint`}>
        <legend className="dash-field__label">{t(`${k}.fields.share`)}</legend>
        <p className="dash-field__hint" id={`${id}-share-hint`}>
          {t(`${k}.fields.shareHint`)}
        </p>
        <div className="bs-channels__list">
          {SHARE_CHANNELS.map((channel) => {
            const error = form.errors[`share.${channel}`];
            const phone = form.saved.mobile.share?.[channel];
            return (
              <div key={channel} className="bs-channel">
                <label className="bs-check">
                  <input
                    id={`${id}-share-${channel}`}
                    type="checkbox"
                    name={`share.${channel}`}
                    checked={form.draft.share[channel]}
                    onChange={(event) => form.setShare(channel, event.target.checked)}
                    aria-invalid={error ? true : undefined}
                  />
                  {t(`${k}.fields.channels.${channel}`)}
                </label>
                {phone === undefined ? null : (
                  <span className="dash-field__hint">
                    {t(`${k}.mobile`, { value: t(phone ? `${k}.on` : `${k}.off`) })}
                  </span>
                )}
                {error ? <span className="dash-field__error">{error}</span> : null}
              </div>
            );
          })}
        </div>
        {form.errors.share ? <p className="dash-field__error">{form.errors.share}</p> : null}
      </fieldset>
    </Section>
  );
}

/** Posts per page and the category prefix. */
function FeedSection({ form, blogBase }: { form: SettingsForm; blogBase: string }) {
  const { t } = useTranslation();
  const id = `${form.id}-postsPerPage`;
  const error = form.errors.postsPerPage;
  const phone = form.saved.mobile.postsPerPage;
  const hint = [
    t(`${k}.fields.postsPerPageHint`, { min: POSTS_PER_PAGE_MIN, max: POSTS_PER_PAGE_MAX }),
    phone === undefined ? '' : t(`${k}.mobile`, { value: phone }),
  ]
    .filter(Boolean)
    .join(' ');
  const example = categoryUrl(blogBase, form.draft.categoryPath.trim() || 'category', 'travel');
  return (
    <Section title={t(`${k}.sections.feed`)}>
      <Field id={id} label={t(`${k}.fields.postsPerPage`)} hint={hint} error={error}>
        <NumberInput
          id={id}
          name="postsPerPage"
          min={POSTS_PER_PAGE_MIN}
          max={POSTS_PER_PAGE_MAX}
          value={form.draft.postsPerPage}
          error={error}
          onChange={(value) => form.set('postsPerPage', value)}
        />
      </Field>
      <TextField
        form={form}
        field="categoryPath"
        max={CATEGORY_PATH_MAX_LENGTH}
        hint={t(`${k}.fields.categoryPathHint`, { example })}
      />
    </Section>
  );
}

/** An on/off setting: a checkbox drawn as a switch, with its hint and the phones' value. */
function Switch({
  id,
  name,
  label,
  hint,
  checked,
  error,
  mobile,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  error?: string;
  mobile?: string;
  onChange(value: boolean): void;
}) {
  return (
    <div className="bs-switch">
      <input
        id={id}
        name={name}
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox says its own state (checked); HTML forbids aria-checked on it (the W3C checker, decision 071)
        role="switch"
        className="bs-switch__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <div className="bs-switch__text">
        <label className="dash-field__label" htmlFor={id}>
          {label}
        </label>
        <span className="dash-field__hint" id={`${id}-hint`}>
          {hint}
          {mobile ? ` ${mobile}` : ''}
        </span>
        {error ? (
          <span className="dash-field__error" id={`${id}-error`}>
            {error}
          </span>
        ) : null}
      </div>
    </div>
  );
}
