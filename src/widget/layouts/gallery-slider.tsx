/**
 * The pro gallery's slider (SPEC §9 slider: auto-slide off (on for mobile), loop off, arrows
 * shown, pause 4 s (1–10), arrow size 18 (6–180)). A horizontally scrolling track with snap
 * points: swipe and keyboard scrolling work without script; the arrows and auto-slide move it by
 * one card. Auto-slide stops while the pointer or focus is inside and for reduced motion.
 */
import { useEffect, useRef, useState } from 'react';
import type { FeedSettingsView } from '../../domain/settings';
import { ChevronIcon } from '../components/icons';
import { useTranslation } from '../i18n';

/** The slider around the gallery's cards. */
export function GallerySlider({
  settings,
  children,
}: {
  settings: FeedSettingsView;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [isPaused, setPaused] = useState(false);
  const [edges, setEdges] = useState({ isAtStart: true, isAtEnd: false });
  const { params } = settings;
  const isLooping = params.sliderLoop === true;
  const pauseMs = Number(params.sliderPauseSeconds ?? 4) * 1000;
  const arrowSize = Number(params.sliderArrowSize ?? 18);

  function step(direction: 1 | -1) {
    const element = track.current;
    if (!element) return;
    const card = element.firstElementChild as HTMLElement | null;
    const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
    const distance = (card?.offsetWidth ?? element.clientWidth) + gap;
    const isRtl = getComputedStyle(element).direction === 'rtl';
    const max = element.scrollWidth - element.clientWidth;
    const position = Math.abs(element.scrollLeft);
    if (isLooping && direction === 1 && position >= max - 2) {
      element.scrollTo({ left: 0, behavior: 'smooth' });
    } else if (isLooping && direction === -1 && position <= 2) {
      element.scrollTo({ left: isRtl ? -max : max, behavior: 'smooth' });
    } else {
      element.scrollBy({ left: direction * distance * (isRtl ? -1 : 1), behavior: 'smooth' });
    }
  }

  // The slider is lazy: its arrows are in the server's HTML before they work. `data-live` says
  // they do (tests wait for it; a click before then does nothing).
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    const element = track.current;
    if (!element) return;
    const update = () => {
      const max = element.scrollWidth - element.clientWidth;
      const position = Math.abs(element.scrollLeft);
      setEdges({ isAtStart: position <= 2, isAtEnd: position >= max - 2 });
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    return () => element.removeEventListener('scroll', update);
  }, []);

  useEffect(() => {
    if (params.sliderAutoSlide !== true || isPaused) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      const element = track.current;
      if (!element) return;
      const max = element.scrollWidth - element.clientWidth;
      // Without loop, auto-slide stops at the last card.
      if (!isLooping && Math.abs(element.scrollLeft) >= max - 2) return;
      step(1);
    }, pauseMs);
    return () => window.clearInterval(timer);
  });

  const showArrows = params.sliderShowArrows !== false;
  return (
    <section
      className="gallery-slider"
      data-live={isLive || undefined}
      aria-roledescription={t('gallery.slider')}
      aria-label={t('gallery.label')}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{ '--arrow-size': `${arrowSize}px` } as React.CSSProperties}
    >
      <div className="gallery-slider__track" ref={track}>
        {children}
      </div>
      {showArrows ? (
        <>
          <button
            type="button"
            className="gallery-slider__arrow is-previous"
            onClick={() => step(-1)}
            disabled={!isLooping && edges.isAtStart}
            aria-label={t('gallery.previous')}
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            className="gallery-slider__arrow is-next"
            onClick={() => step(1)}
            disabled={!isLooping && edges.isAtEnd}
            aria-label={t('gallery.next')}
          >
            <ChevronIcon direction="right" />
          </button>
        </>
      ) : null}
    </section>
  );
}
