/**
 * The "Pinned" mark of a post card with its tooltip (SPEC §4 pin tooltip: after 200 ms of hover,
 * hidden after 3 s or on leave; at once on keyboard focus or a tap).
 *
 * One button from the server's HTML on (decision 069): the tooltip used to load on the first
 * focus and replace the plain button with its own, which dropped keyboard focus to the page's
 * body (issue 23). The feed's list island, which carries the cards' behaviour, carries the
 * tooltip's few lines with it.
 */
import { useTranslation } from '../i18n';
import { PinIcon } from './icons';
import { PinTooltip } from './pin-tooltip';

/** The pinned mark. */
export function PinnedBadge() {
  const { t } = useTranslation();
  return (
    <PinTooltip content={t('post.pinnedTooltip')} className="post-card__pinned">
      <PinIcon />
      {t('post.pinned')}
    </PinTooltip>
  );
}
