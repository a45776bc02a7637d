// src/forms/Field.tsx parts bound to react-hook-form, each reading its row of fieldTable.ts.
import { yearLabel } from './contract/eras';
import type { ReactNode } from 'react';
import { get, useFormContext, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Group, Hidden } from '../forms/Group';
import { Field, Options, fieldStyles, type ControlAria } from '../forms/Field';
import { field, formLabel, type FieldPath } from './contract/fieldTable';
import { addressAttribute } from './contract/controlNames';
import type { EstimateFormValues } from './contract/formValues';
import { textLength } from './contract/validation/normalize';
import styles from './EstimateFields.module.css';

type ControlProps = UseFormRegisterReturn & ControlAria & { required: boolean | undefined };

export function useFieldError(name: FieldPath): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<EstimateFormValues>();
  const entry: { message?: unknown } | undefined = get(errors, name);
  const message = entry?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Nothing is cut: a native maxLength would drop a paste's end unseen. */
function LengthCount({ name, max }: { name: FieldPath; max: number }) {
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

function FormField({
  name,
  className = styles.field,
  render,
  maxLength,
  ...field
}: {
  name: FieldPath;
  label: ReactNode;
  required?: boolean;
  badge?: boolean;
  hint?: string;
  className?: string;
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

function inputAttributes(path: FieldPath) {
  const spec = field(path);
  const type = spec.control === 'tel' || spec.control === 'email' || spec.control === 'date';
  return {
    type: type ? spec.control : 'text',
    inputMode: spec.inputMode,
    autoComplete: spec.autoComplete,
  };
}

function TableOptions({ path, placeholder }: { path: FieldPath; placeholder: string }) {
  const options = field(path).options ?? [];
  return (
    <>
      <option value="">{placeholder}</option>
      {options.map((option) =>
        typeof option === 'object' ? (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ) : (
          <option key={option} value={String(option)}>
            {option}
          </option>
        ),
      )}
    </>
  );
}

/** `control` adds what the table cannot know (a date's min and max today). */
export function TableField({
  path,
  control,
  hint,
}: {
  path: FieldPath;
  control?: { min?: string; max?: string };
  hint?: string;
}) {
  const spec = field(path);
  return (
    <FormField
      name={path}
      label={formLabel(path)}
      required={spec.required}
      hint={hint ?? spec.hint}
      maxLength={spec.maxLength}
      render={(props) => {
        if (spec.control === 'select') {
          return (
            <select {...props}>
              <TableOptions path={path} placeholder={spec.placeholder ?? ''} />
            </select>
          );
        }
        if (spec.control === 'textarea') return <textarea rows={5} {...props} />;
        const input = <input {...inputAttributes(path)} {...control} {...props} />;
        if (!spec.confirmsAddress) return input;
        // Filled by the form's aids (postalAddress.ts) as a complete code is typed.
        return (
          <>
            {input}
            <p className={fieldStyles.hint} aria-live="polite" {...{ [addressAttribute]: path }} />
          </>
        );
      }}
    />
  );
}

function FieldGroup(props: { legend: string; required: boolean; children: ReactNode }) {
  return <Group {...props} className={styles.group} rowClassName={styles.row} />;
}

export function TableGroup({ path, children }: { path: FieldPath; children: ReactNode }) {
  const group = field(path).group;
  if (!group) throw new Error(`${path} is asked alone, in no group`);
  return (
    <FieldGroup legend={group.legend} required={group.required}>
      {children}
    </FieldGroup>
  );
}

/** Its label is for assistive technology only: the group's legend names the date. */
function NumberSelectField({ path, years }: { path: FieldPath; years: readonly number[] }) {
  const spec = field(path);
  const part = spec.part ?? '';
  const optional = !spec.required && spec.group?.required ? '（任意）' : '';
  const values = (spec.options ?? years) as readonly number[];
  return (
    <FormField
      name={path}
      label={<Hidden>{`${spec.label}${optional}`}</Hidden>}
      badge={false}
      required={spec.required}
      className={spec.options ? styles.inline : `${styles.inline} ${styles.year}`}
      render={(props) => (
        <select {...props}>
          <Options
            placeholder={`${part}${optional}`}
            values={values}
            unit={part}
            {...(!spec.options && { label: yearLabel })}
          />
        </select>
      )}
    />
  );
}

export function DateFields({
  paths,
  years,
}: {
  paths: readonly [FieldPath, ...FieldPath[]];
  years: readonly number[];
}) {
  return (
    <TableGroup path={paths[0]}>
      {paths.map((path) => (
        <NumberSelectField key={path} path={path} years={years} />
      ))}
    </TableGroup>
  );
}

export function NamePartField({ path }: { path: FieldPath }) {
  const spec = field(path);
  return (
    <FormField
      name={path}
      label={spec.part}
      badge={false}
      maxLength={spec.maxLength}
      required={spec.required}
      className={styles.inline}
      render={(props) => <input type="text" autoComplete={spec.autoComplete} {...props} />}
    />
  );
}

export function RadioField({ path }: { path: FieldPath }) {
  const { register } = useFormContext<EstimateFormValues>();
  const spec = field(path);
  const choices = (spec.options ?? []) as readonly { value: string; label: string }[];
  return (
    <Group
      legend={formLabel(path)}
      required={spec.required}
      className={styles.group}
      rowClassName={styles.row}
      error={useFieldError(path)}
    >
      {choices.map((option) => (
        <label key={option.value} className={styles.choice}>
          <input type="radio" value={option.value} {...register(path)} />
          {option.label}
        </label>
      ))}
    </Group>
  );
}
