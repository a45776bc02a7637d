// A shop's calendar from its declared rules (src/content/shops.ts): which slots open on a day,
// which a visitor may still book, and until when they may change it. Every rule takes `now`, so a
// test sets the clock. Days are Japan's (YYYY-MM-DD); starts are as the API lists them.
import holidayJp from '@holiday-jp/holiday_jp';
import type { ClockTime, Shop, Weekday } from '../../src/content/shops';
import { slotStartPattern } from '../../src/estimate/contract/booking';
import { tokyoOffset, tokyoToday } from '../../src/lib/tokyoTime';

function minutesOf(time: ClockTime): number {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return hour * 60 + minute;
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function slotStart(day: string, time: ClockTime): string {
  return `${day}T${clock(minutesOf(time))}:00${tokyoOffset}`;
}

export function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

function weekdayOf(day: string): Weekday {
  return new Date(`${day}T00:00:00Z`).getUTCDay() as Weekday;
}

export function isHoliday(day: string): boolean {
  return holidayJp.isHoliday(day);
}

/** @internal Exported for tests. */
export function isOpenDay(shop: Shop, day: string): boolean {
  return Boolean(shop.hours[weekdayOf(day)]) && !(shop.closedOnHolidays && isHoliday(day));
}

/** The day's slot starts: the shop's slot times inside that weekday's hours. */
export function slotsOn(shop: Shop, day: string): string[] {
  const hours = shop.hours[weekdayOf(day)];
  if (!hours || !isOpenDay(shop, day)) return [];
  const [open, close] = [minutesOf(hours.open), minutesOf(hours.close)];
  return shop.slotTimes
    .filter((time) => minutesOf(time) >= open && minutesOf(time) < close)
    .map((time) => slotStart(day, time));
}

export function slotsBetween(shop: Shop, from: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => slotsOn(shop, addDays(from, index))).flat();
}

/** The first day a visitor may book: `leadDays` after today in Japan. */
export function firstBookableDay(shop: Shop, now: Date): string {
  return addDays(tokyoToday(now), shop.leadDays);
}

export type SlotCheck = 'ok' | 'unknown' | 'tooSoon';

/** Is `start` one of the shop's slots, on a day a visitor may still book? */
export function checkSlot(shop: Shop, start: string, now: Date): SlotCheck {
  if (!slotStartPattern.test(start)) return 'unknown';
  const day = start.slice(0, 10);
  if (!slotsOn(shop, day).includes(start)) return 'unknown';
  return day < firstBookableDay(shop, now) ? 'tooSoon' : 'ok';
}

/** Until when the visitor changes or cancels alone: the cut-off's time, days before the day. */
export function changeDeadline(shop: Shop, start: string): Date {
  const day = addDays(start.slice(0, 10), -shop.cutoff.daysBefore);
  return new Date(`${day}T${clock(minutesOf(shop.cutoff.time))}:00${tokyoOffset}`);
}

/** When the slot ends, for the .ics. */
export function slotEnd(shop: Shop, start: string): Date {
  return new Date(Date.parse(start) + shop.durationMinutes * 60_000);
}
