/**
 * Following and unfollowing the blog, a category or a post's comments, with the toasts of SPEC §8
 * (subscribed, unsubscribed, category subscribed/unsubscribed). Needs a `ToastProvider` above it.
 */
import './subscribe-messages';
import { useCallback } from 'react';
import type { SubscriptionTarget } from '../../domain/comments';
import { useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { setSubscribed } from './comments-api';

/** The toast of SPEC §8 for a follow or an unfollow, by what was followed. */
function followMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  type: SubscriptionTarget,
  isSubscribed: boolean,
  label: string,
): string {
  if (type === 'post')
    return t(isSubscribed ? 'subscribe.toast.subscribed' : 'subscribe.toast.unsubscribed');
  if (type === 'blog') {
    return t(isSubscribed ? 'subscribe.toast.blogSubscribed' : 'subscribe.toast.blogUnsubscribed', {
      name: label,
    });
  }
  return t(
    isSubscribed ? 'subscribe.toast.categorySubscribed' : 'subscribe.toast.categoryUnsubscribed',
    { label },
  );
}

/**
 * Follows or unfollows, then says so; resolves with the new state, or the old one when it failed
 * (the toast says that too).
 */
export function useFollow() {
  const { t } = useTranslation();
  const { show } = useToast();
  return useCallback(
    async (type: SubscriptionTarget, targetId: string, isSubscribed: boolean, label = '') => {
      const result = await setSubscribed(type, targetId, isSubscribed);
      if (result.ok) {
        // SPEC §8: a category's follow is a success toast, the others are info toasts.
        const kind = type === 'category' ? 'success' : 'info';
        show({ kind, message: followMessage(t, type, isSubscribed, label) });
        return isSubscribed;
      }
      show({
        kind: 'error',
        message: t(
          result.code === 'join-community'
            ? 'subscribe.toast.joinCommunity'
            : 'subscribe.toast.failed',
        ),
      });
      return !isSubscribed;
    },
    [show, t],
  );
}
