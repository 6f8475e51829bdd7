/**
 * The line under a post's title: author (picture and name), publish date and reading time
 * (SPEC §3 display toggles; §4 date rules; §9 a dash when the owner's name is missing).
 */

import { formatPublishDate } from '../../domain/dates';
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

/** Author, date and reading time of a post. */
export function PostMeta({
  owner,
  date,
  timeToRead,
  now,
  timeZone,
  avatarSize = 32,
}: {
  owner: MemberSummary | null;
  date: string | null;
  timeToRead: number;
  now: string;
  timeZone: string;
  avatarSize?: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="post-meta">
      <Avatar member={owner} size={avatarSize} />
      <div className="post-meta__text">
        <span className="post-meta__author">{owner?.name || t('post.noAuthor')}</span>
        <span className="post-meta__details">
          {date ? <PublishDate date={date} now={now} timeZone={timeZone} /> : null}
          {date ? <span aria-hidden="true"> · </span> : null}
          <span>{t('post.timeToRead', { count: timeToRead })}</span>
        </span>
      </div>
    </div>
  );
}
