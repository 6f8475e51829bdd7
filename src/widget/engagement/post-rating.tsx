/**
 * A post's rating on its page (SPEC §3 ratings, §5 stars, §9 formats), when the owner turned
 * ratings on: the average and count in the blog's format, and five stars to rate it with (a
 * member's second rating replaces the first). The server renders the stars as plain buttons with
 * the member's own rating; pressing one loads the rating's behaviour, which rates at once (a
 * visitor is asked to log in first and the star is pressed again after, SPEC §4).
 */
import { lazy, Suspense, useState } from 'react';
import type { RatingFormat } from '../../domain/ratings';
import { RatingStars } from '../components/rating-stars';
import { useTranslation } from '../i18n';
import './engagement.css';
import './engagement-messages';
import { Island } from '../islands/island';
import { Personal, useReaderState } from '../reader/reader';

const LivePostRating = lazy(() => import('./post-rating-live'));

/** The five values a reader can pick. */
export const RATING_CHOICES = [1, 2, 3, 4, 5] as const;

/** A star's control key: logging in presses it again (gated-action.tsx). */
export function rateActionKey(postId: string, value: number): string {
  return `rate:${postId}:${value}`;
}

export interface PostRatingProps {
  postId: string;
  averageRating: number;
  totalRatings: number;
  /** The member's own rating; null for a visitor or before they rate. */
  myRating: number | null;
  format: RatingFormat;
}

/** The rating's markup, shared by the plain and the live rating. */
export function PostRatingView({
  postId,
  averageRating,
  totalRatings,
  myRating,
  format,
  isBusy = false,
  onRate,
}: PostRatingProps & { isBusy?: boolean; onRate(value: number): void }) {
  const { t } = useTranslation();
  // From the post, not useId: the rating is rendered again alone for each reader (decision 050).
  const labelId = `post-rating-${postId}-label`;
  return (
    <section className="post-rating" aria-labelledby={labelId}>
      <div className="post-rating__summary">
        <RatingStars average={averageRating} count={totalRatings} format={format} />
      </div>
      <div className="post-rating__rate">
        <span className="post-rating__label" id={labelId}>
          {myRating === null
            ? t('engagement.rating.title')
            : t('engagement.rating.yours', { value: myRating })}
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a fieldset form */}
        <div
          className="post-rating__stars"
          role="group"
          aria-labelledby={labelId}
          aria-busy={isBusy}
        >
          {RATING_CHOICES.map((value) => (
            <button
              key={value}
              type="button"
              className={
                myRating !== null && value <= myRating
                  ? 'post-rating__star is-chosen'
                  : 'post-rating__star'
              }
              aria-pressed={myRating === value}
              aria-label={t('engagement.rating.star', { count: value })}
              data-action-key={rateActionKey(postId, value)}
              onClick={() => onRate(value)}
            >
              <span className="rating__star" />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * The rating, with the member's own rating and fresh totals laid over the page's once the overlay
 * has them (decision 030); the first press of a star loads its behaviour and rates.
 */
export function PostRating(props: PostRatingProps) {
  // An island on reader pages (decision 053): its code loads on the first hover, focus or press.
  return (
    <Island name="rating" props={props}>
      <Personal>
        <ReadersPostRating {...props} />
      </Personal>
    </Island>
  );
}

function ReadersPostRating(props: PostRatingProps) {
  const [firstValue, setFirstValue] = useState<number | null>(null);
  const laid = useReaderState(`post:${props.postId}`);
  const shown =
    laid?.totalRatings === undefined
      ? props
      : {
          ...props,
          averageRating: laid.averageRating ?? props.averageRating,
          totalRatings: laid.totalRatings,
          myRating: laid.myRating ?? null,
        };
  const plain = <PostRatingView {...shown} onRate={setFirstValue} />;
  if (firstValue === null) return plain;
  return (
    <Suspense fallback={plain}>
      <LivePostRating {...shown} firstValue={firstValue} />
    </Suspense>
  );
}
