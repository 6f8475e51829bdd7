/** A small popup of a toolbar tool (the text colour and size panels). */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** Where a popup was opened from: its own button, or the toolbar's More menu (issue 23). */
export type PopupOpener = 'button' | 'more';

/**
 * A small popup under a toolbar button; Escape or a click elsewhere closes it and focus goes back
 * to what opened it: its button, or the More button when the tool sits in the More menu.
 */
export function useToolbarPopup(moreButtonRef?: React.RefObject<HTMLButtonElement | null>) {
  const [openedFrom, setOpenedFrom] = useState<PopupOpener | null>(null);
  const isOpen = openedFrom !== null;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const openerOf = (from: PopupOpener | null) =>
    from === 'more' ? (moreButtonRef?.current ?? null) : buttonRef.current;
  useEffect(() => {
    if (openedFrom === null) return;
    popupRef.current?.querySelector<HTMLElement>('button')?.focus();
    const opener = openedFrom === 'more' ? moreButtonRef?.current : buttonRef.current;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !opener?.contains(target)) setOpenedFrom(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [openedFrom, moreButtonRef]);
  const setIsOpen = (open: boolean, from: PopupOpener = 'button') =>
    setOpenedFrom(open ? from : null);
  const close = (refocus: boolean) => {
    const opener = openerOf(openedFrom);
    setOpenedFrom(null);
    if (refocus) opener?.focus();
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
  return { isOpen, openedFrom, setIsOpen, buttonRef, popupRef, close, onKeyDown };
}

/** What `useToolbarPopup` returns. */
export type ToolbarPopup = ReturnType<typeof useToolbarPopup>;
