/**
 * The like button's behaviour (SPEC §4), loaded by the first press of a `LikeButton`, which it
 * carries out and whose button it then drives (it renders none, so focus stays on it): optimistic (+1 newly liked, −1 unliked, at once), then the server's answer (SPEC §7
 * incrementPostLikeCount as an idempotent PUT or DELETE) sets the true count; a refusal rolls the
 * press back with an error toast. A gated press (a visitor with anonymous likes off, a private
 * member, a demo site) goes through the gated action instead (SPEC §4, §6).
 */
import { useEffect, useRef } from 'react';
import { toggledLike } from '../../domain/like-actions';
import type { LikeStateView } from '../../domain/likes';
import { likeActionKey } from '../../domain/likes';
import { useTranslation } from '../i18n';
import { layOver } from '../reader/reader';
import { setLike } from './engagement-client';
import { EngagementProviders, useEngagementGates, useGatedAction } from './gated-action';
import type { LiveLikeProps } from './like-button';

function LiveBehaviour(props: LiveLikeProps) {
  const { target, id, onState, pressRef } = props;
  const { t } = useTranslation();
  const gates = useEngagementGates();
  const reason = gates[target === 'post' ? 'post:like' : 'comment:like'];
  const { run, refused, fail } = useGatedAction();
  const current = useRef<LikeStateView>({ isLiked: props.isLiked, likeCount: props.likeCount });
  function setState(state: LikeStateView) {
    current.current = state;
    onState(state);
  }
  // Only the latest press's answer counts: an earlier one arriving late would undo it.
  const latest = useRef(0);
  const actionKey = likeActionKey(target, id);

  async function toggle() {
    const before = current.current;
    const next = toggledLike(before);
    setState(next);
    const press = ++latest.current;
    const result = await setLike(target, id, next.isLiked);
    if (press !== latest.current) return;
    if (result.ok) {
      setState(result.value);
      // The next page showing it (a client navigation) starts from the reader's own like.
      layOver(`${target}:${id}`, result.value);
      return;
    }
    setState(before);
    if (result.reason === 'failed') fail(t('engagement.likeFailed'));
    else refused(result.reason, { actionKey, perform: toggle });
  }

  function handlePress() {
    // Taking one's own like back is never gated (decision 020), but a demo site stays as it is.
    const isUnlike = current.current.isLiked && reason !== 'demo_mode';
    run({ reason: isUnlike ? null : reason, actionKey, perform: toggle });
  }

  // Later presses of the button come here.
  pressRef.current = handlePress;

  // The press that loaded this module.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the press that loaded it
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    handlePress();
  }, []);

  return null;
}

/**
 * The like's behaviour, with the toasts and modals its refusals show (portalled into the shell's
 * roots: it draws nothing beside the button it drives).
 */
export default function LiveLike(props: LiveLikeProps) {
  return (
    <EngagementProviders>
      <LiveBehaviour {...props} />
    </EngagementProviders>
  );
}
