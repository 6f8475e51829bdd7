/**
 * The Import and export screen (issue 21): choose or drop an export file, "Check file" uploads it
 * and runs the dry run (what will be created, what cannot be converted), "Import" imports the same
 * file with a progress bar, then the final report with the authors to invite by their claim
 * links. Beside it the export: a format, a progress bar, the download.
 */
import { type DragEvent, useId, useState } from 'react';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportJobView,
  type ImportJobView,
  type ImportScreenView,
  type TransferProgressView,
  type UnclaimedAuthorView,
} from '../../domain/import-export';
import { useToast } from '../../widget/components/toasts';
import { type TranslateOptions, useTranslation } from '../../widget/i18n';
import { type ApiResult, callApi } from '../components/api';
import { DashboardPage } from '../components/page';
import { ImportReport } from './import-report';
import { IMPORT_JOBS_ENDPOINT, uploadExportFile } from './upload-export-file';
import { useJob } from './use-job';
import './import.css';

const k = 'dashboardImport';
const importUrl = (id: string) => `${IMPORT_JOBS_ENDPOINT}/${id}`;
const exportUrl = (id: string) => `/api/dashboard/export/jobs/${id}`;

/** A size in the units people read (1.2 MB). */
function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** A labelled progress bar with its percent and a line of figures. */
function JobProgress({
  label,
  percent,
  line,
  testId,
}: {
  label: string;
  percent: number;
  line?: string;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="import-progress" data-testid={testId}>
      <div className="import-progress__head">
        <span id={id}>{label}</span>
        <span className="import-progress__percent">{percent}%</span>
      </div>
      <progress className="import-progress__bar" max={100} value={percent} aria-labelledby={id}>
        {percent}%
      </progress>
      {line ? <p className="import-muted">{line}</p> : null}
    </div>
  );
}

/** The message for a refused call: the field's words when the server named one. */
function messageOf(
  result: Extract<ApiResult<unknown>, { ok: false }>,
  t: (key: string, options?: TranslateOptions) => string,
) {
  if (result.status === 0) return t(`${k}.import.errors.network`);
  if (result.code === 'import_running' || result.code === 'file-too-big') {
    return t(`${k}.import.errors.${result.code}`);
  }
  return result.message || t(`${k}.import.errors.generic`, { message: result.code });
}

/** The file chooser with its drop zone and the "Check file" button. */
function ChooseFile({ onStarted }: { onStarted: (job: ImportJobView) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const oldUrlId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [oldUrl, setOldUrl] = useState('');
  const [isOver, setIsOver] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setIsOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) {
      setFile(dropped);
      setError(null);
    }
  }

  async function handleCheck() {
    if (!file) {
      setError(t(`${k}.import.errors.noFile`));
      return;
    }
    setError(null);
    setUploaded(0);
    const result = await uploadExportFile<ImportJobView>(file, oldUrl, (fraction) =>
      setUploaded(Math.floor(fraction * 100)),
    );
    setUploaded(null);
    if (result.ok) onStarted(result.value);
    else setError(result.fields.file ?? result.fields.oldUrl ?? messageOf(result, t));
  }

  if (uploaded !== null && file) {
    return (
      <JobProgress
        testId="import-upload-progress"
        label={t(`${k}.import.uploading`, { name: file.name })}
        percent={uploaded}
      />
    );
  }
  return (
    <div className="import-choose">
      <label
        htmlFor={inputId}
        className={`import-drop${isOver ? ' import-drop--over' : ''}`}
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={handleDrop}
      >
        <span className="import-drop__title">{t(`${k}.import.dropTitle`)}</span>
        <span className="import-muted">{t(`${k}.import.dropOr`)}</span>
        <span className="dash-button">{t(`${k}.import.choose`)}</span>
        {file ? (
          <span className="import-drop__file" data-testid="import-chosen-file">
            {t(`${k}.import.chosen`, { name: file.name, size: sizeOf(file.size) })}
          </span>
        ) : null}
      </label>
      <input
        id={inputId}
        className="import-drop__input"
        type="file"
        accept=".xml,.json,application/xml,text/xml,application/json"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setError(null);
        }}
      />
      {file && /\.json$/i.test(file.name) ? (
        <div className="dash-field">
          <label className="dash-field__label" htmlFor={oldUrlId}>
            {t(`${k}.import.oldUrl`)}
          </label>
          <input
            id={oldUrlId}
            className="dash-input"
            type="url"
            placeholder="https://old.example"
            value={oldUrl}
            onChange={(event) => setOldUrl(event.target.value)}
          />
          <p className="dash-field__hint">{t(`${k}.import.oldUrlHint`)}</p>
        </div>
      ) : null}
      {error ? (
        <p className="import-error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="import-actions">
        <button type="button" className="dash-button dash-button--primary" onClick={handleCheck}>
          {t(`${k}.import.check`)}
        </button>
      </div>
    </div>
  );
}

