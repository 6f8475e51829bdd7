/**
 * The category header's Follow button (issue 6; SPEC §6 subscribe, §8 "category subscribed /
 * unsubscribed" toasts): a member follows the category and is told of its new posts. A visitor's
 * button leads to the login page and back (SPEC §4); a private member is told why it cannot
 * (SPEC §6 join community). Carries its own toasts, like the cards' menu.
 */
import './follow-button.css';
import { useState } from 'react';
import type { DenialReason } from '../../domain/permissions';
import { ToastProvider, useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { useFollow } from './use-follow';

export interface FollowButtonProps {
  categoryId: string;
  label: string;
  isFollowing: boolean;
  /** Why the reader may not follow (`whyNot(actor, 'subscribe')`), or null. */
  refusal: DenialReason | null;
  loginHref: string;
}

function Button({ categoryId, label, isFollowing, refusal, loginHref }: FollowButtonProps) {
  const { t } = useTranslation();
  const { show } = useToast();
  const follow = useFollow();
  const [isOn, setOn] = useState(isFollowing);
  const [isBusy, setBusy] = useState(false);
  const text = t(isOn ? 'subscribe.categoryOff' : 'subscribe.category');
  const name = t(isOn ? 'subscribe.categoryOffLabel' : 'subscribe.categoryLabel', { label });
  if (refusal === 'login-required') {
    return (
      <a className="button follow-button" href={loginHref} aria-label={name}>
        {text}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="button follow-button"
      aria-pressed={isOn}
      aria-label={name}
      aria-busy={isBusy || undefined}
      onClick={async () => {
        if (refusal === 'join-community') {
          show({ kind: 'info', message: t('subscribe.toast.joinCommunity') });
          return;
        }
        setBusy(true);
        setOn(await follow('category', categoryId, !isOn, label));
        setBusy(false);
      }}
    >
      {text}
    </button>
  );
}

/** The button with the toasts it shows. */
export function FollowButton(props: FollowButtonProps) {
  return (
    <ToastProvider>
      <Button {...props} />
    </ToastProvider>
  );
}
