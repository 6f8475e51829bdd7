/**
 * An import's report on the dashboard (issue 21): per kind what will be or was created, what was
 * already there and what failed; what cannot be converted as it is (problem codes with their
 * message and examples); the failures with their reasons.
 */
import { IMPORT_KINDS, type ImportReportView } from '../../domain/import-export';
import { useTranslation } from '../../widget/i18n';

const k = 'dashboardImport.import';

/** The counts table, the problems and the failures of `report`. */
export function ImportReport({ report, testId }: { report: ImportReportView; testId: string }) {
  const { t } = useTranslation();
  const problems = Object.entries(report.problems).sort((a, b) => b[1].count - a[1].count);
  const failed = IMPORT_KINDS.reduce((sum, kind) => sum + report.counts[kind].failed, 0);
  return (
    <div className="import-report" data-testid={testId}>
      <table className="import-counts">
        <thead>
          <tr>
            <th scope="col">{t(`${k}.table.kind`)}</th>
            <th scope="col">
              {t(report.dryRun ? `${k}.table.wouldCreate` : `${k}.table.created`)}
            </th>
            <th scope="col">{t(`${k}.table.existing`)}</th>
            <th scope="col">{t(`${k}.table.failed`)}</th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_KINDS.map((kind) => {
            const counts = report.counts[kind];
            return (
              <tr key={kind} data-kind={kind}>
                <th scope="row">{t(`${k}.kinds.${kind}`)}</th>
                <td data-label={t(report.dryRun ? `${k}.table.wouldCreate` : `${k}.table.created`)}>
                  {counts.created}
                </td>
                <td data-label={t(`${k}.table.existing`)}>{counts.existing}</td>
                <td data-label={t(`${k}.table.failed`)}>
                  {counts.failed > 0 ? (
                    <span className="dash-pill dash-pill--danger">{counts.failed}</span>
                  ) : (
                    0
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="import-muted" data-testid={`${testId}-images`}>
        {t(report.dryRun ? `${k}.imagesDryRun` : `${k}.images`, {
          brought: report.media.fetched + report.media.fromFolder,
          existing: report.media.existing,
          missing: report.media.missing,
        })}
      </p>

      <h3 className="import-subtitle">{t(`${k}.problemsTitle`)}</h3>
      {problems.length === 0 ? (
        <p className="import-muted">{t(`${k}.noProblems`)}</p>
      ) : (
        <>
          <p className="import-muted">{t(`${k}.problemsLead`)}</p>
          <ul className="import-problems">
            {problems.map(([code, problem]) => (
              <li key={code} className="import-problem">
                <div className="import-problem__head">
                  <code className="import-problem__code">{code}</code>
                  <span className="dash-pill dash-pill--warning">
                    {t(`${k}.problemCount`, { count: problem.count })}
                  </span>
                </div>
                <p className="import-problem__message">{problem.message}</p>
                {problem.samples.length > 0 ? (
                  <details className="import-problem__samples">
                    <summary>{t(`${k}.samples`)}</summary>
                    <ul>
                      {problem.samples.map((sample) => (
                        <li key={sample}>
                          <code>{sample}</code>
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}

      {failed > 0 ? (
        <>
          <h3 className="import-subtitle">{t(`${k}.failuresTitle`, { count: failed })}</h3>
          <p className="import-muted">{t(`${k}.failuresLead`)}</p>
          <ul className="import-failures">
            {report.failures.map((failure) => (
              <li key={`${failure.kind}:${failure.sourceId}`}>
                <strong>
                  {t(`${k}.kinds.${failure.kind}`)}{' '}
                  {failure.title ? `“${failure.title}”` : failure.sourceId}
                </strong>
                : {failure.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
