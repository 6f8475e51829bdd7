/**
 * The like button (SPEC §4 "Like button"), for a post or a comment (`target`; likes are separate
 * for each). The server renders it as a plain button with the reader's state (liked or not, the
 * count hidden at zero unless `showZero`); its behaviour loads on the first press, which it then
 * carries out (decision 009: feeds don't carry it in their scripts; decision 020). The comments
 * section drops it in as `<LikeButton target="comment" … />`.
 */
import { lazy, Suspense, useState } from 'react';
import { isLikeCountShown, type LikeTarget, likeActionKey } from '../../domain/likes';
import { compactNumber } from '../components/compact-number';
import { HeartIcon } from '../components/icons';
import { useTranslation } from '../i18n';
import './engagement.css';

const LiveLikeButton = lazy(() => import('./like-button-live'));

export interface LikeButtonProps {
  target: LikeTarget;
  /** The post's or the comment's id. */
  id: string;
  likeCount: number;
  /** Whether the reader likes it (members' pages know; visitors' pages say no). */
  isLiked: boolean;
  /** SPEC §4: show the count at zero too. */
  showZero?: boolean;
}

/**
 * The button's markup, shared by the plain and the live button so that one becomes the other.
 * Its `data-action-key` lets a login continue the like (gated-action.tsx).
 */
export function LikeButtonView({
  target,
  id,
  likeCount,
  isLiked,
  showZero,
  onPress,
}: LikeButtonProps & { onPress(): void }) {
  const { t, i18n } = useTranslation();
  return (
    <button
      type="button"
      className="like-button"
      aria-pressed={isLiked}
      data-action-key={likeActionKey(target, id)}
      onClick={onPress}
    >
      <HeartIcon />
      <span className="visually-hidden">{t(`like.${target}`)}</span>
      {isLikeCountShown(likeCount, showZero) ? (
        <span className="like-button__count">{compactNumber(i18n.language).format(likeCount)}</span>
      ) : null}
    </button>
  );
}

/** The button; pressing it loads its behaviour and likes (or unlikes) at once. */
export function LikeButton(props: LikeButtonProps) {
  const [isLive, setLive] = useState(false);
  const plain = <LikeButtonView {...props} onPress={() => setLive(true)} />;
  if (!isLive) return plain;
  return (
    <Suspense fallback={plain}>
      <LiveLikeButton {...props} />
    </Suspense>
  );
}
