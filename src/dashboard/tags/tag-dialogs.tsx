/**
 * The tag screen's dialogs (issue 17 § Tags): rename (label and address; the old address keeps
 * answering) and merge (pick the tag that survives). What the API refuses shows beside its field;
 * nothing typed is lost.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { DashboardTagsPageView, DashboardTagView } from '../../domain/dashboard-tags';
import { SLUG_MAX_LENGTH } from '../../domain/slugs';
import { TAG_LABEL_MAX_LENGTH } from '../../domain/tags';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { Dialog, describedBy, Field } from '../categories/dialog';
import { type ApiResult, callApi } from '../components/api';

type Problem = Extract<ApiResult<unknown>, { ok: false }>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The toast of a refused tag action. */
function problemToast(problem: Problem, t: Translate): string {
  const k = 'dashboardTags.toast';
  if (problem.status === 401 || problem.status === 403) return t(`${k}.forbidden`);
  return t(`${k}.technicalIssue`);
}

/** The API's refusal of a rename, beside its fields. */
function renameErrors(problem: Problem, t: Translate): { label?: string; slug?: string } {
  const k = 'dashboardTags.fieldErrors';
  const errors: { label?: string; slug?: string } = {};
  if (problem.fields.label !== undefined) {
    errors.label =
      problem.code === 'tag_label_taken' ? t(`${k}.labelTaken`) : t(`${k}.labelRequired`);
  }
  if (problem.fields.slug !== undefined) {
    errors.slug =
      problem.code === 'slug_reserved'
        ? t(`${k}.slugReserved`, { word: problem.fields.slug.match(/"([^"]+)"/)?.[1] ?? '' })
        : problem.code === 'slug_taken'
          ? t(`${k}.slugTaken`)
          : t(`${k}.slugInvalid`);
  }
  return errors;
}

/** The rename dialog of `tag` (closed when null). */
export function RenameTagDialog(props: {
  tag: DashboardTagView | null;
  onClose(): void;
  onRenamed(tag: DashboardTagView): void;
}) {
  return <RenameBody key={props.tag?.id ?? 'none'} {...props} />;
}

function RenameBody({
  tag,
  onClose,
  onRenamed,
}: {
  tag: DashboardTagView | null;
  onClose(): void;
  onRenamed(tag: DashboardTagView): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [label, setLabel] = useState(tag?.label ?? '');
  const [slug, setSlug] = useState(tag?.slug ?? '');
  const [errors, setErrors] = useState<{ label?: string; slug?: string }>({});
  const [isBusy, setIsBusy] = useState(false);
  const k = 'dashboardTags.renameDialog';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!tag || isBusy) return;
    if (label.trim() === '') {
      setErrors({ label: t('dashboardTags.fieldErrors.labelRequired') });
      document.getElementById(`${id}-label`)?.focus();
      return;
    }
    setIsBusy(true);
    const result = await callApi<DashboardTagView>('PATCH', `/api/dashboard/tags/${tag.id}`, {
      label,
      slug,
    });
    setIsBusy(false);
    if (result.ok) {
      toast.show({ kind: 'success', message: t('dashboardTags.toast.renamed') });
      onRenamed(result.value);
      return;
    }
    const fieldErrors = renameErrors(result, t);
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) {
      document.getElementById(`${id}-${Object.keys(fieldErrors)[0]}`)?.focus();
    } else {
      toast.show({ kind: 'error', message: problemToast(result, t) });
    }
  }

  return (
    <Dialog
      isOpen={tag !== null}
      title={t(`${k}.title`)}
      onClose={onClose}
      onSubmit={handleSubmit}
      footer={
        <>
          <button type="button" className="dash-button" onClick={onClose}>
            {t(`${k}.cancel`)}
          </button>
          <button type="submit" className="dash-button dash-button--primary" disabled={isBusy}>
            {t(`${k}.save`)}
          </button>
        </>
      }
    >
      <div className="tx-form-stack">
        <Field id={`${id}-label`} label={t(`${k}.label`)} error={errors.label}>
          <input
            id={`${id}-label`}
            className="tx-input"
            value={label}
            maxLength={TAG_LABEL_MAX_LENGTH}
            autoComplete="off"
            onChange={(e) => {
              setLabel(e.target.value);
              setErrors((current) => ({ ...current, label: undefined }));
            }}
            {...describedBy(`${id}-label`, errors.label, false)}
          />
        </Field>
        <Field
          id={`${id}-slug`}
          label={t(`${k}.slug`)}
          help={t(`${k}.slugHelp`)}
          error={errors.slug}
        >
          <div className="tx-input-prefix">
            <span aria-hidden="true">/tags/</span>
            <input
              id={`${id}-slug`}
              className="tx-input"
              value={slug}
              maxLength={SLUG_MAX_LENGTH}
              spellCheck={false}
              autoCapitalize="none"
              autoComplete="off"
              onChange={(e) => {
                setSlug(e.target.value);
                setErrors((current) => ({ ...current, slug: undefined }));
              }}
              {...describedBy(`${id}-slug`, errors.slug)}
            />
          </div>
        </Field>
      </div>
    </Dialog>
  );
}

