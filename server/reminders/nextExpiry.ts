// The next 車検満了日 staff record at 完了: by default two years after the 満了日 the visitor gave
// (a 車検 is valid two years for a private car), else two years after the 完了.
import { isoDate } from '../../src/estimate/contract/dates';
import { tokyoToday } from '../../src/lib/tokyoTime';
import type { StoredLead } from '../leads/store';

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function defaultNextExpiry(lead: Pick<StoredLead, 'request'>, at: Date): string {
  const { expiryYear, expiryMonth, expiryDay } = lead.request.vehicle;
  const year = Number(expiryYear);
  const month = Number(expiryMonth);
  if (year > 0 && month >= 1 && month <= 12) {
    const next = year + 2;
    const day = Math.min(Number(expiryDay) || lastDayOf(next, month), lastDayOf(next, month));
    return isoDate(next, month, day);
  }
  const [todayYear = 0, todayMonth = 1, todayDay = 1] = tokyoToday(at).split('-').map(Number);
  return isoDate(
    todayYear + 2,
    todayMonth,
    Math.min(todayDay, lastDayOf(todayYear + 2, todayMonth)),
  );
}