function progressLine(
  progress: TransferProgressView,
  t: (key: string, options?: TranslateOptions) => string,
) {
  return t(`${k}.import.progressLine`, {
    records: progress.records,
    posts: progress.posts,
    failures: progress.failures,
  });
}

/** The authors without a password, each with its "Copy claim link" button. */
function UnclaimedAuthors({ authors }: { authors: UnclaimedAuthorView[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [links, setLinks] = useState<Record<string, string>>({});

  async function handleCopy(author: UnclaimedAuthorView) {
    const result = await callApi<{ url: string }>(
      'POST',
      `/api/dashboard/import/claim-links/${author.memberId}`,
    );
    if (!result.ok) {
      toast.show({
        kind: 'error',
        message: t(`${k}.import.claimFailed`, { message: result.message || result.code }),
      });
      return;
    }
    setLinks((current) => ({ ...current, [author.memberId]: result.value.url }));
    try {
      await navigator.clipboard.writeText(result.value.url);
      toast.show({ kind: 'success', message: t(`${k}.import.claimCopied`, { name: author.name }) });
    } catch {
      // No clipboard (an insecure origin): the link is shown to copy by hand.
    }
  }

  return (
    <section className="import-claims" aria-labelledby="import-claims-title">
      <h3 className="import-subtitle" id="import-claims-title">
        {t(`${k}.import.claimTitle`)}
      </h3>
      <p className="import-muted">{t(`${k}.import.claimLead`)}</p>
      <ul className="import-claims__list">
        {authors.map((author) => (
          <li key={author.memberId} className="import-claim">
            <span className="import-claim__who">
              <strong>{author.name}</strong> <span className="import-muted">{author.email}</span>
            </span>
            <button type="button" className="dash-button" onClick={() => handleCopy(author)}>
              {t(`${k}.import.copyClaim`)}
            </button>
            {links[author.memberId] ? (
              <input
                className="dash-input import-claim__link"
                readOnly
                aria-label={t(`${k}.import.claimShown`, { name: author.name })}
                value={links[author.memberId]}
                onFocus={(event) => event.currentTarget.select()}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The import panel: choose → dry run → import → report. */
function ImportPanel({ initial }: { initial: ImportJobView | null }) {
  const { t } = useTranslation();
  const [job, setJob] = useJob<ImportJobView>(initial, importUrl);
  const [error, setError] = useState<string | null>(null);

  async function handleImport(id: string) {
    setError(null);
    const result = await callApi<ImportJobView>('POST', `${importUrl(id)}/import`);
    if (result.ok) setJob(result.value);
    else setError(messageOf(result, t));
  }

  const another = (
    <button type="button" className="dash-button dash-button--quiet" onClick={() => setJob(null)}>
      {t(`${k}.import.another`)}
    </button>
  );
  let body: React.ReactNode;
  if (job === null) {
    body = <ChooseFile onStarted={setJob} />;
  } else if (job.state === 'queued' || job.state === 'running') {
    const label = job.phase === 'dry-run' ? 'checking' : 'importing';
    body = (
      <JobProgress
        testId={`import-${job.phase}-progress`}
        label={t(`${k}.import.${label}`, { name: job.fileName })}
        percent={job.progress.percent}
        line={progressLine(job.progress, t)}
      />
    );
  } else if (job.state === 'failed') {
    body = (
      <>
        <div className="import-error" role="alert" data-testid="import-failed">
          <strong>{t(`${k}.import.failedTitle`)}</strong>
          <p>{job.error?.message}</p>
        </div>
        {job.report ? <ImportReport report={job.report} testId="import-final-report" /> : null}
        <div className="import-actions">{another}</div>
      </>
    );
  } else if (job.phase === 'dry-run' && job.dryRunReport) {
    body = (
      <>
        <h3 className="import-subtitle">{t(`${k}.import.dryRunTitle`)}</h3>
        <p className="import-muted">
          {job.fileName} · {t(`${k}.import.source.${job.source}`)} · {sizeOf(job.size)}
        </p>
        <p className="import-muted">{t(`${k}.import.dryRunLead`)}</p>
        <ImportReport report={job.dryRunReport} testId="import-dry-run-report" />
        {error ? (
          <p className="import-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="import-actions">
          <button
            type="button"
            className="dash-button dash-button--primary"
            onClick={() => handleImport(job.id)}
          >
            {t(`${k}.import.importButton`, { count: job.dryRunReport.counts.post.created })}
          </button>
          {another}
        </div>
      </>
    );
  } else {
    body = (
      <>
        <div className="import-done" role="status" data-testid="import-done">
          <strong>{t(`${k}.import.doneTitle`)}</strong>
          <span className="import-muted">{t(`${k}.import.doneLead`)}</span>
        </div>
        <JobProgress
          testId="import-import-progress"
          label={t(`${k}.import.imported`, { name: job.fileName })}
          percent={job.progress.percent}
          line={progressLine(job.progress, t)}
        />
        {job.report ? <ImportReport report={job.report} testId="import-final-report" /> : null}
        {job.unclaimedAuthors.length > 0 ? (
          <UnclaimedAuthors authors={job.unclaimedAuthors} />
        ) : null}
        <div className="import-actions">{another}</div>
      </>
    );
  }
  return (
    <section className="dash-panel import-panel" aria-labelledby="import-title">
      <h2 className="import-panel__title" id="import-title">
        {t(`${k}.import.title`)}
      </h2>
      <p className="import-muted">{t(`${k}.import.intro`)}</p>
      {body}
    </section>
  );
}

/** The export panel: a format, a progress bar, the download. */
function ExportPanel({ initial }: { initial: ExportJobView | null }) {
  const { t } = useTranslation();
  const formatId = useId();
  const [format, setFormat] = useState<ExportFormat>('wxr');
  const [job, setJob] = useJob<ExportJobView>(initial, exportUrl);
  const [error, setError] = useState<string | null>(null);
  const isRunning = job !== null && (job.state === 'queued' || job.state === 'running');

  async function handleStart() {
    setError(null);
    const result = await callApi<ExportJobView>('POST', '/api/dashboard/export/jobs', { format });
    if (result.ok) setJob(result.value);
    else setError(messageOf(result, t));
  }

  return (
    <section className="dash-panel import-panel" aria-labelledby="export-title">
      <h2 className="import-panel__title" id="export-title">
        {t(`${k}.export.title`)}
      </h2>
      <p className="import-muted">{t(`${k}.export.intro`)}</p>
      <div className="dash-field">
        <label className="dash-field__label" htmlFor={formatId}>
          {t(`${k}.export.format`)}
        </label>
        <select
          id={formatId}
          className="dash-select"
          value={format}
          onChange={(event) => setFormat(event.target.value as ExportFormat)}
        >
          {EXPORT_FORMATS.map((name) => (
            <option key={name} value={name}>
              {t(`${k}.export.formats.${name}`)}
            </option>
          ))}
        </select>
        <p className="dash-field__hint">{t(`${k}.export.formatHints.${format}`)}</p>
      </div>
      {job && isRunning ? (
        <JobProgress
          testId="export-progress"
          label={t(`${k}.export.exporting`)}
          percent={job.progress.percent}
          line={t(`${k}.export.progressLine`, {
            posts: job.progress.posts,
            total: job.progress.totalPosts ?? '…',
          })}
        />
      ) : null}
      {job?.state === 'done' && job.fileName ? (
        <div className="import-done" role="status">
          <strong>{t(`${k}.export.ready`)}</strong>
          <span className="import-muted">{job.fileName}</span>
          <a
            className="dash-button dash-button--primary import-download"
            href={`${exportUrl(job.id)}/download`}
            download={job.fileName}
            data-testid="export-download"
            // Downloaded once (the server removes the file): the panel offers a new export.
            onClick={() => setTimeout(() => setJob(null), 0)}
          >
            {t(`${k}.export.download`)}
          </a>
          <span className="import-muted">{t(`${k}.export.downloadNote`)}</span>
        </div>
      ) : null}
      {job?.state === 'failed' ? (
        <p className="import-error" role="alert">
          {t(`${k}.export.failed`, { message: job.error?.message ?? '' })}
        </p>
      ) : null}
      {error ? (
        <p className="import-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="import-actions">
        <button type="button" className="dash-button" onClick={handleStart} disabled={isRunning}>
          {t(`${k}.export.start`)}
        </button>
      </div>
    </section>
  );
}

/** The screen, from the site's latest import and export. */
export function ImportScreen({ initial }: { initial: ImportScreenView }) {
  const { t } = useTranslation();
  return (
    <DashboardPage title={t(`${k}.title`)} description={t(`${k}.lead`)}>
      <div className="import-grid">
        <ImportPanel initial={initial.importJob} />
        <ExportPanel initial={initial.exportJob} />
      </div>
    </DashboardPage>
  );
}
