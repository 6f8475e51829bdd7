/**
 * The category form (issue 17 § Categories), in a dialog: name, menu label, address (slug),
 * description, parent, cover image, and the SEO title and description. What the API refuses is
 * shown beside its field and nothing typed is lost; SPEC §8's toasts say what happened.
 */
import { type FormEvent, useId, useState } from 'react';
import {
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_LABEL_MAX_LENGTH,
  CATEGORY_SEO_DESCRIPTION_MAX_LENGTH,
  CATEGORY_SEO_TITLE_MAX_LENGTH,
  type DashboardCategoryView,
} from '../../domain/dashboard-categories';
import { mediaUrl } from '../../domain/media';
import { normalizeCategorySlug, SLUG_MAX_LENGTH } from '../../domain/slugs';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { uploadMedia } from '../../widget/post-editor/upload-client';
import { type ApiResult, callApi } from '../components/api';
import { Dialog, describedBy, Field } from './dialog';

/** What the form edits, as typed. */
interface Draft {
  label: string;
  menuLabel: string;
  slug: string;
  description: string;
  parentId: string;
  coverMediaId: string | null;
  seoTitle: string;
  seoDescription: string;
}

function draftOf(category: DashboardCategoryView | null, parentId: string | null): Draft {
  return {
    label: category?.label ?? '',
    // An untouched menu label (the same as the name) shows empty: it follows the name.
    menuLabel: category && category.menuLabel !== category.label ? category.menuLabel : '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    parentId: category?.parentId ?? parentId ?? '',
    coverMediaId: category?.cover?.id ?? null,
    seoTitle: category?.seoTitle ?? '',
    seoDescription: category?.seoDescription ?? '',
  };
}

type FieldErrors = Partial<Record<keyof Draft, string>>;

