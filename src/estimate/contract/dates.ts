// The years the estimate forms offer, from today in Japan, on the client and the server alike.
import { tokyoToday, tokyoYear } from '../../lib/tokyoTime';

/** Last year to three years ahead. */
export function expiryYearOptions(now: Date = new Date()): number[] {
  const year = tokyoYear(now);
  return [year - 1, year, year + 1, year + 2, year + 3];
}

const firstRegistrationSpan = 40;

export function firstRegistrationYearOptions(now: Date = new Date()): number[] {
  const year = tokyoYear(now);
  return Array.from({ length: firstRegistrationSpan + 1 }, (_, i) => year - i);
}

/** Six months: room to plan early (a shaken may be taken two months ahead), typos like 9999 refused. */
export const preferredDateMaxMonths = 6;

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** From tomorrow (a shop cannot take a car the day it hears of it) to six months from today. */
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
