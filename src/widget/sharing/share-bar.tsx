/**
 * The post's share bar (issue 6; SPEC §3 share channels, §6 "share (if enabled)", §7 pin script,
 * §8 link-copied toast): Facebook, X, LinkedIn and Pinterest as links to each network's share
 * page (they work before any script runs), copy link, and print. Each shows by its setting (SPEC
 * §9: print and Pinterest off by default), and the bar only when the share permission holds
 * (a published post, sharing on, a role that may share). On a computer with Pinterest on, the pin
 * script loads after the page is ready (SPEC §7).
 */
import '../comments/comments-messages';
import './share-bar.css';
import './print.css';
import { type ReactNode, useEffect } from 'react';
import shareEn from '../../../locales/share/en.json';
import type { FeedSettingsView } from '../../domain/settings';
import type { NetworkChannel } from '../../domain/share';
import { addNamespace } from '../../rich-content/i18n';
import { useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { loadPinterestScript } from './pinterest';

// These words load with the code that shows them, not in every page's script (decision 001).
addNamespace('share', shareEn);

/** What the bar shares: the post's absolute address and each network's share page for it. */
export interface SharedPost {
  /** Absolute (networks fetch it); copied by Copy link. */
  url: string;
  /**
   * Each network's share address (`domain/share.ts` `shareUrl`, with the title and, for
   * Pinterest, the cover), built by the server so that this bar carries no URL builder.
   */
  links: Partial<Record<NetworkChannel, string>>;
}

/** A network's mark, drawn in place (brand glyphs, simplified to one colour). */
const NETWORK_ICONS: Record<NetworkChannel, ReactNode> = {
  facebook: (
    <path d="M14 8h2.5V4.5H14c-2.5 0-4 1.7-4 4.2V11H7.5v3.5H10V21h3.6v-6.5h2.6l.5-3.5h-3.1V9c0-.6.2-1 .9-1z" />
  ),
  twitter: (
    <path d="M17.6 3.5h3l-6.6 7.5 7.8 9.5h-6.1l-4.8-6-5.5 6h-3l7.1-8-7.4-9h6.2l4.3 5.5zm-1 15.3h1.7L7.3 5.1H5.5z" />
  ),
  'linked-in': (
    <path d="M4.5 9h3.6v11H4.5zM6.3 3.5a2 2 0 1 1 0 4.1 2 2 0 0 1 0-4.1zM10.3 9h3.4v1.5h.1c.5-.9 1.7-1.8 3.4-1.8 3.6 0 4.3 2.3 4.3 5.4v5.9h-3.6v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8v5.3h-3.7z" />
  ),
  pinterest: (
    <path d="M12.2 2.5C6.9 2.5 4 6 4 9.8c0 1.8 1 4 2.5 4.7.2.1.4.1.4-.1l.3-1.4c0-.2 0-.3-.2-.4-.5-.6-.9-1.7-.9-2.8 0-2.7 2-5.3 5.5-5.3 3 0 5.1 2 5.1 4.9 0 3.3-1.7 5.6-3.9 5.6-1.2 0-2.1-1-1.8-2.2.3-1.5 1-3 1-4.1 0-.9-.5-1.7-1.6-1.7-1.2 0-2.2 1.3-2.2 3 0 1.1.4 1.8.4 1.8l-1.5 6.1c-.4 1.8 0 4.4.1 4.6 0 .1.2.2.3 0 .2-.2 2-2.9 2.4-4.5l.9-3.3c.5.9 1.8 1.6 3.2 1.6 4.2 0 7.2-3.9 7.2-8.7 0-4.6-3.8-8.1-8.7-8.1z" />
  ),
};

function Glyph({ children, isFilled = true }: { children: ReactNode; isFilled?: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={isFilled ? 'currentColor' : 'none'}
      stroke={isFilled ? 'none' : 'currentColor'}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** What the bar is given: plain data (an island's props on a reader page, issue 20). */
export interface ShareBarProps {
  post: SharedPost;
  channels: FeedSettingsView['share'];
  device: 'desktop' | 'mobile';
}

/** The bar; nothing when no channel is on. */
export function ShareBar({ post, channels, device }: ShareBarProps) {
  const { t } = useTranslation();
  const { show } = useToast();
  const wantsPins = channels.pinterest && device !== 'mobile';

  // SPEC §7: the pin script, on computers only, once the page is ready.
  useEffect(() => {
    if (wantsPins) void loadPinterestScript();
  }, [wantsPins]);

  // The server's order (domain/share.ts SHARE_NETWORKS), each channel by its setting.
  const networks = (Object.keys(post.links) as NetworkChannel[]).filter(
    (channel) => channels[channel],
  );
  if (networks.length === 0 && !channels.link && !channels.print) return null;

  function copyLink() {
    const copied = navigator.clipboard?.writeText(post.url) ?? Promise.reject();
    copied.then(
      () => show({ kind: 'info', message: t('share.linkCopied') }),
      () => show({ kind: 'error', message: t('share.copyFailed') }),
    );
  }

  return (
    <ul className="share-bar" aria-label={t('sharing.label')}>
      {networks.map((channel) => (
        <li key={channel}>
          <a
            className={`share-bar__button share-bar__button--${channel}`}
            href={post.links[channel]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(`share.on.${channel}`)}
            title={t(`share.on.${channel}`)}
            data-share={channel}
          >
            <Glyph>{NETWORK_ICONS[channel]}</Glyph>
          </a>
        </li>
      ))}
      {channels.link ? (
        <li>
          <button
            type="button"
            className="share-bar__button"
            aria-label={t('share.copyLink')}
            title={t('share.copyLink')}
            data-share="link"
            onClick={copyLink}
          >
            <Glyph isFilled={false}>
              <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
              <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
            </Glyph>
          </button>
        </li>
      ) : null}
      {channels.print ? (
        <li>
          <button
            type="button"
            className="share-bar__button"
            aria-label={t('sharing.print')}
            title={t('sharing.print')}
            data-share="print"
            onClick={() => window.print()}
          >
            <Glyph isFilled={false}>
              <path d="M7 9V3.5h10V9M7 17H4.5V9.5h15V17H17" />
              <path d="M7 14h10v6.5H7z" />
            </Glyph>
          </button>
        </li>
      ) : null}
    </ul>
  );
}
