import { useId, type ReactNode } from 'react';
import { get, useFormContext, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import type { EstimateFormValues } from './formValues';
import {
  contactTimeOptions,
  courtesyCarOptions,
  makers,
  maxLengths,
  dayOptions as days,
  monthOptions as months,
} from './options';
import { expiryYearOptions, firstRegistrationYearOptions, tokyoToday } from './dates';
import styles from './EstimateFields.module.css';

type FieldName = FieldPath<EstimateFormValues>;

type ControlProps = UseFormRegisterReturn & {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

/** The message react-hook-form holds for `name`, if any. */
function useFieldError(name: FieldName): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<EstimateFormValues>();
  const entry: { message?: unknown } | undefined = get(errors, name);
  const message = entry?.message;
  return typeof message === 'string' ? message : undefined;
}

function RequiredBadge({ required }: { required: boolean }) {
  // Hidden from assistive technology: aria-required says the same without reading "必須".
  return (
    <span className={required ? styles.required : styles.optional} aria-hidden="true">
      {required ? '必須' : '任意'}
    </span>
  );
}

function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}

/**
 * One labelled control with its hint and error; the control is linked to both through
 * aria-describedby and marked aria-invalid while the error shows.
 */
function Field({
  name,
  label,
  required = false,
  badge = true,
  hint,
  className,
  render,
}: {
  name: FieldName;
  label: ReactNode;
  required?: boolean;
  /** False inside a group whose legend already shows 必須/任意. */
  badge?: boolean;
  hint?: string;
  className?: string;
  render: (props: ControlProps) => ReactNode;
}) {
  const { register } = useFormContext<EstimateFormValues>();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = useFieldError(name);
  const describedBy = [hint ? hintId : '', message ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className ?? styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {badge && <RequiredBadge required={required} />}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {render({
        ...register(name),
        id,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required ? true : undefined,
      })}
      <ErrorMessage id={errorId} message={message} />
    </div>
  );
}

/** Visually hidden text that completes a short visible label for screen readers. */
function Hidden({ children }: { children: ReactNode }) {
  return <span className={styles.visuallyHidden}>{children}</span>;
}

function Group({
  legend,
  required,
  children,
}: {
  legend: string;
  required: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.label}>
        {legend}
        <RequiredBadge required={required} />
      </legend>
      <div className={styles.row}>{children}</div>
    </fieldset>
  );
}

function NumberOptions({ values, unit }: { values: readonly number[]; unit: string }) {
  return values.map((value) => (
    <option key={value} value={String(value)}>
      {value}
      {unit}
    </option>
  ));
}

