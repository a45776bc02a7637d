/**
 * Japan's calendar and clock, whatever the visitor's own time zone: business hours, campaign
 * ends and the estimate's dates are all Tokyo's. Japan keeps no daylight saving time, so the
 * offset is fixed.
 */

/** The UTC offset of Japan Standard Time, as ISO 8601 writes it. */
export const tokyoOffset = '+09:00';

/** Whether year-month-day (month 1–12) is a day of the calendar (no 2月30日). */
export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

let hhmmFormat: Intl.DateTimeFormat | undefined;

/** hour*100+minute of `now` in Tokyo, e.g. 905 for 9:05. */
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
