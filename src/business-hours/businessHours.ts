import { tokyoHhmm } from '../lib/tokyoTime';
import { outsideHoursAttribute } from './businessHoursNames';

const timePattern = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** '09:00:00' → '9:00'; null for anything but a valid 24-hour time. */
export function parseHoursValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = timePattern.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = match[3] === undefined ? 0 : Number(match[3]);
  if (hour > 23 || minute > 59 || second > 59) return null;
  return `${hour}:${String(minute).padStart(2, '0')}`;
}

function toHhmm(value: unknown): number | null {
  const parsed = parseHoursValue(value);
  if (parsed === null) return null;
  const [hour = 0, minute = 0] = parsed.split(':').map(Number);
  return hour * 100 + minute;
}

function businessWindow(start: unknown, end: unknown): { from: number; to: number } | null {
  const from = toHhmm(start);
  const to = toHhmm(end);
  return from === null || to === null || from >= to ? null : { from, to };
}

/** Back-to-front or zero-length hours count as absent: from a cookie they'd hide the CTA all day. */
export function plausibleHours(
  start: unknown,
  end: unknown,
): { start: string; end: string } | null {
  const startText = parseHoursValue(start);
  const endText = parseHoursValue(end);
  if (!startText || !endText || !businessWindow(startText, endText)) return null;
  return { start: startText, end: endText };
}

/** The shortest day a shop keeps, in minutes: cookie hours shorter than this are not its hours. */
const shortestShopDayMinutes = 4 * 60;
const noon = 1200;

/** For the cookies: a neighbour subdomain can write narrow hours; the endpoint's are kept as is. */
export function shopHours(start: unknown, end: unknown): { start: string; end: string } | null {
  const hours = plausibleHours(start, end);
  const span = hours && businessWindow(hours.start, hours.end);
  if (!hours || !span) return null;
  const minutes = (hhmm: number) => Math.floor(hhmm / 100) * 60 + (hhmm % 100);
  const long = minutes(span.to) - minutes(span.from) >= shortestShopDayMinutes;
  return long && span.from <= noon && span.to >= noon ? hours : null;
}

export function isOutsideBusinessHours(
  now: Date,
  start: string | null,
  end: string | null,
): boolean {
  const hours = businessWindow(start, end);
  if (hours === null || Number.isNaN(now.getTime())) return false;
  const hhmm = tokyoHhmm(now);
  return hhmm < hours.from || hhmm > hours.to;
}

const minuteMs = 60_000;

/** Here, loaded lazily with the rules, so the first view does not carry it. */
export function watchOutsideBusinessHours(
  hours: { start: string; end: string },
  report: (outside: boolean) => void,
): () => void {
  const evaluate = () => {
    const outside = isOutsideBusinessHours(new Date(), hours.start, hours.end);
    document.documentElement.toggleAttribute(outsideHoursAttribute, outside);
    report(outside);
  };
  let timer: number | undefined;
  const schedule = () => {
    timer = window.setTimeout(
      () => {
        evaluate();
        schedule();
      },
      minuteMs - (Date.now() % minuteMs),
    );
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') evaluate();
  };
  evaluate();
  schedule();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    document.documentElement.removeAttribute(outsideHoursAttribute);
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
