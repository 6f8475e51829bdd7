/**
 * Modals (SPEC §4): they open in a stack; Escape or a click on the backdrop closes only the top one
 * and resolves its promise to nothing. Each is a proper dialog: `role="dialog"`, `aria-modal`,
 * labelled by its title; focus moves into it, stays in it (Tab wraps, the modals below are inert)
 * and returns to whatever opened it; the page behind does not scroll while any modal is open.
 * Rendered into the shell's `#modal-root` (SPEC §2).
 */
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../i18n';
import { POPOVER_ATTRIBUTE, Portal } from './popover';
import '../styles/interactions.css';
import { holeContext } from '../reader/reader';

/** What a modal's content gets: `close(value)` resolves the promise `openModal` returned. */
export interface ModalControls<T> {
  close(value?: T): void;
  /** The id the modal's title must carry (`ModalHeader` does it). */
  titleId: string;
}

/** Opens a modal on top of the others; resolves with its result, or `undefined` when dismissed. */
export type OpenModal = <T = true>(
  render: (controls: ModalControls<T>) => ReactNode,
) => Promise<T | undefined>;

interface Entry {
  key: number;
  render: (controls: ModalControls<unknown>) => ReactNode;
  resolve: (value: unknown) => void;
  /** The element that had focus when the modal opened: it gets focus back (SPEC §4). */
  opener: HTMLElement | null;
}

const OpenModalContext = holeContext(createContext<OpenModal | null>(null));
const ControlsContext = holeContext(createContext<ModalControls<unknown> | null>(null));

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"]),[contenteditable="true"]';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.getClientRects().length > 0,
  );
}

let nextKey = 1;

/**
 * Holds the stack of open modals for everything below it. `rootId` is where they render
 * (default the shell's `#modal-root`). Unmounting it resolves any open modal to nothing.
 */
export function ModalProvider({
  children,
  rootId = 'modal-root',
}: {
  children: ReactNode;
  rootId?: string;
}) {
  const [stack, setStack] = useState<Entry[]>([]);
  // The same stack, current inside event listeners without re-subscribing them.
  const stackRef = useRef<Entry[]>([]);
  const dialogs = useRef(new Map<number, HTMLElement>());
  const focusAfterClose = useRef<HTMLElement | null>(null);

  const update = useCallback((next: Entry[]) => {
    stackRef.current = next;
    setStack(next);
  }, []);

  const closeEntry = useCallback(
    (key: number, value: unknown) => {
      const entry = stackRef.current.find((e) => e.key === key);
      if (!entry) return;
      focusAfterClose.current = entry.opener;
      update(stackRef.current.filter((e) => e !== entry));
      entry.resolve(value);
    },
    [update],
  );

  const openModal = useCallback<OpenModal>(
    <T,>(render: (controls: ModalControls<T>) => ReactNode) =>
      new Promise<T | undefined>((resolve) => {
        const active = document.activeElement;
        update([
          ...stackRef.current,
          {
            key: nextKey++,
            render: render as Entry['render'],
            resolve: resolve as Entry['resolve'],
            opener: active instanceof HTMLElement && active !== document.body ? active : null,
          },
        ]);
      }),
    [update],
  );

  const register = useCallback((key: number, element: HTMLElement | null) => {
    if (element) dialogs.current.set(key, element);
    else dialogs.current.delete(key);
  }, []);

  const isOpen = stack.length > 0;

  // SPEC §4: Escape closes only the top modal. A popover or tooltip above it claims its own
  // Escape with preventDefault first.
  useEffect(() => {
    if (!isOpen) return;
    function handleKeyDown(event: globalThis.KeyboardEvent) {
      const top = stackRef.current.at(-1);
      if (event.key !== 'Escape' || event.defaultPrevented || !top) return;
      event.preventDefault();
      closeEntry(top.key, undefined);
    }
    // Focus that escapes the top dialog (a click on the page, a script) is brought back.
    function handleFocusIn(event: FocusEvent) {
      const top = stackRef.current.at(-1);
      const dialog = top && dialogs.current.get(top.key);
      const target = event.target as Element;
      if (!dialog || dialog.contains(target) || target.closest?.(`[${POPOVER_ATTRIBUTE}]`)) return;
      (focusablesIn(dialog)[0] ?? dialog).focus();
    }
    window.addEventListener('keydown', handleKeyDown);
    document.addEventListener('focusin', handleFocusIn);
    return () => {
      window.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('focusin', handleFocusIn);
    };
  }, [isOpen, closeEntry]);

  // No background scrolling while any modal is open; the scrollbar's width is kept as padding
  // so that the page does not shift sideways.
  useLayoutEffect(() => {
    if (!isOpen) return;
    const { documentElement: html, body } = document;
    const scrollbar = window.innerWidth - html.clientWidth;
    const saved = { overflow: html.style.overflow, paddingRight: body.style.paddingRight };
    html.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    return () => {
      html.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
    };
  }, [isOpen]);

  // Focus back to the opener once the modal under it (if any) is no longer inert.
  useLayoutEffect(() => {
    const target = focusAfterClose.current;
    if (!target) return;
    focusAfterClose.current = null;
    if (target.isConnected) target.focus({ preventScroll: true });
  });

  // Unmounted with modals open: settle their promises.
  useEffect(
    () => () => {
      for (const entry of stackRef.current) entry.resolve(undefined);
      stackRef.current = [];
    },
    [],
  );

  return (
    <OpenModalContext.Provider value={openModal}>
      {children}
      {isOpen ? (
        <Portal rootId={rootId}>
          {stack.map((entry, index) => (
            <ModalLayer
              key={entry.key}
              entry={entry}
              isTop={index === stack.length - 1}
              depth={index}
              onClose={closeEntry}
              register={register}
            />
          ))}
        </Portal>
      ) : null}
    </OpenModalContext.Provider>
  );
}

