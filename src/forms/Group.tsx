/**
 * The shared field parts only the estimate form uses so far: a group of controls under one
 * legend, and text for screen readers only. Apart from Field.tsx, so the first view (the simple
 * forms) does not carry them.
 */
import { useId, type ReactNode } from 'react';
import { ErrorMessage, RequiredBadge, fieldStyles } from './Field';

/** Visually hidden text that completes a short visible label for screen readers. */
export function Hidden({ children }: { children: ReactNode }) {
  return <span className={fieldStyles.visuallyHidden}>{children}</span>;
}

/** Related controls under one legend that shows 必須/任意 (a date, a name). */
export function Group({
  legend,
  required,
  className,
  rowClassName,
  error,
  children,
}: {
  legend: string;
  required: boolean;
  className: string | undefined;
  rowClassName: string | undefined;
  /** An error for the group as a whole (a radio group's). */
  error?: string;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className={fieldStyles.label}>
        {legend}
        <RequiredBadge required={required} />
      </legend>
      <div className={rowClassName}>{children}</div>
      <ErrorMessage id={errorId} message={error} />
    </fieldset>
  );
}