/** The merge dialog of `tag` (closed when null): search and pick the tag that survives. */
export function MergeTagDialog(props: {
  tag: DashboardTagView | null;
  onClose(): void;
  onMerged(survivor: DashboardTagView, mergedId: string): void;
}) {
  return <MergeBody key={props.tag?.id ?? 'none'} {...props} />;
}

function MergeBody({
  tag,
  onClose,
  onMerged,
}: {
  tag: DashboardTagView | null;
  onClose(): void;
  onMerged(survivor: DashboardTagView, mergedId: string): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<DashboardTagView[]>([]);
  const [into, setInto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const k = 'dashboardTags.mergeDialog';

  useEffect(() => {
    if (!tag) return;
    let isCurrent = true;
    const timer = setTimeout(async () => {
      const params = new URLSearchParams({ sort: 'posts' });
      if (query.trim() !== '') params.set('q', query.trim());
      const result = await callApi<DashboardTagsPageView>('GET', `/api/dashboard/tags?${params}`);
      if (isCurrent && result.ok) setOptions(result.value.tags.filter((o) => o.id !== tag.id));
    }, 200);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [query, tag]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!tag || isBusy) return;
    if (into === null) {
      setError(t('dashboardTags.fieldErrors.intoRequired'));
      return;
    }
    setIsBusy(true);
    const result = await callApi<DashboardTagView>('POST', `/api/dashboard/tags/${tag.id}/merge`, {
      into,
    });
    setIsBusy(false);
    if (result.ok) {
      toast.show({ kind: 'success', message: t('dashboardTags.toast.merged') });
      onMerged(result.value, tag.id);
      return;
    }
    if (result.fields.into !== undefined) setError(t('dashboardTags.fieldErrors.intoRequired'));
    else toast.show({ kind: 'error', message: problemToast(result, t) });
  }

  return (
    <Dialog
      isOpen={tag !== null}
      title={t(`${k}.title`, { label: tag?.label ?? '' })}
      onClose={onClose}
      onSubmit={handleSubmit}
      footer={
        <>
          <button type="button" className="dash-button" onClick={onClose}>
            {t(`${k}.cancel`)}
          </button>
          <button type="submit" className="dash-button dash-button--primary" disabled={isBusy}>
            {t(`${k}.confirm`)}
          </button>
        </>
      }
    >
      <p>{t(`${k}.text`, { label: tag?.label ?? '' })}</p>
      <Field id={`${id}-search`} label={t(`${k}.targetSearch`)}>
        <input
          id={`${id}-search`}
          className="tx-input"
          type="search"
          value={query}
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
        />
      </Field>
      <fieldset className="tx-choices" aria-describedby={error ? `${id}-into-error` : undefined}>
        <legend className="tx-field__label">{t(`${k}.target`)}</legend>
        <ul className="tx-option-list">
          {options.map((option) => (
            <li key={option.id}>
              <label className="tx-option">
                <input
                  type="radio"
                  name={`${id}-into`}
                  value={option.id}
                  checked={into === option.id}
                  onChange={() => {
                    setInto(option.id);
                    setError(null);
                  }}
                />
                <span className="tx-tag-label">{option.label}</span>
                <span className="tx-option__count">
                  {t('dashboardTags.posts', { count: option.postCount })}
                </span>
              </label>
            </li>
          ))}
        </ul>
        {error ? (
          <p className="tx-field__error" id={`${id}-into-error`}>
            {error}
          </p>
        ) : null}
      </fieldset>
    </Dialog>
  );
}
