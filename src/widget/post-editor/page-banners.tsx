/**
 * The editor page's banners (issue 4 "Writing"): a local copy newer than the server's, offered
 * back; a newer version saved elsewhere (a conflict), to reload or overwrite; the review flow's
 * note or wait; after publishing or scheduling, the way to the post (issue 23).
 */
import './prepublish-panel.css';
import type { ReactNode } from 'react';
import { isInReview, type ReviewNoteView } from '../../domain/post-review';
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

/**
 * The review flow's banner (decision 034): an editor's note on a post sent back to its writer, or
 * what a post waiting for review waits for (told to its writer and to the editor reading it).
 */
export function ReviewBanner({
  review,
  status,
  canPublish,
}: {
  review: ReviewNoteView | null;
  status: string;
  canPublish: boolean;
}) {
  const { t } = useTranslation();
  if (isInReview(status)) {
    return (
      <div className="pe-banner is-review" role="status">
        <p>
          {t(
            canPublish
              ? 'postEditorPage.review.waitingEditor'
              : 'postEditorPage.review.waitingWriter',
          )}
        </p>
      </div>
    );
  }
  if (!review || status !== 'unpublished') return null;
  return (
    <section
      className="pe-banner is-review"
      aria-label={t('postEditorPage.review.sentBackTitleAnonymous')}
    >
      <div className="pe-banner__body">
        <p className="pe-banner__title">
          {review.by?.name
            ? t('postEditorPage.review.sentBackTitle', { name: review.by.name })
            : t('postEditorPage.review.sentBackTitleAnonymous')}
        </p>
        <blockquote className="pe-banner__quote" data-testid="review-note">
          {review.note}
        </blockquote>
        <p>{t('postEditorPage.review.sentBackHint')}</p>
      </div>
    </section>
  );
}

/** What the last publishing step came to, for the banner under the bar. */
export type PublishOutcome =
  | { kind: 'published'; postUrl: string }
  | { kind: 'scheduled'; date: string; previewUrl: string };

/**
 * "Your post is live. View post" after publishing, "Your post goes live on <date>. Preview it"
 * after scheduling (issue 23). The writer stays in the editor; the banner stays until dismissed,
 * unlike the toast that said it first (a link must not disappear on a timer, WCAG 2.2.1).
 */
export function PublishedBanner({
  outcome,
  onDismiss,
}: {
  outcome: PublishOutcome;
  onDismiss(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pe-banner is-live">
      <p>
        {outcome.kind === 'published'
          ? t('postEditorPage.live.published')
          : t('postEditorPage.live.scheduled', { date: outcome.date })}
      </p>
      <div className="pe-banner__actions">
        {outcome.kind === 'published' ? (
          <a className="button button--primary" href={outcome.postUrl} data-testid="view-post">
            {t('postEditorPage.live.view')}
          </a>
        ) : (
          <a className="button button--primary" href={outcome.previewUrl}>
            {t('postEditorPage.live.preview')}
          </a>
        )}
        <button type="button" className="button" onClick={onDismiss}>
          {t('ui.dismiss')}
        </button>
      </div>
    </div>
  );
}
