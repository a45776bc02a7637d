/**
 * What the estimate dialog shows around its fields to help the visitor finish: the error
 * summary after a refused submit (the GOV.UK error-summary pattern: focused and announced, each
 * message a link to its field, updated as fields are fixed) and the count of required fields
 * left, near the submit button.
 */
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { errorSummaryTitle, fieldMessages } from './contract/summaryWords';
import type { EstimateFormValues } from './contract/formValues';
import styles from './EstimateForm.module.css';

/**
 * The list of what to fix, once a submit was refused, while anything is left to fix. It takes
 * the focus once per refused submit; not after the server's refusal, where the first field it
 * named has the focus (formSync.ts).
 */
export function ErrorSummary() {
  const ref = useRef<HTMLDivElement>(null);
  const handled = useRef(0);
  const {
    formState: { errors, submitCount },
    setFocus,
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
                setFocus(path);
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

/**
 * 「必須項目 残り3」, sticky above the submit button. Its text changes only when the count does,
 * so screen readers hear each change once, politely (role status), never each keystroke. Empty
 * until the form's code has counted (the prerendered form cannot know what was typed).
 */
export function RequiredLeft({ left }: { left: number | undefined }) {
  return (
    <p className={styles.progress} role="status">
      {left !== undefined && `必須項目 残り${left}`}
    </p>
  );
}
