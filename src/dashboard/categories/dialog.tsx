/**
 * The category and tag screens' dialogs (issue 17): a native `<dialog>` opened as a modal, so the
 * browser keeps focus inside it, puts it above everything, closes it with Escape and gives focus
 * back to what opened it. A click on the backdrop closes it too. At 375 px it fills the screen
 * (taxonomy.css).
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../widget/i18n';

export interface DialogProps {
  isOpen: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** The buttons at the bottom (a form's submit among them). */
  footer?: ReactNode;
  /** A form id: the dialog's body and footer are one `<form>` of this id. */
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  className?: string;
}

/** A modal dialog with a title, a close button, a body and a footer of actions. */
export function Dialog({
  isOpen,
  title,
  onClose,
  children,
  footer,
  onSubmit,
  className,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  const content = (
    <>
      <div className="tx-dialog__body">{children}</div>
      {footer ? <div className="tx-dialog__footer">{footer}</div> : null}
    </>
  );
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; the keyboard closes the dialog with Escape (its cancel event) or the close button.
    <dialog
      ref={ref}
      className={`tx-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      {isOpen ? (
        <div className="tx-dialog__panel">
          <div className="tx-dialog__header">
            <h2 className="tx-dialog__title" id={titleId}>
              {title}
            </h2>
            <button
              type="button"
              className="tx-icon-button"
              aria-label={t('ui.close')}
              onClick={onClose}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
          {onSubmit ? (
            <form className="tx-dialog__form" noValidate onSubmit={onSubmit}>
              {content}
            </form>
          ) : (
            content
          )}
        </div>
      ) : null}
    </dialog>
  );
}

/** A labelled form field with its help text and the message of what is wrong with it. */
export function Field({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className={`tx-field${error ? ' is-invalid' : ''}`}>
      <label className="tx-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="tx-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : help ? (
        <p className="tx-field__help" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** The `aria-describedby` and `aria-invalid` of a field's control. */
export function describedBy(id: string, error: string | null | undefined, hasHelp = true) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHelp ? `${id}-help` : undefined,
  } as const;
}
