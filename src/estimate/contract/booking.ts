// The booking's part of the estimate contract (docs/architecture.md, "Booking"): the browser form,
// the no-JS form and the Worker read these names, shapes and formats. Library-free but valibot.
import * as v from 'valibot';

/** The native form's controls; JSON sends `"booking":{"shop","start"}`. */
export const bookingControlNames = { shop: 'bookingShop', start: 'bookingStart' } as const;

/** The no-JS form's button that asks the server for the shops and slots of the postal code. */
export const showSlotsControl = { name: 'intent', value: 'slots' } as const;

/** The choice that keeps the old flow: no slot, staff call to agree a date. */
export const bookLaterLabel = '日時はあとで相談する';

export const bookingLegend = 'ご来店の店舗と日時';

/** How many days of slots the form shows; the API gives at most `maxSlotDays` at a time. */
export const formSlotDays = 14;
export const maxSlotDays = 31;

/** Shops the form offers, nearest first. */
export const offeredShops = 3;

export const shopsPath = '/shops';
export const slotsPath = '/slots';

/** A slot's start as the API lists it: Japan's clock, its offset written out. */
export const slotStartPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+09:00$/;
const shopIdPattern = /^[a-z0-9-]{1,40}$/;

const bookingMessage = 'ご来店の店舗と日時を選び直してください';

export const bookingSchema = v.optional(
  v.object(
    {
      shop: v.pipe(v.string(bookingMessage), v.regex(shopIdPattern, bookingMessage)),
      start: v.pipe(v.string(bookingMessage), v.regex(slotStartPattern, bookingMessage)),
    },
    bookingMessage,
  ),
);

export type BookingChoice = { shop: string; start: string };

/** GET /api/shops?postalCode=… → {"shops": ShopSummary[]}, nearest first. */
export type ShopSummary = {
  id: string;
  name: string;
  address: string;
  postalCode: string;
  phone: string;
  mapUrl: string;
  example: boolean;
};

/** GET /api/slots?shop=…&from=YYYY-MM-DD&days=N → {"shop", "slots": Slot[]}; full ones have 0. */
export type Slot = { start: string; remaining: number };

export type BookingState = 'held' | 'confirmed';

/** In the 201's body when a slot was held for the lead. */
export type BookingAnswer = { state: BookingState; shop: string; start: string; manageUrl: string };

/** 409 when the slot was taken meanwhile: nothing was stored. */
export const slotTakenError = 'slot_taken';
export type SlotTakenAnswer = {
  error: typeof slotTakenError;
  message: string;
  alternatives: Slot[];
};

const weekdays = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** 2026-12-05T10:30:00+09:00 → 12月5日（土）10:30; as it came when it is no slot start. */
export function slotLabel(start: string): string {
  if (!slotStartPattern.test(start)) return start;
  const [year, month, day] = start.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  return `${month}月${day}日（${weekday}）${Number(start.slice(11, 13))}:${start.slice(14, 16)}`;
}

/** The day of a slot start, YYYY-MM-DD (Japan's). */
export function slotDay(start: string): string {
  return start.slice(0, 10);
}
