/**
 * The like button (SPEC §4 "Like button"), for a post or a comment (`target`; likes are separate
 * for each). The server renders it as a plain button with the reader's state (liked or not, the
 * count hidden at zero unless `showZero`); its behaviour loads on the first press, which it then
 * carries out (decision 009: feeds don't carry it in their scripts; decision 020), driving the
 * same button (decision 069: focus stays on it). The page is
 * the same for every reader; after hydration the reader's own like and a fresh count are laid
 * over it (decision 030). The comments section drops it in as `<LikeButton target="comment" … />`.
 */
import { lazy, type RefObject, Suspense, useRef, useState } from 'react';
import {
  isLikeCountShown,
  type LikeStateView,
  type LikeTarget,
  likeActionKey,
} from '../../domain/likes';
import { compactNumber } from '../components/compact-number';
import { HeartIcon } from '../components/icons';
import { useTranslation } from '../i18n';
import { Island } from '../islands/island';
import './engagement.css';
import { Personal, useReaderState } from '../reader/reader';

const LiveLike = lazy(() => import('./like-button-live'));

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
 * The button's markup. Its `data-action-key` lets a login continue the like (gated-action.tsx).
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

/** What the live behaviour is given: the state to start from, and where to report. */
export interface LiveLikeProps extends LikeButtonProps {
  /** The state to show from now on (optimistic, then the server's). */
  onState(state: LikeStateView): void;
  /** Set to the live press handler, which later presses call. */
  pressRef: RefObject<(() => void) | null>;
}

function ReadersLikeButton(props: LikeButtonProps) {
  const [isLive, setLive] = useState(false);
  const [own, setOwn] = useState<LikeStateView | null>(null);
  const press = useRef<(() => void) | null>(null);
  const laid = useReaderState(`${props.target}:${props.id}`);
  const start = laid ? { ...props, isLiked: laid.isLiked, likeCount: laid.likeCount } : props;
  const shown = own ? { ...start, ...own } : start;
  // Issue 23: the button stays the same element from the server's HTML to the live like, so
  // keyboard focus stays on it through a press (a button swapped for another dropped focus to
  // the page's body). The behaviour loads beside it and drives it: it renders no button.
  return (
    <>
      <LikeButtonView
        {...shown}
        onPress={() => (press.current ? press.current() : setLive(true))}
      />
      {isLive ? (
        <Suspense fallback={null}>
          <LiveLike {...start} onState={setOwn} pressRef={press} />
        </Suspense>
      ) : null}
    </>
  );
}
