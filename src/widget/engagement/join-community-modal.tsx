/**
 * The join-community popup (SPEC §6 "for authenticated private users, public-user-only actions
 * show a join-community popup"; SPEC §7 showJoinCommunityPopup): a private member who pressed
 * like (or subscribe) may make their profile public and continue, or leave it private. Loaded
 * when it first opens.
 */
import { useState } from 'react';
import { ModalHeader } from '../components/modal-stack';
import { useTranslation } from '../i18n';
import { makeProfilePublic } from './engagement-client';
import './engagement-messages';

/** The dialog's content; `onJoined` once the profile is public. */
export default function JoinCommunityDialog({
  onJoined,
  onCancel,
}: {
  onJoined(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');

  async function handleJoin() {
    setState('saving');
    if (await makeProfilePublic()) onJoined();
    else setState('failed');
  }

  return (
    <>
      <ModalHeader title={t('engagement.joinCommunity.title')} />
      <div className="modal__body join-community">
        <div className="join-community__icon" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor">
            <circle cx="9" cy="8" r="3.2" strokeWidth="1.8" />
            <path d="M3 19a6 6 0 0 1 12 0" strokeWidth="1.8" strokeLinecap="round" />
            <circle cx="17" cy="9" r="2.4" strokeWidth="1.8" />
            <path d="M16 14.2a5 5 0 0 1 5.5 4.8" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </div>
        <p>{t('engagement.joinCommunity.text')}</p>
        {state === 'failed' ? (
          <p className="join-community__error" role="alert">
            {t('engagement.joinCommunity.failed')}
          </p>
        ) : null}
      </div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('engagement.joinCommunity.notNow')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={handleJoin}
          disabled={state === 'saving'}
          aria-busy={state === 'saving'}
          data-autofocus
        >
          {state === 'saving'
            ? t('engagement.joinCommunity.saving')
            : t('engagement.joinCommunity.public')}
        </button>
      </div>
    </>
  );
}
