// The error summary (GOV.UK's pattern: focused, announced, each message a link to its field) and
// the count of required fields left.
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { errorSummaryTitle, fieldMessages } from './contract/summaryWords';
import type { EstimateFormValues } from './contract/formValues';
import styles from './EstimateForm.module.css';

/** Focused once per refused submit; not after the server's, where its first field has the focus. */
export function ErrorSummary() {
  const ref = useRef<HTMLDivElement>(null);
  const handled = useRef(0);
  const {
    formState: { errors, submitCount },
  } = useFormContext<EstimateFormValues>();
  // In the field table's order, as the no-JS page lists them (summaryEntries).
  const entries = fieldMessages(errors);
  const shown = submitCount > 0 && entries.length > 0;
  useEffect(() => {
    if (!shown || submitCount === handled.current) return;
    handled.current = submitCount;
    if (!entries.some(({ type }) => type === 'server')) ref.current?.focus();
  });
  if (!shown) return null;
  return (
    <div ref={ref} className={styles.summary} role="alert" tabIndex={-1}>
      <h3>{errorSummaryTitle}</h3>
      <ul>
        {entries.map(({ path, message }) => (
          <li key={path}>
            <a
              href={`#${path}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(event.currentTarget, path);
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

// In the click itself: react-hook-form's setFocus waits for a timer, which a busy phone runs late,
// leaving the focus on the link meanwhile (and the field unseen).
function focusField(link: HTMLElement, path: string): void {
  const named = link.closest('form')?.elements.namedItem(path);
  const field = named instanceof RadioNodeList ? named[0] : named;
  if (field instanceof HTMLElement) field.focus();
}

/** Changes only with the count, so screen readers hear each change once; empty until counted. */
export function RequiredLeft({ left }: { left: number | undefined }) {
  return (
    <p className={styles.progress} role="status">
      {left !== undefined && `必須項目 残り${left}`}
    </p>
  );
}
