/**
 * The pieces every section of the blog settings screen draws with: a titled panel, a labelled
 * control with its hint or error, and the control's ARIA wiring. Their own module so that the
 * sections in their own files (addresses-section.tsx) share them without importing the screen.
 */
import { type ReactNode, useId } from 'react';

/** The screen's translation key prefix. */
export const SETTINGS_KEYS = 'dashboardSettings';

/** One titled panel of the form. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="bs-section dash-panel" aria-labelledby={id}>
      <h2 className="bs-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A labelled control with its hint, or its error in the hint's place. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="dash-field">
      <label className="dash-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="dash-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="dash-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The `aria-invalid` and `aria-describedby` of a field's control. */
export function describedBy(id: string, error: string | undefined, hasHint = true) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}

/** A whole-number input whose value stays text, so a bad entry is kept for the server to name. */
export function NumberInput({
  id,
  name,
  min,
  max,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  min: number;
  max: number;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <input
      id={id}
      name={name}
      className="dash-input bs-number"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...describedBy(id, error)}
    />
  );
}