function ModalLayer({
  entry,
  isTop,
  depth,
  onClose,
  register,
}: {
  entry: Entry;
  isTop: boolean;
  depth: number;
  onClose: (key: number, value: unknown) => void;
  register: (key: number, element: HTMLElement | null) => void;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressedBackdrop = useRef(false);
  const { key } = entry;
  const controls = useMemo<ModalControls<unknown>>(
    () => ({ close: (value) => onClose(key, value), titleId }),
    [onClose, key, titleId],
  );

  // Focus moves into the dialog: to an element marked data-autofocus, else the first focusable.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    register(key, dialog);
    const target =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(dialog)[0] ?? dialog;
    target.focus({ preventScroll: true });
    return () => register(key, null);
  }, [register, key]);

  // Tab and Shift+Tab wrap around inside the dialog.
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    const items = focusablesIn(dialog);
    const first = items[0];
    const last = items.at(-1);
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // A click that both starts and ends on the backdrop closes the modal (a text selection dragged
  // out of the dialog does not).
  function handleBackdropDown(event: MouseEvent<HTMLDivElement>) {
    pressedBackdrop.current = event.target === event.currentTarget;
  }
  function handleBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (pressedBackdrop.current && event.target === event.currentTarget) onClose(key, undefined);
    pressedBackdrop.current = false;
  }

  return (
    // The backdrop click is a pointer shortcut; Escape is the keyboard's way to close (SPEC §4).
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes, see the window listener
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      className="modal-layer"
      style={{ zIndex: 1000 + depth }}
      inert={!isTop}
      onMouseDown={handleBackdropDown}
      onClick={handleBackdropClick}
      data-top={isTop || undefined}
    >
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <ControlsContext.Provider value={controls}>
          {entry.render(controls)}
        </ControlsContext.Provider>
      </div>
    </div>
  );
}

/** `openModal(render)`, for any component under a `ModalProvider`. */
export function useModal(): { openModal: OpenModal } {
  const openModal = useContext(OpenModalContext);
  if (!openModal) throw new Error('useModal needs a ModalProvider above it');
  return { openModal };
}

function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A modal's title (it labels the dialog) and its close button, which resolves to nothing. */
export function ModalHeader({ title }: { title: ReactNode }) {
  const { t } = useTranslation();
  const controls = useContext(ControlsContext);
  return (
    <div className="modal__header">
      <h2 className="modal__title" id={controls?.titleId}>
        {title}
      </h2>
      <button
        type="button"
        className="ui-icon-button"
        aria-label={t('ui.close')}
        onClick={() => controls?.close(undefined)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
