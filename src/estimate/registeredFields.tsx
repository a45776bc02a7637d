/**
 * The shared form-field parts (src/forms/Field.tsx) bound to the estimate form's react-hook-form
 * state: each registers its control and shows the message react-hook-form holds for it.
 */
import { useId, type ReactNode } from 'react';
import {
  get,
  useFormContext,
  useWatch,
  type FieldPath,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { Group, Hidden } from '../forms/Group';
import {
  Field,
  Options,
  RequiredBadge,
  ErrorMessage,
  describedBy,
  fieldStyles,
  type ControlAria,
} from '../forms/Field';
import type { EstimateFormValues } from './formValues';
import { courtesyCarOptions, dayOptions, monthOptions } from './options';
import { textLength } from './validation/normalize';
import styles from './EstimateFields.module.css';

export type FieldName = FieldPath<EstimateFormValues>;

/** What a control gets: react-hook-form's registration, the aria wiring and native `required`. */
type ControlProps = UseFormRegisterReturn & ControlAria & { required: boolean | undefined };

/** The message react-hook-form holds for `name`, if any. */
function useFieldError(name: FieldName): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<EstimateFormValues>();
  const entry: { message?: unknown } | undefined = get(errors, name);
  const message = entry?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * From 80 % of `max`, how many characters the field holds; over it, that sending is refused until
 * it is shortened (the schema refuses it with its message at the field). Nothing is ever cut: a
 * paste keeps all it brought, where a native maxLength would drop the end unseen.
 */
function LengthCount({ name, max }: { name: FieldName; max: number }) {
  const value: unknown = useWatch<EstimateFormValues>({ name });
  const length = typeof value === 'string' ? textLength(value) : 0;
  if (length < max * 0.8) return null;
  const over = length - max;
  return (
    <p className={over > 0 ? fieldStyles.error : fieldStyles.hint} aria-live="polite">
      {length}/{max}文字
      {over > 0 && `：${over}文字多いため送信できません。短くしてください`}
    </p>
  );
}

/** A Field whose control is registered as `name`, with react-hook-form's message as its error. */
export function FormField({
  name,
  className = styles.field,
  render,
  maxLength,
  ...field
}: {
  name: FieldName;
  label: ReactNode;
  required?: boolean;
  badge?: boolean;
  hint?: string;
  className?: string;
  /** The longest value the schema accepts: a count shows as the value nears it. */
  maxLength?: number;
  render: (props: ControlProps) => ReactNode;
}) {
  const { register } = useFormContext<EstimateFormValues>();
  const error = useFieldError(name);
  return (
    <Field {...field} className={className} error={error}>
      {(aria) => (
        <>
          {render({ ...register(name), ...aria, required: field.required })}
          {maxLength !== undefined && <LengthCount name={name} max={maxLength} />}
        </>
      )}
    </Field>
  );
}

/** Related fields under one legend, laid out in a row. */
export function FieldGroup(props: { legend: string; required: boolean; children: ReactNode }) {
  return <Group {...props} className={styles.group} rowClassName={styles.row} />;
}

/**
 * One part of a date inside a FieldGroup (year, month or day): a select of numbers whose label is
 * read by assistive technology only, since the group's legend names the date.
 */
function NumberSelectField({
  name,
  label,
  placeholder,
  values,
  unit,
  required = false,
}: {
  name: FieldName;
  label: string;
  placeholder: string;
  values: readonly number[];
  unit: string;
  required?: boolean;
}) {
  return (
    <FormField
      name={name}
      label={<Hidden>{label}</Hidden>}
      badge={false}
      required={required}
      className={styles.inline}
      render={(props) => (
        <select {...props}>
          <Options placeholder={placeholder} values={values} unit={unit} />
        </select>
      )}
    />
  );
}

/** A date as year and month (and an optional day) selects under one legend. */
export function DateFields({
  legend,
  required,
  years,
  year,
  month,
  day,
}: {
  legend: string;
  required: boolean;
  years: readonly number[];
  year: FieldName;
  month: FieldName;
  day?: FieldName;
}) {
  return (
    <FieldGroup legend={legend} required={required}>
      <NumberSelectField
        name={year}
        label={`${legend}の年`}
        placeholder="年"
        values={years}
        unit="年"
        required={required}
      />
      <NumberSelectField
        name={month}
        label={`${legend}の月`}
        placeholder="月"
        values={monthOptions}
        unit="月"
        required={required}
      />
      {day && (
        <NumberSelectField
          name={day}
          label={`${legend}の日（任意）`}
          placeholder="日（任意）"
          values={dayOptions}
          unit="日"
        />
      )}
    </FieldGroup>
  );
}

/** One required text part of a name inside a FieldGroup (姓, 名, セイ, メイ). */
export function NamePartField({
  name,
  label,
  maxLength,
  autoComplete,
}: {
  name: FieldName;
  label: string;
  maxLength: number;
  autoComplete?: string;
}) {
  return (
    <FormField
      name={name}
      label={label}
      badge={false}
      maxLength={maxLength}
      required
      className={styles.inline}
      render={(props) => <input type="text" autoComplete={autoComplete} {...props} />}
    />
  );
}

export function CourtesyCar() {
  const { register } = useFormContext<EstimateFormValues>();
  return (
    <Group
      legend="代車"
      required={false}
      className={styles.group}
      rowClassName={styles.row}
      error={useFieldError('request.courtesyCar')}
    >
      {courtesyCarOptions.map((option) => (
        <label key={option.value} className={styles.choice}>
          <input type="radio" value={option.value} {...register('request.courtesyCar')} />
          {option.label}
        </label>
      ))}
    </Group>
  );
}

export function Consent() {
  const { register } = useFormContext<EstimateFormValues>();
  const id = useId();
  const errorId = `${id}-error`;
  const message = useFieldError('consent');
  return (
    <div className={styles.consent}>
      <p className={fieldStyles.hint}>
        {/* A new tab, so reading the policy never costs what was typed here. */}
        <a href="/privacypolicy" target="_blank" rel="noopener noreferrer">
          プライバシーポリシー（新しいタブで開きます）
        </a>
        をご確認ください。
      </p>
      <label htmlFor={id} className={styles.choice}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(message && errorId)}
          required
          {...register('consent')}
        />
        個人情報の取扱いに同意する
        <RequiredBadge required />
      </label>
      <ErrorMessage id={errorId} message={message} />
    </div>
  );
}
