/** A calendar month: year and month (1–12). */
export type YearMonth = { year: number; month: number };

const tokyoMonthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
});

/** The month `now` falls in, in Japan, whatever the visitor's own time zone. */
export function tokyoYearMonth(now: Date = new Date()): YearMonth {
  const [year, month] = tokyoMonthFormat.format(now).split('-').map(Number);
  return { year: year ?? 0, month: month ?? 1 };
}

/** Months from `from` to `to` (negative when `to` is earlier). */
export function monthsBetween(from: YearMonth, to: YearMonth): number {
  return (to.year - from.year) * 12 + (to.month - from.month);
}
