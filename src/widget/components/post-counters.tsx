/**
 * View, comment and like counts of a post (SPEC §3 counters). SPEC §4: the like count is hidden
 * at zero unless asked to show it.
 */

import type { PostSummary } from '../../domain/views';
import { useTranslation } from '../i18n';
import { CommentIcon, EyeIcon, HeartIcon } from './icons';

/** The counters row. */
export function PostCounters({
  counters,
  showZeroLikes = false,
}: {
  counters: PostSummary['counters'];
  showZeroLikes?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { notation: 'compact' });
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
