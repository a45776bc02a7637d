/**
 * The business-hours window (spec section 4): outside when the Tokyo time as hour*100+minute is
 * before the start or after the end; never outside while the hours are not loaded.
 */
import { tokyoHhmm } from '../lib/tokyoTime';

const timePattern = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Normalises a time value from the API or a cookie to 'H:MM' ('09:00:00' → '9:00'); anything
 * that is not a valid 24-hour time string gives null.
 */
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

/** A time value as hour*100+minute, or null when it is not a valid time. */
function toHhmm(value: unknown): number | null {
  const parsed = parseHoursValue(value);
  if (parsed === null) return null;
  const [hour = 0, minute = 0] = parsed.split(':').map(Number);
  return hour * 100 + minute;
}

/** The window as hour*100+minute, when both are valid times and the start is before the end. */
function businessWindow(start: unknown, end: unknown): { from: number; to: number } | null {
  const from = toHhmm(start);
  const to = toHhmm(end);
  return from === null || to === null || from >= to ? null : { from, to };
}

/**
 * Both values normalised ('H:MM'), when they make a real business day: each a valid time and the
 * start before the end. Back-to-front (23:59–0:00) or zero-length (0:00–0:00) hours cannot be
 * real; a cookie tossed from another subdomain with them would hide the call-to-action all day,
 * so they count as absent (the cookies are refetched and rewritten). Null otherwise.
 */
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
/** Every shop's day spans noon (hour*100+minute). */
const noon = 1200;

/**
 * plausibleHours, and also hours a shop keeps: a day of at least four hours that spans noon.
 * For the cookies only: they live on the shared domain, where a neighbour subdomain can write
 * narrow hours (0:00–0:01, 23:58–23:59, 12:01–23:59, 0:00–11:59) that would hide the
 * call-to-action all day. Such cookies count as absent, so the endpoint is asked and what it
 * answers is kept, however narrow: the endpoint is the shop's own word.
 */
export function shopHours(start: unknown, end: unknown): { start: string; end: string } | null {
  const hours = plausibleHours(start, end);
  const span = hours && businessWindow(hours.start, hours.end);
  if (!hours || !span) return null;
  const minutes = (hhmm: number) => Math.floor(hhmm / 100) * 60 + (hhmm % 100);
  const long = minutes(span.to) - minutes(span.from) >= shortestShopDayMinutes;
  return long && span.from <= noon && span.to >= noon ? hours : null;
}

/**
 * True when `now` (in Tokyo) is before `start` or after `end`; false if either is unknown or the
 * two are not plausible hours (plausibleHours).
 */
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

/**
 * Calls `report` with whether now is outside `start`–`end`: at once, at each minute and when
 * the tab shows again. Returns a function that stops it. Lives here, loaded lazily with the
 * rules, so the landing page's first view does not carry it (useOutsideBusinessHours).
 */
export function watchOutsideBusinessHours(
  hours: { start: string; end: string },
  report: (outside: boolean) => void,
): () => void {
  const evaluate = () => report(isOutsideBusinessHours(new Date(), hours.start, hours.end));
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
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
