/**
 * The pre-publish checks panel (issue 23, decision 067): the findings of `prepublishFindings`
 * (domain/prepublish-checks.ts) as a modal dialog with a heading and a list of buttons. Choosing a
 * finding closes the panel and leads the writer to it (the editor's `focusFinding`); from Publish
 * or Schedule, "Publish anyway" / "Schedule anyway" go on without fixing.
 */
import './prepublish-panel.css';
import { findingKey, type PrepublishFinding } from '../../domain/prepublish-checks';
import { ModalHeader } from '../components/modal-stack';
import { useTranslation } from '../i18n';

/** What the panel closes with: go on publishing, or lead the writer to a finding. */
export type PrepublishAnswer = { kind: 'publish' } | { kind: 'fix'; finding: PrepublishFinding };

/** Findings with keys unique in the list (two empty links of one paragraph share a key). */
function withKeys(findings: readonly PrepublishFinding[]) {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const base = findingKey(finding);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { finding, key: count === 1 ? base : `${base}#${count}` };
  });
}

/** What a finding says, in the writer's language. */
export function useFindingText() {
  const { t } = useTranslation();
  return (finding: PrepublishFinding): string => {
    switch (finding.kind) {
      case 'cover-alt':
        return t('postEditorPage.checks.coverAlt');
      case 'image-alt':
        return t('postEditorPage.checks.imageAlt', { number: finding.number });
      case 'gallery-alt':
        return t('postEditorPage.checks.galleryAlt', { number: finding.number });
      case 'link-no-address':
        return t('postEditorPage.checks.linkNoAddress', { text: finding.text || '…' });
      case 'link-no-text':
        return t('postEditorPage.checks.linkNoText', { url: finding.url });
      case 'heading-skip':
        return t('postEditorPage.checks.headingSkip', {
          text: finding.text || '…',
          from: finding.from,
          to: finding.to,
        });
    }
  };
}

/**
 * The panel. `action` is what brought it up: 'publish' or 'schedule' offer to go on anyway,
 * 'check' (the bar's Checks button) only lists.
 */
export function PrepublishPanel({
  findings,
  action,
  close,
}: {
  findings: readonly PrepublishFinding[];
  action: 'publish' | 'schedule' | 'check';
  close(answer?: PrepublishAnswer): void;
}) {
  const { t } = useTranslation();
  const textOf = useFindingText();
  return (
    <div className="pe-checks" data-testid="prepublish-panel">
      <ModalHeader title={t('postEditorPage.checks.title')} />
      {findings.length === 0 ? (
        <p className="pe-confirm__text">{t('postEditorPage.checks.none')}</p>
      ) : (
        <>
          <p className="pe-confirm__text">{t('postEditorPage.checks.intro')}</p>
          <ul className="pe-checks__list">
            {withKeys(findings).map(({ finding, key }, index) => (
              <li key={key}>
                <button
                  type="button"
                  className="pe-checks__item"
                  data-kind={finding.kind}
                  // The first finding is where the writer most likely starts.
                  data-autofocus={index === 0 ? '' : undefined}
                  onClick={() => close({ kind: 'fix', finding })}
                >
                  <span className={`pe-checks__icon is-${finding.kind}`} aria-hidden="true" />
                  <span>{textOf(finding)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="pe-confirm__actions">
        <button type="button" className="button" onClick={() => close()}>
          {t('postEditorPage.checks.back')}
        </button>
        {action === 'check' ? null : (
          <button
            type="button"
            className="button button--primary"
            onClick={() => close({ kind: 'publish' })}
          >
            {t(
              action === 'schedule'
                ? 'postEditorPage.checks.scheduleAnyway'
                : 'postEditorPage.checks.publishAnyway',
            )}
          </button>
        )}
      </div>
    </div>
  );
}
