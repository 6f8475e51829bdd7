/**
 * A comment's likes (SPEC §4 like button, likes separate for posts and comments): the shared
 * like button with `target="comment"`, the count hidden at zero (SPEC §4), the member's own like
 * shown where the page knows it.
 */
import type { CommentView } from '../../domain/comments';
import { LikeButton } from '../engagement/like-button';

/** The likes of one comment. */
export function CommentLikes({
  comment,
}: {
  comment: Pick<CommentView, 'id' | 'likeCount' | 'isLiked'>;
}) {
  return (
    <span className="comment__likes">
      <LikeButton
        target="comment"
        id={comment.id}
        likeCount={comment.likeCount}
        isLiked={comment.isLiked === true}
      />
    </span>
  );
}
