/**
 * The Follow button's code (issue 6; SPEC §6 subscribe, §8 "category subscribed / unsubscribed"
 * toasts), loaded by the first press of the button `follow-button.tsx` draws, whose press it then
 * continues (`startPressed`). A gated action (SPEC §4, §6; gated-action.tsx): a visitor is sent
 * to log in and comes back following, a private member is offered to join the community, a demo
 * site opens its modal. Carries its own toasts and modals, like the cards' menu.
 */
import { useEffect, useRef, useState } from 'react';
import { EngagementProviders, useGatedAction } from '../engagement/gated-action';
import { useTranslation } from '../i18n';
import type { FollowButtonProps } from './follow-button';
import { useFollow } from './use-follow';

function Button({
  categoryId,
  label,
  isFollowing,
  refusal,
  loginHref,
  startPressed,
}: FollowButtonProps & { startPressed: boolean }) {
  const { t } = useTranslation();
  const gated = useGatedAction();
  const follow = useFollow();
  const [isOn, setOn] = useState(isFollowing);
  const [isBusy, setBusy] = useState(false);
  const actionKey = `category:follow:${categoryId}`;
  const text = t(isOn ? 'subscribe.categoryOff' : 'subscribe.category');
  const name = t(isOn ? 'subscribe.categoryOffLabel' : 'subscribe.categoryLabel', { label });
  async function toggle() {
    setBusy(true);
    setOn(await follow('category', categoryId, !isOn, label));
    setBusy(false);
  }
  function press() {
    if (refusal === 'login-required') {
      gated.refused('login-required', { actionKey, perform: () => undefined });
    } else {
      gated.run({ reason: refusal, actionKey, perform: toggle });
    }
  }
  // The press that loaded this code.
  const pressOnMount = useRef(startPressed);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (pressOnMount.current) {
      pressOnMount.current = false;
      press();
    }
  }, []);
  if (refusal === 'login-required') {
    return (
      // A link that works before scripts; with them, logging in comes back and follows.
      <a
        className="button follow-button"
        href={loginHref}
        aria-label={name}
        data-action-key={actionKey}
        onClick={(event) => {
          event.preventDefault();
          press();
        }}
      >
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
      data-action-key={actionKey}
      onClick={press}
    >
      {text}
    </button>
  );
}

/** The button with the toasts and modals it shows, continuing the press that loaded it. */
export default function FollowButtonLive(props: FollowButtonProps & { startPressed: boolean }) {
  return (
    <EngagementProviders>
      <Button {...props} />
    </EngagementProviders>
  );
}
