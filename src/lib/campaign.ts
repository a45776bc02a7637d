import { isRealDate, tokyoOffset } from './tokyoTime';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/;

// A bare date runs to the end of that day in Tokyo; a date-time without an offset is Tokyo's.
/** @internal Exported for its tests; pages ask isCampaignActive. */
export function campaignEndInstant(endsAt: string): number | null {
  const value = endsAt.trim();
  const dateOnly = datePattern.exec(value);
  if (dateOnly) {
    const [, y, m, d] = dateOnly.map(Number) as [number, number, number, number];
    if (!isRealDate(y, m, d)) return null;
    const nextDay = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    return Date.parse(`${nextDay}T00:00:00${tokyoOffset}`);
  }
  const dateTime = dateTimePattern.exec(value);
  if (dateTime) {
    const [y, m, d, hh, mm, ss] = dateTime.slice(1, 7).map((part) => Number(part ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (!isRealDate(y, m, d) || hh > 23 || mm > 59 || ss > 59) return null;
    const offset = dateTime[7] ?? tokyoOffset;
    const instant = Date.parse(
      `${value.slice(0, 10)}T${value.slice(11, 16)}:${String(ss).padStart(2, '0')}${offset}`,
    );
    return Number.isNaN(instant) ? null : instant;
  }
  return null;
}

export function isCampaignActive(opts: {
  hasCampaign: boolean;
  enabled: boolean;
  endsAt?: string;
  now: Date;
  override?: string;
}): boolean {
  if (!opts.hasCampaign) return false;
  const override = opts.override?.trim().toLowerCase();
  if (override === 'on') return true;
  if (override === 'off') return false;
  if (!opts.enabled) return false;
  // An empty end date in content means "no end date", not "broken".
  if (opts.endsAt === undefined || opts.endsAt.trim() === '') return true;
  const end = campaignEndInstant(opts.endsAt);
  return end !== null && opts.now.getTime() < end;
}
