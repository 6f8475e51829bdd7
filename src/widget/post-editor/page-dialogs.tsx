/**
 * The editor page's modals (SPEC §4 modals): choosing when a post goes live, and confirming a
 * step that throws work away (reloading the newer saved version, overwriting it).
 */
import { type FormEvent, useId, useState } from 'react';
import { REVIEW_NOTE_MAX_LENGTH } from '../../domain/post-review';
import { ModalHeader } from '../components/modal-stack';
import { useTranslation } from '../i18n';

/** A `datetime-local` value for a moment, in the browser's time zone. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** "Are you sure?" with Cancel and the action; closes with whether the writer confirmed. */
export function ConfirmDialog({
  title,
  body,
  action,
  close,
}: {
  title: string;
  body: string;
  action: string;
  close(value?: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pe-confirm">
      <ModalHeader title={title} />
      <p className="pe-confirm__text">{body}</p>
      <div className="pe-confirm__actions">
        <button type="button" className="button" onClick={() => close(false)}>
          {t('postEditorPage.conflict.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={() => close(true)}>
          {action}
        </button>
      </div>
    </div>
  );
}

/** When to publish: a moment in the future, an hour from now to start with. */
export function ScheduleForm({
  onSubmit,
  onCancel,
}: {
  onSubmit(value: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState(() => toLocalInput(new Date(Date.now() + 60 * 60 * 1000)));
  const [error, setError] = useState<string | null>(null);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const at = new Date(value);
    if (value === '' || Number.isNaN(at.getTime())) {
      setError(t('postEditorPage.errors.scheduleRequired'));
      return;
    }
    if (at.getTime() <= Date.now()) {
      setError(t('postEditorPage.errors.scheduleInPast'));
      return;
    }
    onSubmit(at.toISOString());
  }
  return (
    <form className="pe-schedule" onSubmit={handleSubmit} noValidate>
      <ModalHeader title={t('postEditorPage.schedule.title')} />
      <p className="pe-confirm__text">{t('postEditorPage.schedule.description')}</p>
      <label className="pe-label" htmlFor={inputId}>
        {t('postEditorPage.schedule.label')}
      </label>
      <input
        id={inputId}
        className="pe-input"
        type="datetime-local"
        value={value}
        min={toLocalInput(new Date())}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      {error ? (
        <p className="pe-field-error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="pe-confirm__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('postEditorPage.schedule.cancel')}
        </button>
        <button type="submit" className="button button--primary">
          {t('postEditorPage.schedule.confirm')}
        </button>
      </div>
    </form>
  );
}

/** What sending a note came to: done, a problem with the note, or any other failure. */
export type SendBackOutcome = 'sent' | 'note-refused' | 'failed';

/**
 * Send back to the writer (decision 034): a note of 1..REVIEW_NOTE_MAX_LENGTH characters. The
 * note is sent from here, so a refusal shows beside the field and keeps what the editor typed.
 */
export function SendBackForm({
  onSend,
  onCancel,
}: {
  onSend(note: string): Promise<SendBackOutcome>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = note.trim();
    if (trimmed === '') {
      setError(t('postEditorPage.review.noteRequired'));
      return;
    }
    if (trimmed.length > REVIEW_NOTE_MAX_LENGTH) {
      setError(t('postEditorPage.review.noteTooLong', { max: REVIEW_NOTE_MAX_LENGTH }));
      return;
    }
    setSending(true);
    const outcome = await onSend(trimmed);
    setSending(false);
    if (outcome === 'note-refused') setError(t('postEditorPage.review.noteRequired'));
  }
  return (
    <form className="pe-schedule" onSubmit={handleSubmit} noValidate>
      <ModalHeader title={t('postEditorPage.review.sendBackTitle')} />
      <p className="pe-confirm__text">{t('postEditorPage.review.sendBackDescription')}</p>
      <label className="pe-label" htmlFor={inputId}>
        {t('postEditorPage.review.noteLabel')}
      </label>
      <textarea
        id={inputId}
        className="pe-input"
        rows={5}
        data-autofocus
        value={note}
        maxLength={REVIEW_NOTE_MAX_LENGTH}
        placeholder={t('postEditorPage.review.notePlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : `${inputId}-count`}
        onChange={(event) => {
          setNote(event.target.value);
          setError(null);
        }}
      />
      {error ? (
        <p className="pe-field-error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <p className="pe-note__hint" id={`${inputId}-count`}>
        {t('postEditorPage.review.noteCount', { count: note.length, max: REVIEW_NOTE_MAX_LENGTH })}
      </p>
      <div className="pe-confirm__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('postEditorPage.review.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={isSending}>
          {t('postEditorPage.review.sendBackConfirm')}
        </button>
      </div>
    </form>
  );
}
