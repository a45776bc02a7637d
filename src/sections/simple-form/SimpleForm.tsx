import { useEffect, useId, type FormEvent } from 'react';
import { quickFields, type QuickFieldSpec } from '../../estimate/contract/quickFields';
import { useBrand } from '../../brand/useBrand';
import { formAttribute } from '../../estimate/dialog';
import { estimatesUrl } from '../../estimate/endpoint';
import type { EntryPoint } from '../../estimate/contract/types';
import { setPendingInput } from '../../lib/pendingInput';
import { Field, Options, RequiredBadge, fieldStyles, type ControlAria } from '../../forms/Field';
import { phrases } from '../phrases';
import shell from '../section.module.css';
import styles from './SimpleForm.module.css';

export type SimpleFormProps = {
  /** Gives the entry point simple-form-N and the anchor id. */
  index: 1 | 2 | 3;
  heading: string;
  lead: string;
  submitLabel: string;
  note: string;
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

// No checks of its own (noValidate: never the browser's bubble): the first-paint script copies its
// values into the estimate dialog, whose messages ask for the rest; without JavaScript, the API's
// answer page does.
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
        {phrases(heading)}
      </h2>
      <p className={styles.lead}>{phrases(lead)}</p>
      {/* Without JavaScript it posts to the estimate API, whose answer page is the whole form
          with these values kept, asking for the rest. */}
      <form
        className={styles.form}
        aria-labelledby={headingId}
        method="post"
        action={estimatesUrl}
        noValidate
        {...{ [formAttribute]: entryPoint }}
        onChange={handleInput}
        // The first-paint script has moved the values into the estimate form, which holds them now.
        onSubmit={() => setPendingInput(entryPoint, false)}
      >
        <input type="hidden" name="brand" value={brand.id} />
        <input type="hidden" name="entryPoint" value={entryPoint} />
        <fieldset className={styles.expiry}>
          <legend className={fieldStyles.label}>
            {expiry.legend}
            <RequiredBadge required={expiry.required} />
          </legend>
          <div className={styles.dateRow}>
            {expiryParts.map((path) => {
              const spec = quick(path);
              return (
                <label key={path} className={styles.dateField}>
                  <SimpleControl path={path} />
                  <span>
                    {spec.part}
                    {!spec.required && <span className={styles.optional}>（任意）</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {fieldParts.map((path) => (
          <Field
            key={path}
            label={quick(path).label}
            required={quick(path).required}
            className={styles.field}
          >
            {(aria) => <SimpleControl path={path} aria={aria} />}
          </Field>
        ))}
        <button type="submit" className={shell.submit}>
          {submitLabel}
        </button>
        <p className={styles.note}>{phrases(note)}</p>
      </form>
    </section>
  );
}

type QuickPath = keyof typeof quickFields;
const quick = (path: QuickPath): QuickFieldSpec => quickFields[path];
const quickPaths = Object.keys(quickFields) as QuickPath[];
const expiryParts = quickPaths.filter((path) => quick(path).group);
const fieldParts = quickPaths.filter((path) => !quick(path).group);
const expiry = quickFields['vehicle.expiryYear'].group;

function SimpleControl({ path, aria }: { path: QuickPath; aria?: ControlAria }) {
  const { options, required, example, simpleForm } = quick(path);
  const { typed, placeholder = '', ...constraints } = simpleForm ?? {};
  return options && !typed ? (
    <select {...aria} name={path} className={styles.select} required={required} defaultValue="">
      <Options placeholder={placeholder} values={options as readonly string[]} />
    </select>
  ) : (
    <input
      {...aria}
      {...constraints}
      name={path}
      className={styles.input}
      placeholder={example && `例: ${example}`}
      required={required}
    />
  );
}

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
