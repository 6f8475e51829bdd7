/**
 * View, comment and like counts of a post (SPEC §3 counters). SPEC §4: the like count is hidden
 * at zero unless asked to show it.
 */

import type { DisplayToggle } from '../../domain/settings';
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

/** The counters row; each counter shown by its display toggle (SPEC §3), all by default. */
export function PostCounters({
  counters,
  showZeroLikes = false,
  display = {},
}: {
  counters: PostSummary['counters'];
  showZeroLikes?: boolean;
  display?: Partial<Record<DisplayToggle, boolean>>;
}) {
  const { t, i18n } = useTranslation();
  const { viewCount = true, commentCount = true, likeCount = true } = display;
  if (!viewCount && !commentCount && !likeCount) return null;
  const number = compactNumber(i18n.language);
  const labels = {
    views: t('post.views', { count: counters.viewCount }),
    comments: t('post.comments', { count: counters.totalComments }),
    likes: t('post.likes', { count: counters.likeCount }),
  };
  return (
    <ul className="post-counters">
      {viewCount ? (
        <li title={labels.views}>
          <EyeIcon />
          <span className="visually-hidden">{labels.views}</span>
          <span aria-hidden="true">{number.format(counters.viewCount)}</span>
        </li>
      ) : null}
      {commentCount ? (
        <li title={labels.comments}>
          <CommentIcon />
          <span className="visually-hidden">{labels.comments}</span>
          <span aria-hidden="true">{number.format(counters.totalComments)}</span>
        </li>
      ) : null}
      {likeCount ? (
        <li className="post-counters__likes" title={labels.likes}>
          <HeartIcon />
          <span className="visually-hidden">{labels.likes}</span>
          {counters.likeCount > 0 || showZeroLikes ? (
            <span aria-hidden="true">{number.format(counters.likeCount)}</span>
          ) : null}
        </li>
      ) : null}
    </ul>
  );
}
