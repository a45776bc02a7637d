/**
 * Checks across the vehicle fields. They run even while other fields are invalid, so a visitor
 * sees the message at the field they just left instead of only after fixing everything else.
 * They then see whatever was posted: null, an array, a string, fields of any type. A check only
 * reads an object's own string fields, so a tampered request gets its 422, never an exception.
 */
import * as v from 'valibot';
import { isRecord } from '../../../lib/isRecord';
import { isRealDate, tokyoYearMonth } from '../../../lib/tokyoTime';
import { messages } from './messages';

type Fields = Record<string, unknown>;
type Report = (key: string, message: string) => void;
type CrossFieldCheck = (value: Fields, report: Report) => void;

/**
 * A validation step after an object schema (in `v.pipe`). It needs valibot's default config:
 * with `abortPipeEarly` a pipe stops at the first issue, which is why the dialog validates
 * through the Standard Schema interface (standardSchemaResolver), not valibotResolver.
 */
export function crossField<T>(...checks: CrossFieldCheck[]) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const value: unknown = dataset.value;
    if (!isRecord(value)) return;
    const report: Report = (key, message) =>
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: value, key, value: value[key] }],
      });
    for (const check of checks) check(value, report);
  });
}

/** A field's value as a positive integer, when it is a string of digits. */
function digitsOf(value: Fields, key: string): number | undefined {
  const part = Object.hasOwn(value, key) ? value[key] : undefined;
  return typeof part === 'string' && /^\d{1,4}$/.test(part) ? Number(part) : undefined;
}

function isFilled(value: Fields, key: string): boolean {
  const part = Object.hasOwn(value, key) ? value[key] : undefined;
  return typeof part === 'string' && part !== '';
}

/** 日 must exist in the chosen month; checked only once year and month are themselves valid. */
export const checkExpiryDate: CrossFieldCheck = (value, report) => {
  const year = digitsOf(value, 'expiryYear');
  const month = digitsOf(value, 'expiryMonth');
  const day = digitsOf(value, 'expiryDay');
  if (year && month && day && !isRealDate(year, month, day)) {
    report('expiryDay', messages.expiryDate);
  }
};

/**
 * 初度登録年月: both year and month, or neither; once both are valid, no later than this month in
 * Tokyo (a car is registered before it is inspected) and not after the 車検満了日's month.
 */
export const checkFirstRegistration: CrossFieldCheck = (value, report) => {
  const year = isFilled(value, 'firstRegistrationYear');
  const month = isFilled(value, 'firstRegistrationMonth');
  if (year && !month) report('firstRegistrationMonth', messages.firstRegistrationBoth);
  else if (month && !year) report('firstRegistrationYear', messages.firstRegistrationBoth);
  const registered = monthIndex(value, 'firstRegistrationYear', 'firstRegistrationMonth');
  if (registered === undefined) return;
  const now = tokyoYearMonth();
  const expiry = monthIndex(value, 'expiryYear', 'expiryMonth');
  // The month field when only the month is too late in this year, else the year.
  const key =
    Math.floor(registered / 12) === now.year ? 'firstRegistrationMonth' : 'firstRegistrationYear';
  if (registered > now.year * 12 + now.month - 1) {
    report(key, messages.firstRegistrationFuture);
  } else if (expiry !== undefined && registered > expiry) {
    report('firstRegistrationYear', messages.firstRegistrationAfterExpiry);
  }
};

/** A valid year and month (1–12) as months since year 0, else undefined. */
function monthIndex(value: Fields, yearKey: string, monthKey: string): number | undefined {
  const year = digitsOf(value, yearKey);
  const month = digitsOf(value, monthKey);
  return year && month && month >= 1 && month <= 12 ? year * 12 + month - 1 : undefined;
}
