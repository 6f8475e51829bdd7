/**
 * The editor's small dialogs (issue 4 "Writing"): a native modal `<dialog>` (focus stays inside,
 * Escape closes, the page behind is inert) with a form whose fields show their problem beside
 * them. The caller returns focus to the editor on close.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../rich-content/i18n';
import type { FieldError } from './editor-validation';

export interface EditorDialogProps {
  title: string;
  submitLabel: string;
  /** Submit: the dialog stays open when the form is not valid (the caller shows the errors). */
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
  /** Extra buttons beside Cancel (e.g. "Remove link"). */
  extraActions?: ReactNode;
}

/** A modal dialog holding one small form. */
export function EditorDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
  children,
  extraActions,
}: EditorDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The first field gets focus (showModal focuses the first focusable, which may be a button).
    dialog?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, []);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
    // After a refused submit, the first field with a problem gets focus.
    requestAnimationFrame(() =>
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }
  return (
    // Escape is the dialog's own key (the cancel event); the click handles the backdrop only.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <dialog
      ref={ref}
      className="rte-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <form className="rte-dialog__form" onSubmit={handleSubmit} noValidate>
        <header className="rte-dialog__header">
          <h2 id={titleId} className="rte-dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="rte-icon-button"
            aria-label={t('postEditor.dialog.close')}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="rte-dialog__body">{children}</div>
        <footer className="rte-dialog__footer">
          {extraActions}
          <span className="rte-dialog__spacer" />
          <button type="button" className="rte-button" onClick={onClose}>
            {t('postEditor.dialog.cancel')}
          </button>
          <button type="submit" className="rte-button rte-button--primary">
            {submitLabel}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

export interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: FieldError;
  hint?: string;
  type?: 'text' | 'url' | 'number';
  inputMode?: 'text' | 'url' | 'decimal' | 'numeric';
  multiline?: boolean;
  name: string;
  autoComplete?: string;
  /** Lines of a multiline field (6 unless told). */
  rows?: number;
  onBlur?(): void;
}

/** A labelled text field with its hint and its problem (announced, tied by aria-describedby). */
export function Field({
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  inputMode,
  multiline,
  name,
  autoComplete = 'off',
  rows = 6,
  onBlur,
}: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: `rte-field__input${error ? ' rte-field__input--invalid' : ''}`,
    onBlur,
  } as const;
  return (
    <div className="rte-field">
      <label className="rte-field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={rows}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          type={type === 'number' ? 'text' : type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint ? (
        <p id={hintId} className="rte-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="rte-field__error" role="alert">
          {t(`postEditor.errors.${error.key}`, error.values)}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled checkbox. */
export function CheckboxField({
  label,
  checked,
  onChange,
  name,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  name: string;
}) {
  return (
    <label className="rte-check">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/** A labelled choice among a few fixed values (a native select: keyboard and screen readers). */
export function ChoiceField<V extends string>({
  label,
  value,
  choices,
  onChange,
  name,
}: {
  label: string;
  value: V;
  choices: readonly { value: V; label: string }[];
  onChange(value: V): void;
  name: string;
}) {
  const id = useId();
  return (
    <div className="rte-field">
      <label className="rte-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="rte-field__input"
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
