/**
 * The years the estimate forms offer, from today in Japan: on the client and the server alike.
 * Framework-free; the other choices are in options.ts, the fields' lengths in fieldTable.ts,
 * Tokyo's calendar in src/lib/tokyoTime.ts.
 */
import { tokyoToday, tokyoYear } from '../../lib/tokyoTime';

/** Years a 車検満了日 may fall in: last year to three years ahead. */
export function expiryYearOptions(now: Date = new Date()): number[] {
  const year = tokyoYear(now);
  return [year - 1, year, year + 1, year + 2, year + 3];
}

const firstRegistrationSpan = 40;

/** Years offered for 初度登録年月, newest first. */
export function firstRegistrationYearOptions(now: Date = new Date()): number[] {
  const year = tokyoYear(now);
  return Array.from({ length: firstRegistrationSpan + 1 }, (_, i) => year - i);
}

/**
 * How far ahead a preferred date may be. A shaken can be taken up to two months before the expiry
 * without losing any of the new period, and people book around that window; six months leaves
 * room for anyone planning early while refusing typos such as 9999-12-31 or 2062 for 2026,
 * which would only reach the shop as a date nobody can serve.
 */
export const preferredDateMaxMonths = 6;

/** yyyy-mm-dd. */
export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The first and last day a preferred date may be, as yyyy-mm-dd (Tokyo): tomorrow, since a shop
 * cannot take a car the day it hears of it, to six months from today (the same day of the month,
 * or the month's last day). The schema refuses others (validation/fields.ts); the form's date
 * inputs carry them as `min` and `max`.
 */
export function preferredDateBounds(now: Date = new Date()): { min: string; max: string } {
  const [year = 0, month = 1, day = 1] = tokyoToday(now).split('-').map(Number);
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1));
  const lastMonth = new Date(Date.UTC(year, month - 1 + preferredDateMaxMonths, 1));
  const lastYear = lastMonth.getUTCFullYear();
  const lastMonthNumber = lastMonth.getUTCMonth() + 1;
  const daysInLastMonth = new Date(Date.UTC(lastYear, lastMonthNumber, 0)).getUTCDate();
  return {
    min: isoDate(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate()),
    max: isoDate(lastYear, lastMonthNumber, Math.min(day, daysInLastMonth)),
  };
}
