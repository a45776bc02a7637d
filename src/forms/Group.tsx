// Field parts only the estimate form uses: apart from Field.tsx, so the first view skips them.
import { useId, type ReactNode } from 'react';
import { ErrorMessage, RequiredBadge, fieldStyles } from './Field';

export function Hidden({ children }: { children: ReactNode }) {
  return <span className={fieldStyles.visuallyHidden}>{children}</span>;
}

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
  /** A radio group's. */
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
