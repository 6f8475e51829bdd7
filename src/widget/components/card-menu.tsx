/**
 * A post card's more-options menu (SPEC §4 more-options menu; SPEC §3 share channels): copy the
 * post's link and share it on the channels the owner turned on. Loaded on the first click of the
 * card's menu button (`CardMoreOptions`), with its own toast for "Link copied" (SPEC §8 toasts).
 * Members' actions (subscribe, edit, pin, report, ...) join this menu with the members issue.
 */

import shareEn from '../../../locales/share/en.json';
import type { FeedSettingsView } from '../../domain/settings';
import { shareUrl } from '../../domain/share';
import { addNamespace } from '../../rich-content/i18n';
import { useTranslation } from '../i18n';
import { type MenuItem, MoreOptionsMenu } from './more-options-menu';
import { ToastProvider, useToast } from './toasts';

// These words load with the code that shows them, not in every page's script (decision 001).
addNamespace('share', shareEn);

/** What the menu needs of a post. */
export interface CardMenuPost {
  title: string;
  link: string;
}

function Menu({ post, share }: { post: CardMenuPost; share: FeedSettingsView['share'] }) {
  const { t } = useTranslation();
  const { show } = useToast();
  const absolute = () => new URL(post.link, window.location.href).href;
  const items: MenuItem[] = [];
  if (share.link) {
    items.push({
      id: 'copy-link',
      label: t('share.copyLink'),
      onSelect: () => {
        navigator.clipboard.writeText(absolute()).then(
          () => show({ kind: 'info', message: t('share.linkCopied') }),
          () => show({ kind: 'error', message: t('share.copyFailed') }),
        );
      },
    });
  }
  for (const channel of ['facebook', 'twitter', 'linked-in', 'pinterest'] as const) {
    if (!share[channel]) continue;
    items.push({
      id: channel,
      label: t(`share.on.${channel}`),
      onSelect: () => {
        window.open(shareUrl(channel, absolute(), post.title), '_blank', 'noopener,noreferrer');
      },
    });
  }
  return (
    <MoreOptionsMenu
      items={items}
      label={t('post.moreOptions', { title: post.title })}
      className="post-card__menu"
      startOpen
    />
  );
}

/** The menu, open, with the toasts its actions show. */
export function CardMenu(props: { post: CardMenuPost; share: FeedSettingsView['share'] }) {
  return (
    <ToastProvider>
      <Menu {...props} />
    </ToastProvider>
  );
}
