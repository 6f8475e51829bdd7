/**
 * The post rating's behaviour, loaded by the first press of a star, which it carries out: the
 * member's rating and the average move at once (a second rating replaces the first), then the
 * server's answer sets them; a refusal rolls back with an error toast, and a visitor is asked to
 * log in, after which the same star is pressed again (SPEC §4 gated actions).
 */
import { useEffect, useRef, useState } from 'react';
import { averageRating, type RatingTotals, totalsAfterRating } from '../../domain/ratings';
import { useTranslation } from '../i18n';
import { ratePost } from './engagement-client';
import { EngagementProviders, useEngagementGates, useGatedAction } from './gated-action';
import { type PostRatingProps, PostRatingView, rateActionKey } from './post-rating';

interface RatingState {
  totals: RatingTotals;
  myRating: number | null;
}

type LivePostRatingProps = PostRatingProps & { firstValue: number };

function LiveRating({ firstValue, ...props }: LivePostRatingProps) {
  const { t } = useTranslation();
  const gates = useEngagementGates();
  const { run, refused, fail } = useGatedAction();
  const [state, setState] = useState<RatingState>(() => ({
    // The page has the average, not the stored sum: the average times the count stands for it
    // (to a tenth), until the server's answer says the true average.
    totals: { sum: props.averageRating * props.totalRatings, count: props.totalRatings },
    myRating: props.myRating,
  }));
  const current = useRef(state);
  current.current = state;
  const latest = useRef(0);
  const [isBusy, setBusy] = useState(false);

  async function rate(value: number) {
    const before = current.current;
    const next: RatingState = {
      totals: totalsAfterRating(before.totals, before.myRating, value),
      myRating: value,
    };
    current.current = next;
    setState(next);
    setBusy(true);
    const press = ++latest.current;
    const result = await ratePost(props.postId, value);
    if (press !== latest.current) return;
    setBusy(false);
    if (result.ok) {
      const { averageRating: average, totalRatings, myRating } = result.value;
      const settled = {
        totals: { sum: average * totalRatings, count: totalRatings },
        myRating,
      };
      current.current = settled;
      setState(settled);
      return;
    }
    current.current = before;
    setState(before);
    const action = { actionKey: rateActionKey(props.postId, value), perform: () => rate(value) };
    if (result.reason === 'failed') fail(t('engagement.ratingFailed'));
    else refused(result.reason, action);
  }

  function handleRate(value: number) {
    run({
      reason: gates['post:rate'],
      actionKey: rateActionKey(props.postId, value),
      perform: () => rate(value),
    });
  }

  // The press that loaded this module.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the press that loaded it
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    handleRate(firstValue);
  }, []);

  return (
    <PostRatingView
      {...props}
      averageRating={averageRating(state.totals)}
      totalRatings={state.totals.count}
      myRating={state.myRating}
      isBusy={isBusy}
      onRate={handleRate}
    />
  );
}

/** The live rating with the toasts and modals its refusals show. */
export default function LivePostRating(props: LivePostRatingProps) {
  return (
    <EngagementProviders>
      <LiveRating {...props} />
    </EngagementProviders>
  );
}
