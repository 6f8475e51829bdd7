/**
 * A comment's likes (SPEC §4 like button, likes separate for posts and comments).
 *
 * LIKE SLOT: the like button (`src/widget/engagement/like-button.tsx`, with `target="comment"`)
 * is being built beside this work; until it is in the code base this shows the count, read-only,
 * and hides it at zero (SPEC §4). Swap the body of this component for the button when it lands.
 */
import type { CommentView } from '../../domain/comments';
import { HeartIcon } from '../components/icons';
import { useTranslation } from '../i18n';

/** The likes of one comment. */
export function CommentLikes({ comment }: { comment: Pick<CommentView, 'id' | 'likeCount'> }) {
  const { t } = useTranslation();
  if (comment.likeCount <= 0) return null;
  return (
    <span className="comment__likes">
      <HeartIcon />
      <span aria-hidden="true">{comment.likeCount}</span>
      <span className="visually-hidden">{t('comments.likes', { count: comment.likeCount })}</span>
    </span>
  );
}
