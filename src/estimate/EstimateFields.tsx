import { useId, useSyncExternalStore } from 'react';
import type { BrandId } from '../brand/brands';
import { emailHint } from '../brand/mail';
import { useBrand } from '../brand/useBrand';
import {
  expiryYearOptions,
  firstRegistrationYearOptions,
  preferredDateBounds,
} from './contract/dates';
import { quoteControlNames } from './contract/controlNames';
import { AdConsent, Consent, GuideConsent } from './consentFields';
import { BookingSection } from './BookingSection';
import type { BookingStep } from './bookingStep';
import { DateFields, NamePartField, RadioField, TableField, TableGroup } from './registeredFields';
import styles from './EstimateFields.module.css';

const pageLoadTime = Date.now();
const noSubscription = () => () => {};

/** The build's time while hydrating (other text would throw the form back to a client render). */
function useFormNow(): Date {
  const time = useSyncExternalStore(
    noSubscription,
    () => pageLoadTime,
    () => __BUILD_TIME__,
  );
  return new Date(time);
}

/** The quote is disabled, so not sent, unless the price check opened the dialog. */
export function HiddenFields({ brand }: { brand: BrandId }) {
  return (
    <>
      <input type="hidden" name="brand" value={brand} />
      {/* Not type=hidden, whose value is its attribute, which hydration would set back: hidden
          text inputs keep what the script wrote before the code arrived. */}
      <input type="text" hidden name="entryPoint" defaultValue="header" />
      <input type="text" hidden name={quoteControlNames.vehicleClass} defaultValue="" disabled />
      <input type="text" hidden name={quoteControlNames.roughTotal} defaultValue="" disabled />
      <div className={styles.honeypot} aria-hidden="true">
        <label>
          ホームページ（入力しないでください）
          <input type="text" name="homepage" autoComplete="off" tabIndex={-1} />
        </label>
      </div>
    </>
  );
}

export function EstimateFields({ booking }: { booking: BookingStep }) {
  const brand = useBrand();
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
          paths={['vehicle.expiryYear', 'vehicle.expiryMonth', 'vehicle.expiryDay']}
          years={expiryYearOptions(now)}
        />
        <TableField path="vehicle.maker" />
        <TableField path="vehicle.model" />
        <TableField path="vehicle.postalCode" />
        <DateFields
          paths={['vehicle.firstRegistrationYear', 'vehicle.firstRegistrationMonth']}
          years={firstRegistrationYearOptions(now)}
        />
        <TableField path="vehicle.mileage" />
      </section>

      <BookingSection step={booking} />

      <section className={styles.section} aria-labelledby={`${id}-customer`}>
        <h3 id={`${id}-customer`} className={styles.heading}>
          お客様情報
        </h3>
        <TableGroup path="customer.lastName">
          <NamePartField path="customer.lastName" />
          <NamePartField path="customer.firstName" />
        </TableGroup>
        <TableGroup path="customer.lastNameKana">
          <NamePartField path="customer.lastNameKana" />
          <NamePartField path="customer.firstNameKana" />
        </TableGroup>
        <TableField path="customer.phone" />
        <TableField path="customer.email" hint={emailHint(brand)} />
      </section>

      <section className={styles.section} aria-labelledby={`${id}-request`}>
        <h3 id={`${id}-request`} className={styles.heading}>
          ご希望
        </h3>
        <TableField path="request.preferredDate1" control={preferredDates} />
        <TableField path="request.preferredDate2" control={preferredDates} />
        <RadioField path="request.courtesyCar" />
        <TableField path="request.contactTime" />
        <TableField path="request.notes" />
      </section>

      <Consent />
      <AdConsent />
      <GuideConsent />
    </>
  );
}
