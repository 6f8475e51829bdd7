/**
 * View, comment and like counts of a post (SPEC §3 counters). SPEC §4: the like count is hidden
 * at zero unless asked to show it. Given `like`, the like count is the post's like button.
 */

import type { DisplayToggle } from '../../domain/settings';
import type { PostSummary } from '../../domain/views';
import { LikeButton } from '../engagement/like-button';
import { useTranslation } from '../i18n';
import { compactNumber } from './compact-number';
import { CommentIcon, EyeIcon, HeartIcon } from './icons';

/** The counters row; each counter shown by its display toggle (SPEC §3), all by default. */
export function PostCounters({
  counters,
  showZeroLikes = false,
  display = {},
  like,
}: {
  counters: PostSummary['counters'];
  showZeroLikes?: boolean;
  display?: Partial<Record<DisplayToggle, boolean>>;
  /** The post whose like button the like count is, and whether the reader likes it. */
  like?: { postId: string; isLiked: boolean };
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
      {likeCount && like ? (
        <li className="post-counters__likes">
          <LikeButton
            target="post"
            id={like.postId}
            likeCount={counters.likeCount}
            isLiked={like.isLiked}
            showZero={showZeroLikes}
          />
        </li>
      ) : likeCount ? (
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
