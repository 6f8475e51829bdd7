/** One button of the editor's toolbar (a toggle, a command or a menu's opener). */
import type { ReactNode, RefObject } from 'react';

/** A toolbar button: a roving-tab-stop item that keeps the editor's selection. */
export function ToolButton({
  label,
  icon,
  isPressed,
  isDisabled,
  onClick,
  shortcut,
  children,
  hasPopup,
  isExpanded,
  buttonRef,
}: {
  label: string;
  icon: string;
  isPressed?: boolean;
  isDisabled?: boolean;
  onClick(): void;
  shortcut?: string;
  children?: ReactNode;
  hasPopup?: boolean;
  isExpanded?: boolean;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="rte-tool"
      data-toolbar-item=""
      tabIndex={-1}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={isPressed}
      aria-haspopup={hasPopup || undefined}
      aria-expanded={hasPopup ? isExpanded : undefined}
      aria-keyshortcuts={shortcut?.replace('Ctrl', 'Control')}
      disabled={isDisabled}
      // Keep the editor's selection: a toolbar click must not take it away first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span className={`rte-icon rte-icon--${icon}`} aria-hidden="true" />
      {children}
    </button>
  );
}
