// Form-field parts shared by the simple forms (first view) and the estimate form: no react-hook-form.
import { useId, type ReactNode } from 'react';
import styles from './Field.module.css';

export type ControlAria = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

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

export function Options({
  placeholder,
  values,
  unit = '',
  label = (value) => `${value}${unit}`,
}: {
  placeholder: string;
  values: readonly (string | number)[];
  unit?: string;
  label?: (value: number) => string;
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {values.map((value) => (
        <option key={value} value={String(value)}>
          {label(value as number)}
        </option>
      ))}
    </>
  );
}

export const fieldStyles = {
  error: styles.error,
  hint: styles.hint,
  label: styles.label,
  visuallyHidden: styles.visuallyHidden,
};
