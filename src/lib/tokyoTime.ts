// Japan's calendar and clock, whatever the visitor's time zone. Japan keeps no DST: a fixed offset.

export const tokyoOffset = '+09:00';

const tokyoOffsetMs =
  Date.parse('1970-01-01T00:00:00Z') - Date.parse(`1970-01-01T00:00:00${tokyoOffset}`);

export function tokyoDateTime(when: Date): string {
  return new Date(when.getTime() + tokyoOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
}

export type YearMonth = { year: number; month: number };

/** No 2月30日. */
export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

// Created on first use: the landing page's first paint needs none of them.
let dateFormat: Intl.DateTimeFormat | undefined;
let hhmmFormat: Intl.DateTimeFormat | undefined;

export function tokyoToday(now: Date = new Date()): string {
  dateFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dateFormat.format(now);
}

export function tokyoYear(now: Date = new Date()): number {
  return tokyoYearMonth(now).year;
}

export function tokyoYearMonth(now: Date = new Date()): YearMonth {
  const [year, month] = tokyoToday(now).split('-').map(Number);
  return { year: year ?? 0, month: month ?? 1 };
}

/** Negative when `to` is earlier. */
export function monthsBetween(from: YearMonth, to: YearMonth): number {
  return (to.year - from.year) * 12 + (to.month - from.month);
}

/** 905 for 9:05. */
export function tokyoHhmm(now: Date): number {
  hhmmFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  let hour = 0;
  let minute = 0;
  for (const part of hhmmFormat.formatToParts(now)) {
    if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return hour * 100 + minute;
}
