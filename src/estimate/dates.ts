/**
 * The years the estimate forms offer, from today in Japan: on the client and the server alike.
 * Framework-free; the other choices and lengths are in options.ts.
 */

const tokyoDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Japan as YYYY-MM-DD. */
export function tokyoToday(now: Date = new Date()): string {
  return tokyoDateFormat.format(now);
}

function tokyoYear(now: Date = new Date()): number {
  return Number(tokyoToday(now).slice(0, 4));
}

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
