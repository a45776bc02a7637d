// Checks across the vehicle fields. They run while other fields are invalid, so they see anything
// posted: a check reads only an object's own string fields, so tampering gets a 422, not a throw.
import * as v from 'valibot';
import { isRecord } from '../../../lib/isRecord';
import { isRealDate, tokyoYearMonth } from '../../../lib/tokyoTime';
import { messages } from './messages';

type Fields = Record<string, unknown>;
type Report = (key: string, message: string) => void;
type CrossFieldCheck = (value: Fields, report: Report) => void;

/** Needs valibot's default config: `abortPipeEarly` would stop it (why not valibotResolver). */
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

function digitsOf(value: Fields, key: string): number | undefined {
  const part = Object.hasOwn(value, key) ? value[key] : undefined;
  return typeof part === 'string' && /^\d{1,4}$/.test(part) ? Number(part) : undefined;
}

function isFilled(value: Fields, key: string): boolean {
  const part = Object.hasOwn(value, key) ? value[key] : undefined;
  return typeof part === 'string' && part !== '';
}

/** Checked only once year and month are themselves valid. */
export const checkExpiryDate: CrossFieldCheck = (value, report) => {
  const year = digitsOf(value, 'expiryYear');
  const month = digitsOf(value, 'expiryMonth');
  const day = digitsOf(value, 'expiryDay');
  if (year && month && day && !isRealDate(year, month, day)) {
    report('expiryDay', messages.expiryDate);
  }
};

/** No later than this month in Tokyo (registered before inspected), nor the 車検満了日's month. */
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

function monthIndex(value: Fields, yearKey: string, monthKey: string): number | undefined {
  const year = digitsOf(value, yearKey);
  const month = digitsOf(value, monthKey);
  return year && month && month >= 1 && month <= 12 ? year * 12 + month - 1 : undefined;
}
