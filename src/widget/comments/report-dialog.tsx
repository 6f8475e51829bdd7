/**
 * The report dialog (issue 6; SPEC §6 "report posts and comments"): why the member reports a post
 * or a comment, from a short list, and a few words more if they like. Loaded when a member first
 * presses Report, inside the modal stack (SPEC §4: Escape or the backdrop closes it with nothing).
 * It closes with what happened: sent, or sent before; the page says so in a toast.
 */
import './comments-messages';
import { type FormEvent, useId, useState } from 'react';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '../../domain/comments';
import { ModalHeader } from '../components/modal-stack';
import { useTranslation } from '../i18n';
import { sendReport } from './comments-api';

/** How a report ended. */
export type ReportOutcome = 'sent' | 'already';

export interface ReportDialogProps {
  targetType: ReportTarget;
  targetId: string;
  close(outcome?: ReportOutcome): void;
}

/** The dialog's content. */
export default function ReportDialog({ targetType, targetId, close }: ReportDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    if (!reason) {
      setError(t('report.chooseReason'));
      return;
    }
    setBusy(true);
    const result = await sendReport({ targetType, targetId, reason, details: details.trim() });
    setBusy(false);
    if (result.ok) {
      close(result.value.isNew ? 'sent' : 'already');
      return;
    }
    setError(t('report.failed'));
  }

  return (
    <form className="report-dialog" onSubmit={handleSubmit} noValidate>
      <ModalHeader title={t(targetType === 'post' ? 'report.titlePost' : 'report.titleComment')} />
      <p className="report-dialog__lead">{t('report.lead')}</p>
      <fieldset
        className="report-dialog__reasons"
        aria-describedby={error && !reason ? `${id}-error` : undefined}
      >
        <legend className="report-dialog__legend">{t('report.reasons')}</legend>
        {REPORT_REASONS.map((value, index) => (
          <label key={value} className="report-dialog__reason">
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              // The first choice takes the dialog's first focus (modal-stack's data-autofocus).
              {...(index === 0 ? { 'data-autofocus': '' } : {})}
              onChange={() => {
                setReason(value);
                setError(null);
              }}
            />
            <span>{t(`report.reason.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="report-dialog__label" htmlFor={`${id}-details`}>
        {t('report.details')}
      </label>
      <textarea
        id={`${id}-details`}
        className="report-dialog__details"
        rows={3}
        maxLength={REPORT_DETAILS_MAX}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
        aria-describedby={`${id}-count`}
      />
      <p className="report-dialog__count" id={`${id}-count`}>
        {t('report.detailsHint', { count: details.length, max: REPORT_DETAILS_MAX })}
      </p>
      {error ? (
        <p className="report-dialog__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => close()}>
          {t('report.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={isBusy || undefined}
        >
          {isBusy ? t('report.sending') : t('report.send')}
        </button>
      </div>
    </form>
  );
}
