/**
 * The top bar's More menu on phones (issue 23; decision 068): what does not fit beside the device
 * switch and Publish (the canvas page, Preview, the save status, Exit) in a disclosure under a
 * button. Escape or a press outside closes it and focus goes back to its button.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../widget/i18n';

/** The More button and its panel of `children`. */
export function TopbarMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const element = root.current;
    const handlePointer = (event: PointerEvent) => {
      if (!element?.contains(event.target as Node)) setIsOpen(false);
    };
    // On the menu itself, so that it hears Escape before the page does.
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setIsOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', handlePointer);
    element?.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      element?.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);

  return (
    <div className="bx-more" ref={root}>
      <button
        ref={button}
        type="button"
        className="bx-icon-button"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen(!isOpen)}
      >
        <span className="visually-hidden">{t('builder.toolbar.more')}</span>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="1.8" fill="currentColor" />
          <circle cx="12" cy="12" r="1.8" fill="currentColor" />
          <circle cx="19" cy="12" r="1.8" fill="currentColor" />
        </svg>
      </button>
      <div className="bx-more__panel" id={id} hidden={!isOpen}>
        {children}
      </div>
    </div>
  );
}
