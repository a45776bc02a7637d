import { useEffect, useId, type FormEvent } from 'react';
import { dayOptions, makers, maxLengths, monthOptions } from '../../estimate/options';
import { useBrand } from '../../brand/useBrand';
import { formAttribute } from '../../estimate/dialog';
import { estimatesUrl } from '../../estimate/endpoint';
import type { EntryPoint } from '../../estimate/types';
import { setPendingInput } from '../../lib/pendingInput';
import { Field, Options, RequiredBadge, fieldStyles } from '../../forms/Field';
import styles from './SimpleForm.module.css';

export type SimpleFormProps = {
  /** Position on the page; gives the entry point simple-form-N and the anchor id. */
  index: 1 | 2 | 3;
  heading: string;
  lead: string;
  submitLabel: string;
  note: string;
  /** Form #2 opens with an illustration above its heading. */
  withHeaderImage?: boolean;
};

function holdsInput(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some(
    (element) =>
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) &&
      element.type !== 'hidden' &&
      element.value !== '',
  );
}

/**
 * The quick form: only native constraints here. Its submit opens the estimate dialog with its
 * values (the first-paint script, prerender/firstPaint.ts, copies each control into the dialog's
 * control of the same name); the dialog's form normalises and validates (full-width digits and
 * hyphens are fine in these fields).
 */
export function SimpleForm({
  index,
  heading,
  lead,
  submitLabel,
  note,
  withHeaderImage,
}: SimpleFormProps) {
  const entryPoint: EntryPoint = `simple-form-${index}`;
  const brand = useBrand();
  const id = useId();
  const headingId = `${id}-heading`;

  // An unmounted form holds nothing, so it must not keep a reload waiting.
  useEffect(() => () => setPendingInput(entryPoint, false), [entryPoint]);

  function handleInput(event: FormEvent<HTMLFormElement>) {
    setPendingInput(entryPoint, holdsInput(event.currentTarget));
  }

  return (
    <section
      id={entryPoint}
      data-section="simple-form"
      className={styles.simpleForm}
      aria-labelledby={headingId}
    >
      {withHeaderImage ? <HeaderImage /> : null}
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <p className={styles.lead}>{lead}</p>
      {/* Without JavaScript it posts to the estimate API, whose answer page is the whole form
          with these values kept, asking for the rest. */}
      <form
        className={styles.form}
        aria-labelledby={headingId}
        method="post"
        action={estimatesUrl}
        {...{ [formAttribute]: entryPoint }}
        onChange={handleInput}
        // The first-paint script has moved the values into the estimate form, which holds them now.
        onSubmit={() => setPendingInput(entryPoint, false)}
      >
        <input type="hidden" name="brand" value={brand.id} />
        <input type="hidden" name="entryPoint" value={entryPoint} />
        <fieldset className={styles.expiry}>
          <legend className={fieldStyles.label}>
            車検満了日
            <RequiredBadge required />
          </legend>
          <div className={styles.dateRow}>
            <label className={styles.dateField}>
              <input
                name="vehicle.expiryYear"
                className={styles.input}
                inputMode="numeric"
                autoComplete="off"
                maxLength={maxLengths.expiryYear}
                placeholder="2026"
                required
              />
              <span>年</span>
            </label>
            <label className={styles.dateField}>
              <select name="vehicle.expiryMonth" className={styles.select} required defaultValue="">
                <Options placeholder="--" values={monthOptions} />
              </select>
              <span>月</span>
            </label>
            <label className={styles.dateField}>
              <select name="vehicle.expiryDay" className={styles.select} defaultValue="">
                <Options placeholder="--" values={dayOptions} />
              </select>
              <span>
                日<span className={styles.optional}>（任意）</span>
              </span>
            </label>
          </div>
        </fieldset>
        <Field label="メーカー" required className={styles.field}>
          {(aria) => (
            <select
              {...aria}
              name="vehicle.maker"
              className={styles.select}
              required
              defaultValue=""
            >
              <Options placeholder="選択してください" values={makers} />
            </select>
          )}
        </Field>
        <Field label="車種" required className={styles.field}>
          {(aria) => (
            <input
              {...aria}
              name="vehicle.model"
              className={styles.input}
              autoComplete="off"
              placeholder="例：プリウス"
              required
            />
          )}
        </Field>
        <Field label="郵便番号" required className={styles.field}>
          {(aria) => (
            <input
              {...aria}
              name="vehicle.postalCode"
              className={styles.input}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={maxLengths.postalCode}
              placeholder="例：1000001"
              required
            />
          )}
        </Field>
        <button type="submit" className={styles.submit}>
          {submitLabel}
        </button>
        <p className={styles.note}>{note}</p>
      </form>
    </section>
  );
}

/** Our own drawing above form #2: a checklist and a wrench. Decorative and sized. */
function HeaderImage() {
  return (
    <svg
      className={styles.headerImage}
      aria-hidden="true"
      focusable="false"
      width="240"
      height="120"
      viewBox="0 0 240 120"
    >
      <rect className={styles.paper} x="60" y="8" width="88" height="104" rx="8" />
      <path className={styles.tick} d="m74 34 6 6 10-12M74 62l6 6 10-12M74 90l6 6 10-12" />
      <path className={styles.line} d="M100 36h34M100 64h34M100 92h24" />
      <path
        className={styles.wrench}
        d="M172 30a18 18 0 0 0-4 22l-26 26a7 7 0 1 0 10 10l26-26a18 18 0 0 0 22-4l-10-2-4-10z"
      />
    </svg>
  );
}
