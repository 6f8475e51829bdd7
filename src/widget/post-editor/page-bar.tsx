/**
 * The editor page's bar (issue 4 "Writing"): the way back to the blog, the post's state and the
 * save status, the settings sheet's button, History, and Preview / Schedule / Publish, or Revert to
 * draft / Update for a live post. The review flow (decision 034): a writer who may not publish
 * has Submit for review, then Update while the post waits; an editor answering a waiting post has
 * Send back beside Schedule and Publish.
 */
import { isInReview } from '../../domain/post-review';

import { homeUrl } from '../../domain/routes';
import { useTranslation } from '../i18n';
import type { AutosaveState } from './autosave';

/** What the bar shows and what its buttons do. */
export interface EditorBarProps {
  base: string;
  /** The post's status (`unpublished` for a new post). */
  status: string;
  /** A scheduled post's moment, as the badge says it. */
  scheduledDate: string;
  saveStatus: AutosaveState['status'];
  isPanelOpen: boolean;
  onTogglePanel(): void;
  /** An action is running or the page is not live yet: the buttons wait. */
  isWorking: boolean;
  /** Preview needs a post (or something typed that makes one). */
  canPreview: boolean;
  isLive: boolean;
  canRevertToDraft: boolean;
  canPublish: boolean;
  /** The writer may submit the draft for review (and may not publish it). */
  canSubmit: boolean;
  /** An editor may send the waiting post back. */
  canSendBack: boolean;
  /** The post has a history to show (it exists and the actor may edit it). */
  canShowHistory: boolean;
  onPreview(): void;
  onSubmit(): void;
  onSendBack(): void;
  onHistory(): void;
  onRevert(): void;
  onUpdate(): void;
  onSchedule(): void;
  onPublish(): void;
}

/** The bar over the editor. */
export function EditorBar(props: EditorBarProps) {
  const { t } = useTranslation();
  const { status, saveStatus, isWorking } = props;
  return (
    <div className="pe-bar" role="toolbar" aria-label={t('postEditorPage.bar.more')}>
      <a
        className="pe-bar__back"
        href={homeUrl(props.base)}
        aria-label={t('postEditorPage.bar.backLabel')}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M15 5l-7 7 7 7"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="pe-bar__back-text">{t('postEditorPage.bar.back')}</span>
      </a>
      <div className="pe-bar__state">
        <span className={`pe-badge is-${status}`}>
          {status === 'published'
            ? t('postEditorPage.bar.published')
            : status === 'scheduled'
              ? t('postEditorPage.bar.scheduled', { date: props.scheduledDate })
              : status === 'in_review'
                ? t('postEditorPage.bar.inReview')
                : status === 'in_moderation'
                  ? t('postEditorPage.bar.in_moderation')
                  : t('postEditorPage.bar.draft')}
        </span>
        <span className={`pe-save is-${saveStatus}`} role="status" data-testid="save-status">
          <span className="pe-save__dot" aria-hidden="true" />
          {t(`postEditorPage.status.${saveStatus}`)}
        </span>
      </div>
      <div className="pe-bar__actions">
        <button
          type="button"
          className="button pe-bar__settings"
          aria-expanded={props.isPanelOpen}
          aria-controls="pe-panel"
          onClick={props.onTogglePanel}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 7h10M18 7h2M4 17h4M12 17h8"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
            <circle cx="16" cy="7" r="2" stroke="currentColor" strokeWidth="2" fill="none" />
            <circle cx="10" cy="17" r="2" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
          <span className="visually-hidden">{t('postEditorPage.bar.settings')}</span>
        </button>
        {props.canShowHistory ? (
          <button
            type="button"
            className="button pe-bar__history"
            onClick={props.onHistory}
            disabled={isWorking}
            aria-haspopup="dialog"
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M3 12a9 9 0 1 0 3-6.7M3 4v4h4M12 7v5l3 2"
                stroke="currentColor"
                strokeWidth="2"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span className="pe-bar__label">{t('postEditorPage.bar.history')}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          onClick={props.onPreview}
          disabled={isWorking || !props.canPreview}
        >
          {t('postEditorPage.bar.preview')}
        </button>
        <BarActions {...props} />
      </div>
    </div>
  );
}

/** The bar's main actions for the post's status and what the actor may do. */
function BarActions(props: EditorBarProps) {
  const { t } = useTranslation();
  const { isWorking } = props;
  const isWaiting = isInReview(props.status);
  if (isWaiting && !props.canPublish) {
    // The writer's submitted post: its changes go to the reviewer when they press Update.
    return (
      <button
        type="button"
        className="button button--primary"
        onClick={props.onUpdate}
        disabled={isWorking}
      >
        {t('postEditorPage.bar.updateSubmission')}
      </button>
    );
  }
  if (!props.isLive && !props.canPublish && props.canSubmit) {
    return (
      <button
        type="button"
        className="button button--primary"
        onClick={props.onSubmit}
        disabled={isWorking}
      >
        {t('postEditorPage.bar.submit')}
      </button>
    );
  }
  return (
    <>
      {isWaiting && props.canSendBack ? (
        <button type="button" className="button" onClick={props.onSendBack} disabled={isWorking}>
          {t('postEditorPage.bar.sendBack')}
        </button>
      ) : null}
      {props.isLive ? (
        <>
          {props.canRevertToDraft ? (
            <button type="button" className="button" onClick={props.onRevert} disabled={isWorking}>
              {t('postEditorPage.bar.revertToDraft')}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            onClick={props.onUpdate}
            disabled={isWorking}
          >
            {t('postEditorPage.bar.update')}
          </button>
        </>
      ) : props.canPublish ? (
        <>
          <button type="button" className="button" onClick={props.onSchedule} disabled={isWorking}>
            {t('postEditorPage.bar.schedule')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={props.onPublish}
            disabled={isWorking}
          >
            {t('postEditorPage.bar.publish')}
          </button>
        </>
      ) : null}
    </>
  );
}
