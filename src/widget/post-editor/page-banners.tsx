/**
 * The editor page's banners (issue 4 "Writing"): a local copy newer than the server's, offered
 * back; a newer version saved elsewhere (a conflict), to reload or overwrite.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

function Banner({ kind, children }: { kind: 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`pe-banner is-${kind}`} role={kind === 'warning' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** "A copy from <time> was kept on this device": Restore or Discard. */
export function RestoreBanner({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore(): void;
  onDiscard(): void;
}) {
  const { t } = useTranslation();
  return (
    <Banner kind="info">
      <p>
        {t('postEditorPage.restore.message', {
          time: new Intl.DateTimeFormat(undefined, {
            dateStyle: 'medium',
            timeStyle: 'short',
          }).format(new Date(savedAt)),
        })}
      </p>
      <div className="pe-banner__actions">
        <button type="button" className="button button--primary" onClick={onRestore}>
          {t('postEditorPage.restore.restore')}
        </button>
        <button type="button" className="button" onClick={onDiscard}>
          {t('postEditorPage.restore.discard')}
        </button>
      </div>
    </Banner>
  );
}

/** "Someone saved a newer version": Reload it or Overwrite it. */
export function ConflictBanner({
  onReload,
  onOverwrite,
}: {
  onReload(): void;
  onOverwrite(): void;
}) {
  const { t } = useTranslation();
  return (
    <Banner kind="warning">
      <p>{t('postEditorPage.conflict.message')}</p>
      <div className="pe-banner__actions">
        <button type="button" className="button" onClick={onReload}>
          {t('postEditorPage.conflict.reload')}
        </button>
        <button type="button" className="button button--primary" onClick={onOverwrite}>
          {t('postEditorPage.conflict.overwrite')}
        </button>
      </div>
    </Banner>
  );
}