/** The API's refusal as messages beside the fields, in the screen's words where it has them. */
export function categoryFieldErrors(
  problem: Extract<ApiResult<unknown>, { ok: false }>,
  t: (key: string, options?: Record<string, unknown>) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  const k = 'dashboardCategories.fieldErrors';
  for (const [field, message] of Object.entries(problem.fields)) {
    if (field === 'label') errors.label = t(`${k}.labelRequired`);
    else if (field === 'slug') {
      if (problem.code === 'slug_reserved') {
        errors.slug = t(`${k}.slugReserved`, { word: message.match(/"([^"]+)"/)?.[1] ?? '' });
      } else if (problem.code === 'slug_taken') errors.slug = t(`${k}.slugTaken`);
      else errors.slug = t(`${k}.slugInvalid`);
    } else if (field === 'parentId') errors.parentId = t(`${k}.parentInvalid`);
    else if (field === 'coverMediaId') errors.coverMediaId = t(`${k}.coverInvalid`);
    else (errors as Record<string, string>)[field] = message;
  }
  return errors;
}

export interface CategoryFormProps {
  isOpen: boolean;
  /** The category to edit, or null to create one. */
  category: DashboardCategoryView | null;
  /** For a new subcategory: its parent. */
  parentId: string | null;
  all: readonly DashboardCategoryView[];
  onClose(): void;
  onSaved(category: DashboardCategoryView, isNew: boolean): void;
}

/** The create and edit dialog of a category. */
export function CategoryForm(props: CategoryFormProps) {
  // A fresh form state per opening: remount by key.
  const key = `${props.category?.id ?? 'new'}:${props.parentId ?? ''}:${props.isOpen}`;
  return <CategoryFormBody key={key} {...props} />;
}

function CategoryFormBody(props: CategoryFormProps) {
  const { isOpen, category, parentId, all, onClose, onSaved } = props;
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(category, parentId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setIsSaving] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const [coverPreview, setCoverPreview] = useState<string | null>(
    category?.cover?.id ? mediaUrl(category.cover.id, 320) : null,
  );
  const k = 'dashboardCategories.form';
  const hasChildren = category !== null && all.some((c) => c.parentId === category.id);
  const parents = all.filter((c) => c.parentId === null && c.id !== category?.id);
  const parentLabel = all.find((c) => c.id === parentId)?.label ?? '';

  const set = (field: keyof Draft) => (value: string | null) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleCover(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    try {
      const uploaded = await uploadMedia(file, 'image');
      set('coverMediaId')(uploaded.id);
      setCoverPreview(URL.createObjectURL(file));
    } catch {
      toast.show({ kind: 'error', message: t('dashboardCategories.toast.uploadFailed') });
    } finally {
      setIsUploading(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    // SPEC §8: a category needs its name; said at once, the server says it too.
    if (draft.label.trim() === '') {
      setErrors({ label: t('dashboardCategories.fieldErrors.labelRequired') });
      toast.show({ kind: 'error', message: t('dashboardCategories.toast.titleRequired') });
      document.getElementById(`${id}-label`)?.focus();
      return;
    }
    setIsSaving(true);
    const body = { ...draft, parentId: draft.parentId === '' ? null : draft.parentId };
    const result = category
      ? await callApi<DashboardCategoryView>(
          'PUT',
          `/api/dashboard/categories/${category.id}`,
          body,
        )
      : await callApi<DashboardCategoryView>('POST', '/api/dashboard/categories', body);
    setIsSaving(false);
    if (result.ok) {
      toast.show({
        kind: 'success',
        message: t(
          category ? 'dashboardCategories.toast.updated' : 'dashboardCategories.toast.created',
        ),
      });
      onSaved(result.value, category === null);
      return;
    }
    const problem = result;
    const fieldErrors = categoryFieldErrors(problem, t);
    setErrors(fieldErrors);
    const first = Object.keys(fieldErrors)[0];
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    const message = toastKeyOf(problem);
    toast.show({ kind: 'error', message: t(`dashboardCategories.toast.${message}`) });
  }

  const title = category
    ? t(`${k}.editTitle`)
    : parentId
      ? t(`${k}.createSubTitle`, { parent: parentLabel })
      : t(`${k}.createTitle`);

  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      onClose={onClose}
      onSubmit={handleSubmit}
      className="tx-dialog--form"
      footer={
        <>
          <button type="button" className="dash-button" onClick={onClose}>
            {t(`${k}.cancel`)}
          </button>
          <button
            type="submit"
            className="dash-button dash-button--primary"
            disabled={isSaving || isUploading}
          >
            {isSaving ? t(`${k}.saving`) : category ? t(`${k}.save`) : t(`${k}.create`)}
          </button>
        </>
      }
    >
      <div className="tx-form-grid">
        <Field
          id={`${id}-label`}
          label={t(`${k}.label`)}
          help={t(`${k}.labelHelp`)}
          error={errors.label}
        >
          <input
            id={`${id}-label`}
            className="tx-input"
            value={draft.label}
            maxLength={CATEGORY_LABEL_MAX_LENGTH}
            onChange={(e) => set('label')(e.target.value)}
            autoComplete="off"
            required
            {...describedBy(`${id}-label`, errors.label)}
          />
        </Field>
        <Field
          id={`${id}-menuLabel`}
          label={t(`${k}.menuLabel`)}
          help={t(`${k}.menuLabelHelp`)}
          error={errors.menuLabel}
        >
          <input
            id={`${id}-menuLabel`}
            className="tx-input"
            value={draft.menuLabel}
            placeholder={draft.label}
            maxLength={CATEGORY_LABEL_MAX_LENGTH}
            onChange={(e) => set('menuLabel')(e.target.value)}
            autoComplete="off"
            {...describedBy(`${id}-menuLabel`, errors.menuLabel)}
          />
        </Field>
        <SlugField
          id={id}
          value={draft.slug}
          current={category?.slug ?? null}
          error={errors.slug}
          onChange={set('slug')}
        />
        <Field
          id={`${id}-parentId`}
          label={t(`${k}.parent`)}
          help={hasChildren ? t(`${k}.parentLocked`) : undefined}
          error={errors.parentId}
        >
          <select
            id={`${id}-parentId`}
            className="tx-input"
            value={draft.parentId}
            disabled={hasChildren}
            onChange={(e) => set('parentId')(e.target.value)}
            {...describedBy(`${id}-parentId`, errors.parentId, hasChildren)}
          >
            <option value="">{t(`${k}.parentNone`)}</option>
            {parents.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-description`} label={t(`${k}.description`)} error={errors.description}>
          <textarea
            id={`${id}-description`}
            className="tx-input tx-textarea"
            rows={3}
            value={draft.description}
            maxLength={CATEGORY_DESCRIPTION_MAX_LENGTH}
            onChange={(e) => set('description')(e.target.value)}
            {...describedBy(`${id}-description`, errors.description, false)}
          />
        </Field>
        <CoverField
          id={id}
          mediaId={draft.coverMediaId}
          preview={coverPreview}
          isUploading={isUploading}
          error={errors.coverMediaId}
          onFile={handleCover}
          onRemove={() => set('coverMediaId')(null)}
        />
        <SeoFields id={id} draft={draft} errors={errors} set={set} />
      </div>
    </Dialog>
  );
}

/** The cover image's field: a preview, upload or replace, and remove. */
function CoverField({
  id,
  mediaId,
  preview,
  isUploading,
  error,
  onFile,
  onRemove,
}: {
  id: string;
  mediaId: string | null;
  preview: string | null;
  isUploading: boolean;
  error?: string;
  onFile(file: File | undefined): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const k = 'dashboardCategories.form';
  return (
    <div className={`tx-field${error ? ' is-invalid' : ''}`}>
      <span className="tx-field__label" id={`${id}-cover-label`}>
        {t(`${k}.cover`)}
      </span>
      <div className="tx-cover">
        {preview && mediaId ? (
          <img className="tx-cover__image" src={preview} alt="" width={120} height={68} />
        ) : (
          <div className="tx-cover__empty" aria-hidden="true" />
        )}
        <div className="tx-cover__actions">
          <label className="dash-button tx-button--small">
            {isUploading
              ? t(`${k}.coverUploading`)
              : mediaId
                ? t(`${k}.coverReplace`)
                : t(`${k}.coverUpload`)}
            <input
              id={`${id}-coverMediaId`}
              type="file"
              accept="image/*"
              className="visually-hidden"
              aria-labelledby={`${id}-cover-label`}
              onChange={(e) => onFile(e.target.files?.[0])}
            />
          </label>
          {mediaId ? (
            <button
              type="button"
              className="dash-button tx-button--small dash-button--quiet"
              onClick={onRemove}
            >
              {t(`${k}.coverRemove`)}
            </button>
          ) : null}
        </div>
      </div>
      {error ? <p className="tx-field__error">{error}</p> : null}
    </div>
  );
}

/** SPEC §8's toast of a refused save. */
function toastKeyOf(problem: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (problem.code === 'category_label_required') return 'titleRequired';
  if (problem.status === 400) return 'fieldsRequired';
  if (problem.status === 403 || problem.status === 401) return 'forbidden';
  return 'technicalIssue';
}

/** The SEO title and description. */
function SeoFields({
  id,
  draft,
  errors,
  set,
}: {
  id: string;
  draft: Draft;
  errors: FieldErrors;
  set(field: keyof Draft): (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const k = 'dashboardCategories.form';
  return (
    <fieldset className="tx-fieldset">
      <legend>{t(`${k}.seo`)}</legend>
      <Field
        id={`${id}-seoTitle`}
        label={t(`${k}.seoTitle`)}
        help={t(`${k}.seoTitleHelp`)}
        error={errors.seoTitle}
      >
        <input
          id={`${id}-seoTitle`}
          className="tx-input"
          value={draft.seoTitle}
          maxLength={CATEGORY_SEO_TITLE_MAX_LENGTH}
          onChange={(e) => set('seoTitle')(e.target.value)}
          {...describedBy(`${id}-seoTitle`, errors.seoTitle)}
        />
      </Field>
      <Field
        id={`${id}-seoDescription`}
        label={t(`${k}.seoDescription`)}
        help={t(`${k}.seoDescriptionHelp`)}
        error={errors.seoDescription}
      >
        <textarea
          id={`${id}-seoDescription`}
          className="tx-input tx-textarea"
          rows={2}
          value={draft.seoDescription}
          maxLength={CATEGORY_SEO_DESCRIPTION_MAX_LENGTH}
          onChange={(e) => set('seoDescription')(e.target.value)}
          {...describedBy(`${id}-seoDescription`, errors.seoDescription)}
        />
      </Field>
    </fieldset>
  );
}

/** The address field; an edited address says the old one keeps working. */
function SlugField({
  id,
  value,
  current,
  error,
  onChange,
}: {
  id: string;
  value: string;
  current: string | null;
  error?: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const k = 'dashboardCategories.form';
  const typed = normalizeCategorySlug(value);
  return (
    <Field
      id={`${id}-slug`}
      label={t(`${k}.slug`)}
      help={
        current && typed !== '' && typed !== current
          ? t(`${k}.slugChanged`, { old: current })
          : t(`${k}.slugHelp`)
      }
      error={error}
    >
      <div className="tx-input-prefix">
        <span aria-hidden="true">/category/</span>
        <input
          id={`${id}-slug`}
          className="tx-input"
          value={value}
          maxLength={SLUG_MAX_LENGTH}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          {...describedBy(`${id}-slug`, error)}
        />
      </div>
    </Field>
  );
}