/**
 * One part of a date inside a Group (year, month or day): a select of numbers whose label is
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
    <Field
      name={name}
      label={<Hidden>{label}</Hidden>}
      badge={false}
      required={required}
      className={styles.inline}
      render={(props) => (
        <select {...props}>
          <option value="">{placeholder}</option>
          <NumberOptions values={values} unit={unit} />
        </select>
      )}
    />
  );
}

function CourtesyCar() {
  const { register } = useFormContext<EstimateFormValues>();
  const errorId = useId();
  const message = useFieldError('request.courtesyCar');
  return (
    <fieldset className={styles.group} aria-describedby={message ? errorId : undefined}>
      <legend className={styles.label}>
        代車
        <RequiredBadge required={false} />
      </legend>
      <div className={styles.row}>
        {courtesyCarOptions.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input type="radio" value={option.value} {...register('request.courtesyCar')} />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorMessage id={errorId} message={message} />
    </fieldset>
  );
}

function Consent() {
  const { register } = useFormContext<EstimateFormValues>();
  const id = useId();
  const errorId = `${id}-error`;
  const message = useFieldError('consent');
  return (
    <div className={styles.consent}>
      <p className={styles.hint}>
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
          aria-describedby={message ? errorId : undefined}
          aria-required
          {...register('consent')}
        />
        個人情報の取扱いに同意する
        <RequiredBadge required />
      </label>
      <ErrorMessage id={errorId} message={message} />
    </div>
  );
}

/** The estimate form's fields, inside a react-hook-form FormProvider. */
export function EstimateFields() {
  const today = tokyoToday();
  const id = useId();
  return (
    <>
      <section className={styles.section} aria-labelledby={`${id}-vehicle`}>
        <h3 id={`${id}-vehicle`} className={styles.heading}>
          お車の情報
        </h3>
        <Group legend="車検満了日" required>
          <NumberSelectField
            name="vehicle.expiryYear"
            label="車検満了日の年"
            placeholder="年"
            values={expiryYearOptions()}
            unit="年"
            required
          />
          <NumberSelectField
            name="vehicle.expiryMonth"
            label="車検満了日の月"
            placeholder="月"
            values={months}
            unit="月"
            required
          />
          <NumberSelectField
            name="vehicle.expiryDay"
            label="車検満了日の日（任意）"
            placeholder="日（任意）"
            values={days}
            unit="日"
          />
        </Group>
        <Field
          name="vehicle.maker"
          label="メーカー"
          required
          render={(props) => (
            <select {...props}>
              <option value="">選択してください</option>
              {makers.map((maker) => (
                <option key={maker} value={maker}>
                  {maker}
                </option>
              ))}
            </select>
          )}
        />
        <Field
          name="vehicle.model"
          label="車種"
          required
          hint="例: プリウス、N-BOX"
          render={(props) => <input type="text" maxLength={maxLengths.model} {...props} />}
        />
        <Field
          name="vehicle.postalCode"
          label="郵便番号"
          required
          hint="最寄りの店舗をご案内します（例: 123-4567）"
          render={(props) => (
            <input type="text" inputMode="numeric" autoComplete="postal-code" {...props} />
          )}
        />
        <Group legend="初度登録年月" required={false}>
          <NumberSelectField
            name="vehicle.firstRegistrationYear"
            label="初度登録年月の年"
            placeholder="年"
            values={firstRegistrationYearOptions()}
            unit="年"
          />
          <NumberSelectField
            name="vehicle.firstRegistrationMonth"
            label="初度登録年月の月"
            placeholder="月"
            values={months}
            unit="月"
          />
        </Group>
        <Field
          name="vehicle.mileage"
          label="走行距離（km）"
          hint="おおよそで構いません"
          render={(props) => <input type="text" inputMode="numeric" {...props} />}
        />
      </section>

      <section className={styles.section} aria-labelledby={`${id}-customer`}>
        <h3 id={`${id}-customer`} className={styles.heading}>
          お客様情報
        </h3>
        <Group legend="お名前" required>
          <Field
            name="customer.lastName"
            label="姓"
            badge={false}
            required
            className={styles.inline}
            render={(props) => (
              <input
                type="text"
                autoComplete="family-name"
                maxLength={maxLengths.name}
                {...props}
              />
            )}
          />
          <Field
            name="customer.firstName"
            label="名"
            badge={false}
            required
            className={styles.inline}
            render={(props) => (
              <input type="text" autoComplete="given-name" maxLength={maxLengths.name} {...props} />
            )}
          />
        </Group>
        <Group legend="フリガナ" required>
          <Field
            name="customer.lastNameKana"
            label="セイ"
            badge={false}
            required
            className={styles.inline}
            render={(props) => <input type="text" maxLength={maxLengths.kana} {...props} />}
          />
          <Field
            name="customer.firstNameKana"
            label="メイ"
            badge={false}
            required
            className={styles.inline}
            render={(props) => <input type="text" maxLength={maxLengths.kana} {...props} />}
          />
        </Group>
        <Field
          name="customer.phone"
          label="電話番号"
          required
          hint="例: 090-1234-5678"
          render={(props) => <input type="tel" autoComplete="tel" {...props} />}
        />
        <Field
          name="customer.email"
          label="メールアドレス"
          required
          hint="確認メールをお送りします"
          render={(props) => (
            <input
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={maxLengths.email}
              {...props}
            />
          )}
        />
      </section>

      <section className={styles.section} aria-labelledby={`${id}-request`}>
        <h3 id={`${id}-request`} className={styles.heading}>
          ご希望
        </h3>
        <Field
          name="request.preferredDate1"
          label="第1希望日"
          render={(props) => <input type="date" min={today} {...props} />}
        />
        <Field
          name="request.preferredDate2"
          label="第2希望日"
          render={(props) => <input type="date" min={today} {...props} />}
        />
        <CourtesyCar />
        <Field
          name="request.contactTime"
          label="連絡希望時間帯"
          render={(props) => (
            <select {...props}>
              <option value="">指定なし</option>
              {contactTimeOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        />
        <Field
          name="request.notes"
          label="備考"
          hint={`ご質問やご要望があればご記入ください（${maxLengths.notes}文字以内）`}
          render={(props) => <textarea rows={5} maxLength={maxLengths.notes} {...props} />}
        />
      </section>

      <Consent />
    </>
  );
}
