/**
 * The line under a post's title: author (picture and name, the name a link to their profile),
 * publish date and reading time (SPEC §3 display toggles; §4 date rules; §9 a dash when the
 * owner's name is missing).
 */

import { formatPublishDate } from '../../domain/dates';
import type { DisplayToggle } from '../../domain/settings';
import type { MemberSummary } from '../../domain/views';
import { useTranslation } from '../i18n';
import { ResponsiveImage } from './responsive-image';

/** A publish date in the SPEC §4 format, with the exact instant in `dateTime`. */
export function PublishDate({
  date,
  now,
  timeZone,
}: {
  date: string;
  now: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const shown = formatPublishDate(date, new Date(now), i18n.language, timeZone);
  return (
    <time dateTime={shown.iso} suppressHydrationWarning>
      {shown.kind === 'few-seconds-ago' ? t('date.fewSecondsAgo') : shown.text}
    </time>
  );
}

/** An avatar: the member's picture, else their initial on a tinted disc. */
export function Avatar({ member, size }: { member: MemberSummary | null; size: number }) {
  const style = { width: size, height: size };
  if (member?.image) {
    return (
      <span className="avatar" style={style}>
        <ResponsiveImage
          image={{ ...member.image, alt: '' }}
          sizes={`${size}px`}
          preferredWidth={320}
        />
      </span>
    );
  }
  const initial = member?.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className="avatar avatar--initial" style={style} aria-hidden="true">
      {initial}
    </span>
  );
}

/** Which parts of the line to draw (SPEC §3 display toggles); all but the updated date by default. */
export type MetaDisplay = Partial<Record<DisplayToggle, boolean>>;

/** Author, date and reading time of a post, each part shown by its toggle. */
export function PostMeta({
  owner,
  date,
  updatedDate = null,
  timeToRead,
  now,
  timeZone,
  avatarSize = 32,
  display = {},
}: {
  owner: MemberSummary | null;
  date: string | null;
  updatedDate?: string | null;
  timeToRead: number;
  now: string;
  timeZone: string;
  avatarSize?: number;
  display?: MetaDisplay;
}) {
  const { t } = useTranslation();
  const isShown = (name: DisplayToggle) => display[name] ?? name !== 'updatedDate';
  const details: React.ReactNode[] = [];
  if (date && isShown('publishDate')) {
    details.push(<PublishDate key="date" date={date} now={now} timeZone={timeZone} />);
  }
  if (isShown('readingTime')) {
    details.push(<span key="read">{t('post.timeToRead', { count: timeToRead })}</span>);
  }
  if (updatedDate && updatedDate !== date && isShown('updatedDate')) {
    details.push(
      <span key="updated">
        {t('post.updated')} <PublishDate date={updatedDate} now={now} timeZone={timeZone} />
      </span>,
    );
  }
  const showsAuthor = isShown('authorName');
  const showsPicture = isShown('authorPicture');
  if (!showsAuthor && !showsPicture && details.length === 0) return null;
  return (
    <div className="post-meta">
      {showsPicture ? <Avatar member={owner} size={avatarSize} /> : null}
      <div className="post-meta__text">
        {showsAuthor ? (
          // The profile's address comes with the owner (SPEC §2: profile links), so the feed
          // needs no URL builder; without an owner it is a placeholder link, not focusable.
          <a className="post-meta__author" href={owner?.link}>
            {owner?.name || t('post.noAuthor')}
          </a>
        ) : null}
        {details.length > 0 ? (
          <span className="post-meta__details">
            {details.flatMap((part, i) =>
              i === 0
                ? [part]
                : [
                    // biome-ignore lint/suspicious/noArrayIndexKey: separators of a fixed list
                    <span key={`dot${i}`} aria-hidden="true">
                      {' · '}
                    </span>,
                    part,
                  ],
            )}
          </span>
        ) : null}
      </div>
    </div>
  );
}
