// When a reminder or a 案内 is due: from 10:00 in Japan on its day (at once when the booking came
// later), always given `now` by the Cron's scheduled time, so a test runs any day.
import { slotStartPattern } from '../../src/estimate/contract/booking';
import { tokyoOffset, tokyoToday } from '../../src/lib/tokyoTime';
import { addDays } from '../booking/schedule';

/** The hour each reminder and 案内 of a day goes from. */
const dueHour = '10:00';

export type ReminderKind = {
  /** The delivery channel (server/delivery/channels.ts). */
  channel: 'reminder3Days' | 'reminder1Day';
  daysBefore: number;
  column: 'reminded_3_days_for' | 'reminded_1_day_for';
};

export const reminderKinds: readonly ReminderKind[] = [
  { channel: 'reminder3Days', daysBefore: 3, column: 'reminded_3_days_for' },
  { channel: 'reminder1Day', daysBefore: 1, column: 'reminded_1_day_for' },
];

export type GuideKind = {
  channel: 'guide60Days' | 'guide30Days';
  daysBefore: number;
  column: 'guided_60_at' | 'guided_30_at';
};

export const guideKinds: readonly GuideKind[] = [
  { channel: 'guide60Days', daysBefore: 60, column: 'guided_60_at' },
  { channel: 'guide30Days', daysBefore: 30, column: 'guided_30_at' },
];

/** 10:00 in Japan, `daysBefore` days before `day` (YYYY-MM-DD). */
export function dueFrom(day: string, daysBefore: number): Date {
  return new Date(`${addDays(day, -daysBefore)}T${dueHour}:00${tokyoOffset}`);
}

/** A stage's 入庫日時 (2026-12-05T10:30+09:00) or a slot's start, as an instant. */
export function bookedInstant(bookedFor: string): Date {
  return new Date(
    slotStartPattern.test(bookedFor) ? bookedFor : bookedFor.replace(/(T\d\d:\d\d)/, '$1:00'),
  );
}

/** The last day (YYYY-MM-DD) whose bookings or 満了日 may be due today for `daysBefore`. */
export function lastDueDay(now: Date, daysBefore: number): string {
  return addDays(tokyoToday(now), daysBefore);
}
