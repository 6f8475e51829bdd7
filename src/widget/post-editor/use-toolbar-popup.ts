/** A small popup under a toolbar button (the text colour and size menus). */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** A small popup under a toolbar button; Escape or a click elsewhere closes it. */
export function useToolbarPopup() {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    popupRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setIsOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen]);
  const close = (refocus: boolean) => {
    setIsOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
    // Arrow keys inside the popup move among its own buttons, not the toolbar's.
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) {
      event.stopPropagation();
      event.preventDefault();
      const buttons = [...(popupRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      const index = buttons.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 1;
      let next = (index + step + buttons.length) % buttons.length;
      if (event.key === 'Home') next = 0;
      if (event.key === 'End') next = buttons.length - 1;
      buttons[next]?.focus();
    }
  };
  return { isOpen, setIsOpen, buttonRef, popupRef, close, onKeyDown };
}
