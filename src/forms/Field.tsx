/**
 * Form-field parts shared by the simple forms (first view) and the estimate form's code (lazy):
 * label, hint, error message, 必須/任意 badge and the aria wiring between them. Plain React, no
 * react-hook-form nor schema, so the first view can import them.
 */
import { useId, type ReactNode } from 'react';
import styles from './Field.module.css';

/** What a control needs to be tied to its label, hint and error. */
export type ControlAria = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

/** The ids of those of `ids` that are set, space-separated, or undefined when none is. */
export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export function RequiredBadge({ required }: { required: boolean }) {
  // Hidden from assistive technology: aria-required (or required) says the same without "必須".
  return (
    <span className={required ? styles.required : styles.optional} aria-hidden="true">
      {required ? '必須' : '任意'}
    </span>
  );
}

export function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}

/**
 * One labelled control with its hint and error; the control is linked to both through
 * aria-describedby and marked aria-invalid while the error shows.
 */
export function Field({
  label,
  required = false,
  badge = true,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  required?: boolean;
  /** False inside a group whose legend already shows 必須/任意. */
  badge?: boolean;
  hint?: string;
  error?: string;
  /** The wrapper's class: the form that uses the field lays it out. */
  className: string | undefined;
  children: (aria: ControlAria) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {badge && <RequiredBadge required={required} />}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hint && hintId, error && errorId),
        'aria-required': required ? true : undefined,
      })}
      <ErrorMessage id={errorId} message={error} />
    </div>
  );
}

/** A select's options: an empty placeholder, then each value (with its unit, as in 8月). */
export function Options({
  placeholder,
  values,
  unit = '',
}: {
  placeholder: string;
  values: readonly (string | number)[];
  unit?: string;
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {values.map((value) => (
        <option key={value} value={String(value)}>
          {value}
          {unit}
        </option>
      ))}
    </>
  );
}

/** The field styles a form may lay out its own parts with (a legend, a hint). */
export const fieldStyles = {
  error: styles.error,
  hint: styles.hint,
  label: styles.label,
  visuallyHidden: styles.visuallyHidden,
};
