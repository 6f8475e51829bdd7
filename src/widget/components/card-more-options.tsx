/**
 * The card's more-options button (SPEC §4: opens on click). The menu's code loads with the first
 * click, which it then opens; until then this is a plain button, so feeds don't carry the menu
 * in their scripts.
 */
import { lazy, Suspense, useState } from 'react';
import type { FeedSettingsView } from '../../domain/settings';
import { useTranslation } from '../i18n';
import { Island } from '../islands/island';
import type { CardMenuPost } from './card-menu';
import { DotsIcon } from './icons';

const CardMenu = lazy(() => import('./card-menu').then((m) => ({ default: m.CardMenu })));

/** The button, then the menu. */
export function CardMoreOptions({
  post,
  share,
}: {
  post: CardMenuPost;
  share: FeedSettingsView['share'];
}) {
  return (
    // An island on reader pages (decision 053): its code loads on the first hover, focus or press.
    <Island name="card-menu" props={{ post, share }}>
      <CardMoreOptionsButton post={post} share={share} />
    </Island>
  );
}

function CardMoreOptionsButton({
  post,
  share,
}: {
  post: CardMenuPost;
  share: FeedSettingsView['share'];
}) {
  const { t } = useTranslation();
  const [isLoaded, setLoaded] = useState(false);
  const button = (
    <button
      type="button"
      className="menu-button post-card__menu"
      aria-label={t('post.moreOptions', { title: post.title })}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setLoaded(true)}
    >
      <DotsIcon />
    </button>
  );
  if (!isLoaded) return button;
  return (
    <Suspense fallback={button}>
      <CardMenu post={post} share={share} />
    </Suspense>
  );
}
