/**
 * The card's more-options button (SPEC §4: opens on click). The menu's code loads with the first
 * click, which it then opens; until then this is a plain button, so feeds don't carry the menu
 * in their scripts.
 */
import { lazy, Suspense, useState } from 'react';
import type { FeedSettingsView } from '../../domain/settings';
import { useTranslation } from '../i18n';
import type { CardMenuPost } from './card-menu';

const CardMenu = lazy(() => import('./card-menu').then((m) => ({ default: m.CardMenu })));

/** Three dots, as the menu draws them. */
function Dots() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

/** The button, then the menu. */
export function CardMoreOptions({
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
      <Dots />
    </button>
  );
  if (!isLoaded) return button;
  return (
    <Suspense fallback={button}>
      <CardMenu post={post} share={share} />
    </Suspense>
  );
}
