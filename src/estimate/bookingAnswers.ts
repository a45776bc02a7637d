// The booking's answers as the browser reads them (contract/booking.ts): what does not fit the
// contract is dropped, so a stray value never reaches the page.
import { isRecord } from '../lib/isRecord';
import { slotStartPattern, type BookingAnswer, type Slot } from './contract/booking';

function isSlot(value: unknown): value is Slot {
  return (
    isRecord(value) &&
    typeof value.start === 'string' &&
    slotStartPattern.test(value.start) &&
    Number.isInteger(value.remaining) &&
    Number(value.remaining) >= 0
  );
}

export function slotsIn(value: unknown): Slot[] {
  return Array.isArray(value)
    ? value.filter(isSlot).map(({ start, remaining }) => ({ start, remaining }))
    : [];
}

/** A link a page may show: absolute http(s), or a path of this site (never javascript:). */
export function isWebLink(value: unknown): value is string {
  return typeof value === 'string' && /^(?:https?:\/\/|\/(?!\/))/.test(value);
}

export function bookingIn(value: unknown): BookingAnswer | undefined {
  if (!isRecord(value)) return undefined;
  const { state, shop, start, manageUrl } = value;
  if (state !== 'held' && state !== 'confirmed') return undefined;
  if (typeof shop !== 'string' || typeof start !== 'string' || !slotStartPattern.test(start)) {
    return undefined;
  }
  return isWebLink(manageUrl) ? { state, shop, start, manageUrl } : undefined;
}
