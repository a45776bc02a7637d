// Free slots: a shop's declared calendar (schedule.ts) minus D1's live bookings and staff's
// closures. A slot before the first bookable day, or closed, has nothing remaining.
import type { BrandId } from '../../src/brand/brands';
import { formSlotDays, type Slot } from '../../src/estimate/contract/booking';
import type { Shop } from '../../src/content/shops';
import { D1Bookings, type Closure } from '../db/bookings';
import type { D1Database } from '../env';
import { addDays, firstBookableDay, slotsBetween, slotStart } from './schedule';

function isClosed(closures: readonly Closure[], start: string): boolean {
  const day = start.slice(0, 10);
  return closures.some(
    (closure) => closure.day === day && (closure.start === '' || closure.start === start),
  );
}

export async function slotsOf(
  bookings: Pick<D1Bookings, 'counts' | 'closures'>,
  brand: BrandId,
  shop: Shop,
  from: string,
  days: number,
  now: Date,
): Promise<Slot[]> {
  const to = addDays(from, days);
  const [counts, closures] = await Promise.all([
    bookings.counts(brand, shop.id, slotStart(from, '0:00'), slotStart(to, '0:00')),
    bookings.closures(brand, shop.id, from, to),
  ]);
  const firstDay = firstBookableDay(shop, now);
  return slotsBetween(shop, from, days).map((start) => {
    const open = start.slice(0, 10) >= firstDay && !isClosed(closures, start);
    const remaining = open ? Math.max(0, shop.capacity - (counts.get(start) ?? 0)) : 0;
    return { start, remaining };
  });
}

/** The form's weeks of a shop, from its first bookable day. */
export function formSlotsOf(
  bookings: Pick<D1Bookings, 'counts' | 'closures'>,
  brand: BrandId,
  shop: Shop,
  now: Date,
): Promise<Slot[]> {
  return slotsOf(bookings, brand, shop, firstBookableDay(shop, now), formSlotDays, now);
}

/** After a slot was taken: the free ones nearest the one asked for, in time order. */
export async function alternativesTo(
  bookings: Pick<D1Bookings, 'counts' | 'closures'>,
  brand: BrandId,
  shop: Shop,
  start: string,
  now: Date,
  count = 6,
): Promise<Slot[]> {
  const free = (await formSlotsOf(bookings, brand, shop, now)).filter((slot) => slot.remaining > 0);
  const wanted = Date.parse(start);
  return free
    .sort((a, b) => Math.abs(Date.parse(a.start) - wanted) - Math.abs(Date.parse(b.start) - wanted))
    .slice(0, count)
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** The form's weeks of free slots of a shop, from `now`. */
export function freeSlotsOf(db: D1Database) {
  const bookings = new D1Bookings(db);
  return async (brand: BrandId, shop: Shop, now: Date): Promise<Slot[]> =>
    (await formSlotsOf(bookings, brand, shop, now)).filter((slot) => slot.remaining > 0);
}
