// What a post's `booking` asks for, judged before anything is stored: a shop of the brand, one of
// its slots, on a day still bookable and not closed. The room in the slot is the insert's own
// condition (db/bookings.ts holdCondition), never a read before it.
import type { BrandId } from '../../src/brand/brands';
import type { BookingChoice, BookingAnswer } from '../../src/estimate/contract/booking';
import { shopOf } from '../../src/content/companies';
import type { Shop } from '../../src/content/shops';
import type { D1Bookings } from '../db/bookings';
import type { StoredBooking } from '../leads/store';
import { managePath } from './paths';
import { addDays, checkSlot } from './schedule';

export const holdMessages = {
  shop: '店舗が見つかりません。ご来店の店舗を選び直してください',
  unknown: 'その日時は予約を受け付けていません。空き枠から選び直してください',
  tooSoon: 'その日時はもう予約できません。空き枠から選び直してください',
  closed: 'その日時は受付を停止しています。ほかの空き枠から選び直してください',
  taken:
    '選んだ日時はたったいま満席になりました。入力内容はそのままです。近い空き枠から選び直してください',
};

export type WantedHold = { shop: Shop; booking: StoredBooking } | { refused: string };

/** 256 random bits, base64url: the manage link's only key, with nothing of the person in it. */
export function newBookingToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function wantedHold(
  bookings: Pick<D1Bookings, 'closures'>,
  brand: BrandId,
  choice: BookingChoice,
  now: Date,
): Promise<WantedHold> {
  const shop = shopOf(brand, choice.shop);
  if (!shop) return { refused: holdMessages.shop };
  const check = checkSlot(shop, choice.start, now);
  if (check !== 'ok') return { refused: holdMessages[check] };
  const day = choice.start.slice(0, 10);
  const closures = await bookings.closures(brand, shop.id, day, addDays(day, 1));
  if (closures.some((closure) => closure.start === '' || closure.start === choice.start)) {
    return { refused: holdMessages.closed };
  }
  return {
    shop,
    booking: {
      shop: shop.id,
      start: choice.start,
      state: shop.confirmation === 'instant' ? 'confirmed' : 'held',
      sequence: 0,
      token: newBookingToken(),
      changedAt: now.toISOString(),
    },
  };
}

export function bookingAnswer(booking: StoredBooking, siteOrigin: string): BookingAnswer | null {
  if (booking.state === 'cancelled' || !booking.token) return null;
  return {
    state: booking.state,
    shop: booking.shop,
    start: booking.start,
    manageUrl: `${siteOrigin}${managePath(booking.token)}`,
  };
}
