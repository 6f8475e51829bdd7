/**
 * The settings panel's frame (issue 23; decision 068): beside the canvas on wider screens, a bottom
 * sheet on phones. The sheet is a bar at the bottom until opened; open, it takes half or all of the
 * workspace (its handle toggles the two and can be dragged), and Escape or its close button shuts
 * it. Opening moves focus into it (the selected tab), closing brings focus back to the bar.
 */
import {
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../widget/i18n';
import { CloseIcon } from './close-icon';
import { type SheetState, settleSheet, toggledSheet } from './phone-layout';

/** The panel, as an aside beside the canvas or as a sheet on phones. */
export function PanelSheet({
  isPhone,
  isBusy = false,
  isEmpty = false,
  state,
  onStateChange,
  children,
}: {
  isPhone: boolean;
  isBusy?: boolean;
  /** The panel shows a message (loading, failed) rather than settings. */
  isEmpty?: boolean;
  state: SheetState;
  onStateChange(state: SheetState): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const contentId = useId();
  const root = useRef<HTMLElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  // Where focus goes once the sheet has drawn its new state (only after the owner moved it).
  const focusNext = useRef<'inside' | 'opener' | null>(null);
  // The drag's latest height lives here, not only in state: a quick release comes before React
  // has drawn the last move, and must settle where the pointer let go.
  const drag = useRef<{
    startY: number;
    startHeight: number;
    moved: boolean;
    height: number | null;
  } | null>(null);
  // A drag ends with a click on the handle: that click is the drag's, not a toggle.
  const wasDragged = useRef(false);
  const [dragHeight, setDragHeight] = useState<number | null>(null);
  const isOpen = isPhone && state !== 'closed';
  const label = t('builder.panel.label');

  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next === 'opener') opener.current?.focus();
    if (next === 'inside') {
      const tab = root.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      (tab ?? closer.current)?.focus();
    }
  });

  function change(next: SheetState) {
    if (state === 'closed' && next !== 'closed') focusNext.current = 'inside';
    if (state !== 'closed' && next === 'closed') focusNext.current = 'opener';
    onStateChange(next);
  }

  function handlePointerDown(event: ReactPointerEvent<HTMLButtonElement>) {
    if (!root.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      startY: event.clientY,
      startHeight: root.current.getBoundingClientRect().height,
      moved: false,
      height: null,
    };
  }

  function handlePointerMove(event: ReactPointerEvent<HTMLButtonElement>) {
    const current = drag.current;
    if (!current) return;
    const delta = current.startY - event.clientY;
    if (Math.abs(delta) > 4) current.moved = true;
    if (!current.moved) return;
    current.height = Math.max(48, current.startHeight + delta);
    setDragHeight(current.height);
  }

  function handlePointerUp() {
    const current = drag.current;
    drag.current = null;
    if (!current?.moved || current.height === null) return;
    wasDragged.current = true;
    const available = root.current?.parentElement?.getBoundingClientRect().height ?? 0;
    setDragHeight(null);
    change(settleSheet(current.height, available));
  }

  if (!isPhone) {
    return (
      <aside
        className={`bx-panel${isEmpty ? ' bx-panel--empty' : ''}`}
        aria-label={label}
        aria-busy={isBusy || undefined}
      >
        {children}
      </aside>
    );
  }

  return (
    <aside
      ref={root}
      className={`bx-panel bx-sheet${isEmpty ? ' bx-panel--empty' : ''}`}
      data-state={state}
      aria-labelledby={titleId}
      aria-busy={isBusy || undefined}
      style={dragHeight === null ? undefined : { height: dragHeight }}
      onKeyDown={(event) => {
        // An open colour popover takes its Escape first (it marks the event handled).
        if (event.key === 'Escape' && isOpen && !event.defaultPrevented) {
          event.preventDefault();
          change('closed');
        }
      }}
    >
      {isOpen ? (
        <div className="bx-sheet__header">
          <button
            type="button"
            className="bx-sheet__handle"
            aria-label={t(state === 'full' ? 'builder.sheet.shrink' : 'builder.sheet.expand')}
            aria-controls={contentId}
            onClick={() => {
              if (wasDragged.current) {
                wasDragged.current = false;
                return;
              }
              change(toggledSheet(state));
            }}
            onPointerDown={handlePointerDown}
            onPointerMove={handlePointerMove}
            onPointerUp={handlePointerUp}
            onPointerCancel={() => {
              drag.current = null;
              setDragHeight(null);
            }}
          >
            <span className="bx-sheet__grip" aria-hidden="true" />
          </button>
          <h2 className="bx-sheet__title" id={titleId}>
            {label}
          </h2>
          <button
            ref={closer}
            type="button"
            className="bx-sheet__close"
            aria-label={t('builder.sheet.close')}
            onClick={() => change('closed')}
          >
            <CloseIcon />
          </button>
        </div>
      ) : (
        <button
          ref={opener}
          type="button"
          className="bx-sheet__bar"
          aria-expanded={false}
          aria-controls={contentId}
          onClick={() => change('half')}
        >
          <span className="bx-sheet__grip" aria-hidden="true" />
          <span id={titleId}>{label}</span>
        </button>
      )}
      <div className="bx-sheet__content" id={contentId} hidden={!isOpen}>
        {children}
      </div>
    </aside>
  );
}
