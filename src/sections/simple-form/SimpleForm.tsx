import { useEffect, useId, type FormEvent } from 'react';
import { dayOptions, makers, maxLengths, monthOptions } from '../../estimate/options';
import { entryPointFieldName, type EntryPoint, type QuickFields } from '../../estimate/types';
import { useEstimateOpener } from '../../estimate/EstimateContext';
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

function fieldValue(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : '';
}

function readQuickFields(form: HTMLFormElement): QuickFields {
  const day = fieldValue(form, 'expiryDay');
  return {
    expiryYear: fieldValue(form, 'expiryYear'),
    expiryMonth: fieldValue(form, 'expiryMonth'),
    ...(day ? { expiryDay: day } : {}),
    maker: fieldValue(form, 'maker'),
    model: fieldValue(form, 'model'),
    postalCode: fieldValue(form, 'postalCode'),
  };
}

function holdsInput(form: HTMLFormElement): boolean {
  return Object.values(readQuickFields(form)).some((value) => value !== '');
}

/**
 * The quick form: only native constraints here; the estimate modal, prefilled from it,
 * normalises and validates (full-width digits and hyphens are fine in these fields).
 */
export function SimpleForm({
  index,
  heading,
  lead,
  submitLabel,
  note,
  withHeaderImage,
}: SimpleFormProps) {
  const openEstimate = useEstimateOpener();
  const entryPoint: EntryPoint = `simple-form-${index}`;
  const id = useId();
  const headingId = `${id}-heading`;

  // An unmounted form holds nothing, so it must not keep a reload waiting.
  useEffect(() => () => setPendingInput(entryPoint, false), [entryPoint]);

  function handleInput(event: FormEvent<HTMLFormElement>) {
    setPendingInput(entryPoint, holdsInput(event.currentTarget));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const prefill = readQuickFields(event.currentTarget);
    // From here the modal's draft holds the input.
    setPendingInput(entryPoint, false);
    openEstimate({ entryPoint, prefill });
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
      {/* Without JavaScript (or when the app cannot load) the native GET keeps the values in
          this page's URL; the app opens the modal with them and cleans the URL
          (estimate/earlyOpen.ts). Before the app runs, the first-paint loader holds the submit. */}
      <form
        className={styles.form}
        aria-labelledby={headingId}
        method="get"
        data-estimate-form={entryPoint}
        onChange={handleInput}
        onSubmit={handleSubmit}
      >
        <fieldset className={styles.expiry}>
          <legend className={fieldStyles.label}>
            車検満了日
            <RequiredBadge required />
          </legend>
          <div className={styles.dateRow}>
            <label className={styles.dateField}>
              <input
                name="expiryYear"
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
              <select name="expiryMonth" className={styles.select} required defaultValue="">
                <Options placeholder="--" values={monthOptions} />
              </select>
              <span>月</span>
            </label>
            <label className={styles.dateField}>
              <select name="expiryDay" className={styles.select} defaultValue="">
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
            <select {...aria} name="maker" className={styles.select} required defaultValue="">
              <Options placeholder="選択してください" values={makers} />
            </select>
          )}
        </Field>
        <Field label="車種" required className={styles.field}>
          {(aria) => (
            <input
              {...aria}
              name="model"
              className={styles.input}
              autoComplete="off"
              maxLength={maxLengths.model}
              placeholder="例：プリウス"
              required
            />
          )}
        </Field>
        <Field label="郵便番号" required className={styles.field}>
          {(aria) => (
            <input
              {...aria}
              name="postalCode"
              className={styles.input}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={maxLengths.postalCode}
              placeholder="例：1000001"
              required
            />
          )}
        </Field>
        <input type="hidden" name={entryPointFieldName} value={entryPoint} />
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
