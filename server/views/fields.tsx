/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The controls of the staff's forms and their messages: each labelled, its error tied to it.
import type { Child } from 'hono/jsx';
import { japaneseDate } from '../../src/lib/peopleFormats';

export type Errors = Readonly<Record<string, string>>;

/** What to fix, before the form: role=alert, so a screen reader says it at once. */
export function ErrorSummary(props: { errors: Errors; lead?: Child }) {
  const list = Object.values(props.errors);
  if (list.length === 0) return null;
  return (
    <div class="errors" role="alert">
      <p>{props.lead ?? '入力を確かめてください。'}</p>
      <ul>
        {list.map((message) => (
          <li>{message}</li>
        ))}
      </ul>
    </div>
  );
}

export function FieldError(props: { id: string; error: string | undefined }) {
  return props.error ? (
    <p class="error" id={`${props.id}-error`}>
      {props.error}
    </p>
  ) : null;
}

type InputAttributes = {
  type?: string;
  required?: boolean;
  maxlength?: number;
  autocomplete?: string;
  inputmode?: 'numeric' | 'text';
  placeholder?: string;
};

export function TextField(
  props: {
    name: string;
    label: string;
    value: string;
    error?: string | undefined;
    /** Where a page has two forms with this name. */
    id?: string;
  } & InputAttributes,
) {
  const { name, label, value, error, id = `f-${name}`, ...attributes } = props;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        type={attributes.type ?? 'text'}
        {...attributes}
        {...(error && { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` })}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function SelectField(props: {
  name: string;
  label: string;
  options: readonly (readonly [value: string, text: string])[];
  selected: string;
}) {
  const id = `f-${props.name}`;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select id={id} name={props.name}>
        {props.options.map(([value, text]) => (
          <option value={value} selected={value === props.selected}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A table wider than a phone scrolls in its own region, which the keyboard can reach and scroll. */
export function ScrollRegion(props: { label: string; children: Child }) {
  return (
    <div class="scroll" role="region" aria-label={props.label} tabindex={0}>
      {props.children}
    </div>
  );
}

/** A day, shown and typed as people write it (2026年11月1日（日）), never the browser's picker. */
export function DayField(props: {
  id?: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <TextField
      {...props}
      value={japaneseDate(props.value)}
      type="text"
      autocomplete="off"
      placeholder="例：2026年11月1日"
    />
  );
}
