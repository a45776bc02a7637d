/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The estimate form as the answer pages give it back: every field of the field table, filled in.
import { guideConsentNote } from '../../src/estimate/contract/guideConsent';
import type { FieldSpec } from '../../src/estimate/contract/fieldSpec';
import {
  checkboxText,
  field,
  formLabel,
  isFieldPath,
  type FieldPath,
} from '../../src/estimate/contract/fieldTable';
import {
  adConsentNote,
  externalTransmissionHeading,
  externalTransmissionHref,
  thirdPartyHeading,
  thirdPartySectionId,
} from '../../src/content/externalTransmissionLink';
import { honeypotField } from '../../src/estimate/contract/validation/estimateSchema';
import { bookingControlNames } from '../../src/estimate/contract/booking';
import { BookingFieldset, type BookingChoices } from '../booking/views';
import { FieldError } from '../views/fields';
import { formPostNames, type PostedValues } from './formPost';

export function idOf(name: string): string {
  return `f-${name.replace(/\./g, '-')}`;
}

function labelOf(path: FieldPath): string {
  const spec = field(path);
  if (spec.control === 'checkbox') {
    return path === 'reminderConsent' ? formLabel(path) : checkboxText(path);
  }
  const base = spec.group ? spec.group.legend : spec.label;
  const notes = [spec.group ? spec.part : spec.unit, spec.required ? '' : '任意'].filter(Boolean);
  return notes.length > 0 ? `${base}（${notes.join('・')}）` : base;
}

function choicesOf(spec: FieldSpec): { value: string; label: string }[] {
  return (spec.options ?? []).map((option) =>
    typeof option === 'object' ? option : { value: String(option), label: String(option) },
  );
}

/** A number select is typed here, in digits. */
function inputType(spec: FieldSpec): string {
  return spec.control === 'tel' || spec.control === 'email' || spec.control === 'date'
    ? spec.control
    : 'text';
}

/** The consent says, as the dialog's does, what goes where, with the policy's sections. */
function ConsentNote(props: { name: FieldPath }) {
  if (props.name === 'reminderConsent') return <p>{guideConsentNote}</p>;
  return props.name === 'adConsent' ? (
    <p>
      {adConsentNote}提供先と外国の制度は
      <a href={`/privacypolicy#${thirdPartySectionId}`}>{thirdPartyHeading}</a>をご覧ください。
    </p>
  ) : (
    <p>
      <a href="/privacypolicy">プライバシーポリシー</a>と
      <a href={externalTransmissionHref}>{externalTransmissionHeading}</a>をご確認ください。
    </p>
  );
}

function Control(props: { name: FieldPath; value: string; error: string | undefined }) {
  const { name, value, error } = props;
  const id = idOf(name);
  const spec = field(name);
  const invalid = error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {};
  if (spec.control === 'select') {
    return (
      <select id={id} name={name} {...invalid}>
        {[{ value: '', label: '選択してください' }, ...choicesOf(spec)].map((option) => (
          <option value={option.value} selected={option.value === value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  // No maxlength (textarea or input): it cuts a paste silently; the schema's message gives the limit.
  if (spec.control === 'textarea') {
    return (
      <textarea id={id} name={name} rows={5} {...invalid}>
        {value}
      </textarea>
    );
  }
  const numeric = spec.inputMode === 'numeric' || spec.control === 'numberSelect';
  return (
    <input
      type={inputType(spec)}
      id={id}
      name={name}
      value={value}
      {...(numeric && { inputmode: 'numeric' })}
      {...invalid}
    />
  );
}

function Field(props: { name: FieldPath; value: string | undefined; error: string | undefined }) {
  const { name, error } = props;
  const id = idOf(name);
  const spec = field(name);
  const value = props.value ?? '';
  if (spec.control === 'checkbox') {
    const invalid = error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {};
    return (
      <>
        <ConsentNote name={name} />
        <div class="field">
          <input
            type="checkbox"
            id={id}
            name={name}
            value="on"
            checked={Boolean(value)}
            {...invalid}
          />{' '}
          <label for={id}>{labelOf(name)}</label>
          <FieldError id={id} error={error} />
        </div>
      </>
    );
  }
  if (spec.control === 'radio') {
    return (
      <fieldset class="field" {...(error && { 'aria-describedby': `${id}-error` })}>
        <legend>{labelOf(name)}</legend>
        {choicesOf(spec).map((option, index) => (
          <>
            <input
              type="radio"
              id={`${id}-${index}`}
              name={name}
              value={option.value}
              checked={option.value === value}
            />{' '}
            <label for={`${id}-${index}`}>{option.label}</label>{' '}
          </>
        ))}
        <FieldError id={id} error={error} />
      </fieldset>
    );
  }
  return (
    <div class="field">
      <label for={id}>{labelOf(name)}</label>
      <Control name={name} value={value} error={error} />
      <FieldError id={id} error={error} />
    </div>
  );
}

const bookingNames: readonly string[] = Object.values(bookingControlNames);

export function FilledForm(props: {
  values: PostedValues;
  errors: Record<string, string>;
  action: string;
  choices?: BookingChoices | null;
}) {
  const { values, errors } = props;
  const booking = (
    <BookingFieldset choices={props.choices ?? null} values={values} error={errors.booking} />
  );
  return (
    <form method="post" action={props.action} accept-charset="utf-8">
      {formPostNames().map((name) => {
        if (bookingNames.includes(name)) return null;
        // The booking follows the car, as in the dialog.
        if (name === 'vehicle.mileage') {
          return (
            <>
              <Field name={name} value={values[name]} error={errors[name]} />
              {booking}
            </>
          );
        }
        if (isFieldPath(name))
          return <Field name={name} value={values[name]} error={errors[name]} />;
        if (name === honeypotField) {
          return (
            <div class="hp" aria-hidden="true">
              <label for="f-hp">ホームページ（入力しないでください）</label>
              <input
                type="text"
                id="f-hp"
                name={honeypotField}
                value={values[name] ?? ''}
                autocomplete="off"
                tabindex={-1}
              />
            </div>
          );
        }
        return values[name] === undefined ? null : (
          <input type="hidden" name={name} value={values[name]} />
        );
      })}
      <button type="submit">この内容で送信する</button>
    </form>
  );
}
