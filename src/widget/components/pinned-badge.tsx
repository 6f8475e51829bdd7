/**
 * The "Pinned" mark of a post card with its tooltip (SPEC §4 pin tooltip: after 200 ms of hover,
 * hidden after 3 s or on leave). The tooltip's code loads when a reader first points at or
 * focuses the mark, so feeds don't carry it in their scripts.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n';
import { PinIcon } from './icons';

const PinTooltip = lazy(() => import('./pin-tooltip').then((m) => ({ default: m.PinTooltip })));

/** The pinned mark. */
export function PinnedBadge() {
  const { t } = useTranslation();
  const [startWith, setStartWith] = useState<'hover' | 'focus' | null>(null);
  const content = (
    <>
      <PinIcon />
      {t('post.pinned')}
    </>
  );
  const plain = (
    <button
      type="button"
      className="tooltip-trigger post-card__pinned"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setStartWith('hover');
      }}
      onPointerLeave={() => setStartWith(null)}
      onFocus={() => setStartWith('focus')}
      onClick={() => setStartWith('focus')}
    >
      {content}
    </button>
  );
  if (!startWith) return plain;
  return (
    <Suspense fallback={plain}>
      <PinTooltip
        content={t('post.pinnedTooltip')}
        className="post-card__pinned"
        startWith={startWith}
      >
        {content}
      </PinTooltip>
    </Suspense>
  );
}
