/**
 * The parts of the estimate form (車両情報, お客様情報, ご希望, 同意), each with the rules and
 * Japanese messages of its fields. estimateSchema.ts assembles them into the form and request.
 */
import * as v from 'valibot';
import { expiryYearOptions, firstRegistrationYearOptions } from '../dates';
import { contactTimeOptions, courtesyCarOptions, makers, maxLengths } from '../options';
import { checkExpiryDate, checkFirstRegistration, crossField } from './crossField';
import {
  choice,
  dateNotInPast,
  integerIn,
  maxChars,
  optional,
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

/** zod's practical email pattern, which this form has always used. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const kana = (label: string) =>
  required(
    normalizeKana,
    messages.enter(label),
    v.pipe(v.string(), maxChars(label, maxLengths.kana), v.regex(/^[ァ-ヺー ]+$/u, messages.kana)),
  );

const text = (label: string, max: number) =>
  required(normalizeText, messages.enter(label), v.pipe(v.string(), maxChars(label, max)));

const firstRegistrationYearMessage = '初度登録年月の年が正しくありません';
const firstRegistrationMonthMessage = '初度登録年月の月が正しくありません';

const vehicleSchema = v.pipe(
  record(
    {
      expiryYear: required(
        normalizeDigits,
        messages.choose('車検満了日の年'),
        yearOf(expiryYearOptions, (years) => messages.yearRange('車検満了日の年', years)),
      ),
      expiryMonth: required(
        normalizeDigits,
        messages.choose('車検満了日の月'),
        integerIn(1, 12, '車検満了日の月が正しくありません'),
      ),
      expiryDay: optional(
        normalizeDigits,
        messages.expiryDate,
        integerIn(1, 31, messages.expiryDate),
      ),
      maker: required(
        toListedOption(makers),
        messages.choose('メーカー'),
        choice(makers, 'メーカーを一覧から選択してください'),
      ),
      model: text('車種', maxLengths.model),
      postalCode: required(
        normalizePostalCode,
        messages.enter('郵便番号'),
        v.pipe(v.string(), v.regex(/^\d{7}$/, messages.postalCode)),
      ),
      firstRegistrationYear: optional(
        normalizeDigits,
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
        ),
      ),
    },
    '車両情報が正しくありません',
  ),
  crossField(checkExpiryDate, checkFirstRegistration),
);

const customerSchema = record(
  {
    lastName: text('お名前（姓）', maxLengths.name),
    firstName: text('お名前（名）', maxLengths.name),
    lastNameKana: kana('フリガナ（セイ）'),
    firstNameKana: kana('フリガナ（メイ）'),
    phone: required(
      normalizePhone,
      messages.enter('電話番号'),
      v.pipe(v.string(), v.regex(/^0\d{9,10}$/, messages.phone)),
    ),
    email: required(
      normalizeEmail,
      messages.enter('メールアドレス'),
      v.pipe(
        v.string(),
        maxChars('メールアドレス', maxLengths.email),
        v.regex(emailPattern, messages.email),
      ),
    ),
  },
  'お客様情報が正しくありません',
);

const preferredDate = (label: string) =>
  optional(normalizeDate, messages.invalidDate(label), dateNotInPast(label));

const listed = (options: readonly { value: string }[], label: string) =>
  optional(
    normalizeText,
    messages.choose(label),
    choice(
      options.map((option) => option.value),
      messages.choose(label),
    ),
  );

const requestSchema = record(
  {
    preferredDate1: preferredDate('第1希望日'),
    preferredDate2: preferredDate('第2希望日'),
    courtesyCar: listed(courtesyCarOptions, '代車のご希望'),
    contactTime: listed(contactTimeOptions, '連絡希望時間帯'),
    notes: optional(
      normalizeMultiline,
      '備考が正しくありません',
      v.pipe(v.string(), maxChars('備考', maxLengths.notes)),
    ),
  },
  'ご希望の内容が正しくありません',
);

const consentSchema = v.pipe(
  v.boolean(messages.consent),
  v.check((value) => value, messages.consent),
  v.transform(() => true as const),
);

export const formEntries = {
  vehicle: vehicleSchema,
  customer: customerSchema,
  request: requestSchema,
  consent: consentSchema,
};
