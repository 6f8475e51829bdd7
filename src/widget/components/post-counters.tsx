/**
 * View, comment and like counts of a post (SPEC §3 counters). SPEC §4: the like count is hidden
 * at zero unless asked to show it.
 */

import type { PostSummary } from '../../domain/views';
import { useTranslation } from '../i18n';
import { CommentIcon, EyeIcon, HeartIcon } from './icons';

const compactFormats = new Map<string, Intl.NumberFormat>();

/** Compact numbers (1.1K) in the reader's language; formatters are costly, so one per language. */
function compactNumber(language: string): Intl.NumberFormat {
  let format = compactFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { notation: 'compact' });
    compactFormats.set(language, format);
  }
  return format;
}

/** The counters row. */
export function PostCounters({
  counters,
  showZeroLikes = false,
}: {
  counters: PostSummary['counters'];
  showZeroLikes?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = compactNumber(i18n.language);
  return (
    <ul className="post-counters">
      <li title={t('post.views', { count: counters.viewCount })}>
        <EyeIcon />
        <span className="visually-hidden">{t('post.views', { count: counters.viewCount })}</span>
        <span aria-hidden="true">{number.format(counters.viewCount)}</span>
      </li>
      <li title={t('post.comments', { count: counters.totalComments })}>
        <CommentIcon />
        <span className="visually-hidden">
          {t('post.comments', { count: counters.totalComments })}
        </span>
        <span aria-hidden="true">{number.format(counters.totalComments)}</span>
      </li>
      <li className="post-counters__likes" title={t('post.likes', { count: counters.likeCount })}>
        <HeartIcon />
        <span className="visually-hidden">{t('post.likes', { count: counters.likeCount })}</span>
        {counters.likeCount > 0 || showZeroLikes ? (
          <span aria-hidden="true">{number.format(counters.likeCount)}</span>
        ) : null}
      </li>
    </ul>
  );
}
