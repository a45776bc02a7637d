// The estimate form's parts (車両情報, お客様情報, ご希望, 同意) with their rules and messages.
import * as v from 'valibot';
import { expiryYearOptions, firstRegistrationYearOptions } from '../dates';
import { westernYear } from '../eras';
import { fields, type FieldPath } from '../fieldTable';
import { contactTimeOptions, courtesyCarOptions, makers } from '../options';
import { checkExpiryDate, checkFirstRegistration, crossField } from './crossField';
import {
  choice,
  integerIn,
  maxChars,
  optional,
  preferredDate,
  record,
  required,
  yearOf,
} from './fields';
import { messages } from './messages';
import {
  normalizeDate,
  normalizeDigits,
  normalizeEmail,
  normalizeKana,
  normalizeMileage,
  normalizeMultiline,
  normalizePhone,
  normalizePostalCode,
  normalizeText,
  toListedOption,
} from './normalize';

/** Unchanged since the form's first version. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const labelOf = (path: FieldPath) => fields[path].label;

function lengthLimit(path: FieldPath) {
  const { label, maxLength } = fields[path] as { label: string; maxLength: number };
  return maxChars(label, maxLength);
}

const kana = (path: FieldPath) =>
  required(
    normalizeKana,
    messages.enter(labelOf(path)),
    v.pipe(v.string(), lengthLimit(path), v.regex(/^[ァ-ヺー ]+$/u, messages.kana)),
  );

const text = (path: FieldPath) =>
  required(normalizeText, messages.enter(labelOf(path)), v.pipe(v.string(), lengthLimit(path)));

// 総務省's numbering plan: 00XY picks a carrier; 0990, 0170, 0180 and 020 (M2M, pagers) never
// reach a person who could take a shop's call back. 0570 and 0120/0800 do, and are kept.
const unreachablePrefixes = ['0990', '0170', '0180', '020'];
const elevenDigitPrefixes = /^(?:0[5789]0[1-9]|0600|0800)/;

function phoneProblem(digits: string): string | undefined {
  if (digits.startsWith('00')) return messages.phoneCarrierPrefix;
  const unreachable = unreachablePrefixes.find((prefix) => digits.startsWith(prefix));
  if (unreachable) return messages.phoneUnreachable(unreachable);
  const elevenDigits = elevenDigitPrefixes.test(digits);
  if (digits.length === 11 && !elevenDigits) return messages.phoneDigits;
  if (digits.length === 10 && elevenDigits && !digits.startsWith('0800')) {
    return messages.phoneDigits;
  }
  return undefined;
}

const invalid = (path: FieldPath) => `${labelOf(path)}が正しくありません`;
/** Taxis and long-haul vans retire well before a million km; 9,999,999 is refused. */
const maxMileageKm = 2_000_000;

const firstRegistrationYearMessage = invalid('vehicle.firstRegistrationYear');
const firstRegistrationMonthMessage = invalid('vehicle.firstRegistrationMonth');
const expiryYear = labelOf('vehicle.expiryYear');

/** Each field's rule, apart so the staff's forms check the same fields alike (server/staff/forms/). */
export const vehicleEntries = {
  expiryYear: required(
    (typed) => westernYear(typed, expiryYearOptions()),
    messages.choose(expiryYear),
    yearOf(expiryYearOptions, (years) => messages.yearRange(expiryYear, years)),
  ),
  expiryMonth: required(
    normalizeDigits,
    messages.choose(labelOf('vehicle.expiryMonth')),
    integerIn(1, 12, invalid('vehicle.expiryMonth')),
  ),
  expiryDay: optional(normalizeDigits, messages.expiryDate, integerIn(1, 31, messages.expiryDate)),
  maker: required(
    toListedOption(makers),
    messages.choose(labelOf('vehicle.maker')),
    choice(makers, `${labelOf('vehicle.maker')}を一覧から選択してください`),
  ),
  model: text('vehicle.model'),
  postalCode: required(
    normalizePostalCode,
    messages.enter(labelOf('vehicle.postalCode')),
    v.pipe(v.string(), v.regex(/^\d{7}$/, messages.postalCode)),
  ),
  firstRegistrationYear: optional(
    (typed) => westernYear(typed, firstRegistrationYearOptions()),
    firstRegistrationYearMessage,
    yearOf(firstRegistrationYearOptions, () => firstRegistrationYearMessage),
  ),
  firstRegistrationMonth: optional(
    normalizeDigits,
    firstRegistrationMonthMessage,
    integerIn(1, 12, firstRegistrationMonthMessage),
  ),
  mileage: optional(
    normalizeMileage,
    messages.mileage,
    v.pipe(
      v.string(),
      v.regex(/^\d{1,7}$/, messages.mileage),
      v.transform((value) => String(Number(value))),
      v.check((value) => Number(value) <= maxMileageKm, messages.mileageMax(maxMileageKm)),
    ),
  ),
};

const vehicleSchema = v.pipe(
  record(vehicleEntries, '車両情報が正しくありません'),
  crossField(checkExpiryDate, checkFirstRegistration),
);

/** `formatMessage` for a number of the wrong shape; the carrier and digit rules say their own. */
export function phoneNumber(formatMessage: string = messages.phone) {
  return required(
    normalizePhone,
    messages.enter(labelOf('customer.phone')),
    v.pipe(
      v.string(),
      v.regex(/^0\d{9,10}$/, formatMessage),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const problem = phoneProblem(dataset.value);
        if (problem) addIssue({ message: problem });
      }),
    ),
  );
}

export const customerEntries = {
  lastName: text('customer.lastName'),
  firstName: text('customer.firstName'),
  lastNameKana: kana('customer.lastNameKana'),
  firstNameKana: kana('customer.firstNameKana'),
  phone: phoneNumber(),
  email: required(
    normalizeEmail,
    messages.enter(labelOf('customer.email')),
    v.pipe(v.string(), lengthLimit('customer.email'), v.regex(emailPattern, messages.email)),
  ),
};

const customerSchema = record(customerEntries, 'お客様情報が正しくありません');

const preferredDateField = (path: FieldPath) =>
  optional(normalizeDate, messages.invalidDate(labelOf(path)), preferredDate(labelOf(path)));

const listed = (options: readonly { value: string }[], path: FieldPath) =>
  optional(
    normalizeText,
    messages.choose(labelOf(path)),
    choice(
      options.map((option) => option.value),
      messages.choose(labelOf(path)),
    ),
  );

export const requestEntries = {
  preferredDate1: preferredDateField('request.preferredDate1'),
  preferredDate2: preferredDateField('request.preferredDate2'),
  courtesyCar: listed(courtesyCarOptions, 'request.courtesyCar'),
  contactTime: listed(contactTimeOptions, 'request.contactTime'),
  notes: optional(
    normalizeMultiline,
    invalid('request.notes'),
    v.pipe(v.string(), lengthLimit('request.notes')),
  ),
};

const requestSchema = record(requestEntries, 'ご希望の内容が正しくありません');

const consentSchema = v.pipe(
  v.boolean(messages.consent),
  v.check((value) => value, messages.consent),
  v.transform(() => true as const),
);

/** Optional and never a reason to refuse: anything but `true` is no (the 案内's consent too). */
const adConsentSchema = v.pipe(
  v.optional(v.unknown(), false),
  v.transform((value) => value === true),
);

export const formEntries = {
  vehicle: vehicleSchema,
  customer: customerSchema,
  request: requestSchema,
  consent: consentSchema,
  adConsent: adConsentSchema,
  reminderConsent: adConsentSchema,
};
