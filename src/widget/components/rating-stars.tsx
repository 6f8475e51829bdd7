/**
 * A post's rating as stars and text (SPEC §5 stars, §9 formats and the no-ratings label), on
 * feed cards and on the post page. Ratings are off unless the owner turns them on (SPEC §3), so
 * feed cards load this module only when they show a rating (post-card.tsx).
 */
import { clampRating, formatRating, type RatingFormat, starsOf } from '../../domain/ratings';
import { useTranslation } from '../i18n';
import './rating-stars.css';

/** A post's rating as stars and text (SPEC §5 stars, §9 formats and the no-ratings label). */
export function RatingStars({
  average,
  count,
  format,
}: {
  average: number;
  count: number;
  format: RatingFormat;
}) {
  const { t, i18n } = useTranslation();
  const text = formatRating(format, average, count, i18n.language);
  // SPEC §9: one decimal in words too; the stars take the exact average.
  const value = clampRating(average);
  return (
    <span className="rating" title={text ? t('rating.label', { value, count }) : undefined}>
      <span className="rating__stars" aria-hidden="true">
        {starsOf(average).map((star, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
          <span key={i} className={`rating__star is-${star}`} />
        ))}
      </span>
      <span className="visually-hidden">{text ? t('rating.label', { value, count }) : ''}</span>
      <span aria-hidden={text ? 'true' : undefined}>{text ?? t('rating.none')}</span>
    </span>
  );
}
