/**
 * The like button (SPEC §4 "Like button"), for a post or a comment (`target`; likes are separate
 * for each). The server renders it as a plain button with the reader's state (liked or not, the
 * count hidden at zero unless `showZero`); its behaviour loads on the first press, which it then
 * carries out (decision 009: feeds don't carry it in their scripts; decision 020). The page is
 * the same for every reader; after hydration the reader's own like and a fresh count are laid
 * over it (decision 030). The comments section drops it in as `<LikeButton target="comment" … />`.
 */
import { lazy, Suspense, useState } from 'react';
import { isLikeCountShown, type LikeTarget, likeActionKey } from '../../domain/likes';
import { compactNumber } from '../components/compact-number';
import { HeartIcon } from '../components/icons';
import { useTranslation } from '../i18n';
import { Island } from '../islands/island';
import './engagement.css';
import { Personal, useReaderState } from '../reader/reader';

const LiveLikeButton = lazy(() => import('./like-button-live'));

export interface LikeButtonProps {
  target: LikeTarget;
  /** The post's or the comment's id. */
  id: string;
  likeCount: number;
  /** Whether the reader likes it as the page says (the overlay then says for every reader). */
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
      {/* Always there, empty at zero: its space is kept for a count the overlay brings. */}
      <span className="like-button__count">
        {isLikeCountShown(likeCount, showZero)
          ? compactNumber(i18n.language).format(likeCount)
          : ''}
      </span>
    </button>
  );
}

/**
 * The button with the reader's state laid over the page's; pressing it loads its behaviour and
 * likes (or unlikes) at once, from what it shows then.
 */
export function LikeButton(props: LikeButtonProps) {
  // An island on reader pages (decision 053): its code loads on the first hover, focus or press.
  return (
    <Island name="like" props={props}>
      <Personal>
        <ReadersLikeButton {...props} />
      </Personal>
    </Island>
  );
}

function ReadersLikeButton(props: LikeButtonProps) {
  const [isLive, setLive] = useState(false);
  const laid = useReaderState(`${props.target}:${props.id}`);
  const shown = laid ? { ...props, isLiked: laid.isLiked, likeCount: laid.likeCount } : props;
  const plain = <LikeButtonView {...shown} onPress={() => setLive(true)} />;
  if (!isLive) return plain;
  return (
    <Suspense fallback={plain}>
      <LiveLikeButton {...shown} />
    </Suspense>
  );
}
