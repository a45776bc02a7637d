import { useId, useSyncExternalStore } from 'react';
import type { BrandId } from '../brand/brands';
import { Options } from '../forms/Field';
import { contactTimeOptions, makers, maxLengths } from './options';
import { expiryYearOptions, firstRegistrationYearOptions, preferredDateBounds } from './dates';
import {
  Consent,
  CourtesyCar,
  FieldGroup,
  FormField,
  NamePartField,
  DateFields,
} from './registeredFields';
import styles from './EstimateFields.module.css';

const pageLoadTime = Date.now();
const noSubscription = () => () => {};

/**
 * The moment the year options and the earliest preferred date follow: the build's while the
 * prerendered form hydrates (the prerender rendered them so; other text would throw the typed-in
 * form back to a client render), then the page's.
 */
function useFormNow(): Date {
  const time = useSyncExternalStore(
    noSubscription,
    () => pageLoadTime,
    () => __BUILD_TIME__,
  );
  return new Date(time);
}

/**
 * What the form sends besides the visitor's fields: the brand, the entry point and the price
 * check's rough price (the first-paint script writes the last two as the dialog opens; the quote
 * is disabled, so not sent, unless the price check opened it), and the honeypot, which people
 * never see and bots fill.
 */
export function HiddenFields({ brand }: { brand: BrandId }) {
  return (
    <>
      <input type="hidden" name="brand" value={brand} />
      {/* Not type=hidden, whose value is its attribute, which hydration would set back: hidden
          text inputs keep what the script wrote before the code arrived. */}
      <input type="text" hidden name="entryPoint" defaultValue="header" />
      <input type="text" hidden name="quote.vehicleClass" defaultValue="" disabled />
      <input type="text" hidden name="quote.roughTotal" defaultValue="" disabled />
      <div className={styles.honeypot} aria-hidden="true">
        <label>
          ホームページ（入力しないでください）
          <input type="text" name="homepage" autoComplete="off" tabIndex={-1} />
        </label>
      </div>
    </>
  );
}

/** The estimate form's fields, inside a react-hook-form FormProvider. */
export function EstimateFields() {
  const now = useFormNow();
  const preferredDates = preferredDateBounds(now);
  const id = useId();
  return (
    <>
      <section className={styles.section} aria-labelledby={`${id}-vehicle`}>
        <h3 id={`${id}-vehicle`} className={styles.heading}>
          お車の情報
        </h3>
        <DateFields
          legend="車検満了日"
          required
          years={expiryYearOptions(now)}
          year="vehicle.expiryYear"
          month="vehicle.expiryMonth"
          day="vehicle.expiryDay"
        />
        <FormField
          name="vehicle.maker"
          label="メーカー"
          required
          render={(props) => (
            <select {...props}>
              <Options placeholder="選択してください" values={makers} />
            </select>
          )}
        />
        <FormField
          name="vehicle.model"
          label="車種"
          required
          maxLength={maxLengths.model}
          hint="例: プリウス、N-BOX"
          render={(props) => <input type="text" autoComplete="off" {...props} />}
        />
        <FormField
          name="vehicle.postalCode"
          label="郵便番号"
          required
          hint="最寄りの店舗をご案内します（例: 123-4567）"
          render={(props) => (
            <input type="text" inputMode="numeric" autoComplete="postal-code" {...props} />
          )}
        />
        <DateFields
          legend="初度登録年月"
          required={false}
          years={firstRegistrationYearOptions(now)}
          year="vehicle.firstRegistrationYear"
          month="vehicle.firstRegistrationMonth"
        />
        <FormField
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
        <FieldGroup legend="お名前" required>
          <NamePartField
            name="customer.lastName"
            label="姓"
            autoComplete="family-name"
            maxLength={maxLengths.name}
          />
          <NamePartField
            name="customer.firstName"
            label="名"
            autoComplete="given-name"
            maxLength={maxLengths.name}
          />
        </FieldGroup>
        <FieldGroup legend="フリガナ" required>
          <NamePartField name="customer.lastNameKana" label="セイ" maxLength={maxLengths.kana} />
          <NamePartField name="customer.firstNameKana" label="メイ" maxLength={maxLengths.kana} />
        </FieldGroup>
        <FormField
          name="customer.phone"
          label="電話番号"
          required
          hint="例: 090-1234-5678"
          render={(props) => <input type="tel" autoComplete="tel" {...props} />}
        />
        <FormField
          name="customer.email"
          label="メールアドレス"
          required
          maxLength={maxLengths.email}
          hint="確認メールをお送りします"
          render={(props) => (
            <input type="email" autoComplete="email" inputMode="email" {...props} />
          )}
        />
      </section>

      <section className={styles.section} aria-labelledby={`${id}-request`}>
        <h3 id={`${id}-request`} className={styles.heading}>
          ご希望
        </h3>
        <FormField
          name="request.preferredDate1"
          label="第1希望日"
          render={(props) => <input type="date" {...preferredDates} {...props} />}
        />
        <FormField
          name="request.preferredDate2"
          label="第2希望日"
          render={(props) => <input type="date" {...preferredDates} {...props} />}
        />
        <CourtesyCar />
        <FormField
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
        <FormField
          name="request.notes"
          label="備考"
          maxLength={maxLengths.notes}
          hint={`ご質問やご要望があればご記入ください（${maxLengths.notes}文字以内）`}
          render={(props) => <textarea rows={5} {...props} />}
        />
      </section>

      <Consent />
    </>
  );
}
