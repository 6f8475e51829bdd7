/**
 * The category header's Follow button (issue 6; SPEC §6 subscribe): drawn by the server as a
 * plain button (a link to the login page for a visitor, which works before any script), whose
 * code (`follow-button-live.tsx`: the call, the toasts, the gated-action modals) loads with the
 * first press and continues it, as the cards' menu does (decision 009). Logging in presses it
 * again (its `data-action-key`), and the category is followed.
 */
import './subscribe-messages';
import './follow-button.css';
import { lazy, Suspense, useState } from 'react';
import type { GateReason } from '../../domain/engagement';
import { useTranslation } from '../i18n';

const FollowButtonLive = lazy(() => import('./follow-button-live'));

export interface FollowButtonProps {
  categoryId: string;
  label: string;
  isFollowing: boolean;
  /** Why the reader may not follow (`whyNot(actor, 'subscribe')`, a demo site's too), or null. */
  refusal: GateReason | null;
  loginHref: string;
}

/** The button, then its code. */
export function FollowButton(props: FollowButtonProps) {
  const { t } = useTranslation();
  const [isLoaded, setLoaded] = useState(false);
  const { label, isFollowing, refusal, loginHref } = props;
  const actionKey = `category:follow:${props.categoryId}`;
  const text = t(isFollowing ? 'subscribe.categoryOff' : 'subscribe.category');
  const name = t(isFollowing ? 'subscribe.categoryOffLabel' : 'subscribe.categoryLabel', {
    label,
  });
  const shell =
    refusal === 'login-required' ? (
      <a
        className="button follow-button"
        href={loginHref}
        aria-label={name}
        data-action-key={actionKey}
        onClick={(event) => {
          event.preventDefault();
          setLoaded(true);
        }}
      >
        {text}
      </a>
    ) : (
      <button
        type="button"
        className="button follow-button"
        aria-pressed={isFollowing}
        aria-label={name}
        data-action-key={actionKey}
        onClick={() => setLoaded(true)}
      >
        {text}
      </button>
    );
  if (!isLoaded) return shell;
  return (
    <Suspense fallback={shell}>
      <FollowButtonLive {...props} startPressed />
    </Suspense>
  );
}
