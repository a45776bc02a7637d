// A booking as the visitor's mails and .ics give it, whichever way it was made: online (a slot of
// a shop in src/content/<brand>/shops.ts, with its address and manage link) or by staff at
// 予約確定 (a date and the shop's name as they typed it).
import { shopOf } from '../../src/content/companies';
import type { Shop } from '../../src/content/shops';
import type { BookingRecordState, StoredLead } from '../leads/store';
import { changeDeadline, slotEnd } from './schedule';
import { managePath } from './paths';

export type BookedVisit = {
  start: Date;
  end: Date | null;
  /** The shop as the visitor reads it (an example marked as one). */
  shopName: string;
  shop: Shop | null;
  state: BookingRecordState;
  /** The .ics SEQUENCE: it only grows. */
  sequence: number;
  manageUrl: string | null;
  /** Until when the manage page takes a change. */
  deadline: Date | null;
};

/** The online booking, live or cancelled; null without one or when its shop is gone. */
export function onlineVisit(lead: StoredLead, siteOrigin: string | undefined): BookedVisit | null {
  const { booking } = lead;
  const shop = booking && shopOf(lead.brand, booking.shop);
  if (!booking || !shop) return null;
  return {
    start: new Date(booking.start),
    end: slotEnd(shop, booking.start),
    shopName: shop.name,
    shop,
    state: booking.state,
    sequence: booking.sequence,
    manageUrl: siteOrigin && booking.token ? `${siteOrigin}${managePath(booking.token)}` : null,
    deadline: changeDeadline(shop, booking.start),
  };
}

/** The booking the lead's 予約確定 stands for: its online one where staff confirmed that. */
export function confirmedVisit(
  lead: StoredLead,
  siteOrigin: string | undefined,
): BookedVisit | null {
  const { stage } = lead;
  if (stage?.stage !== 'booked' || !stage.bookedFor || !stage.shop) return null;
  const online = onlineVisit(lead, siteOrigin);
  if (online?.state === 'confirmed') return online;
  const start = new Date(stage.bookedFor);
  if (Number.isNaN(start.getTime())) return null;
  return {
    start,
    end: null,
    shopName: stage.shop,
    shop: null,
    state: 'confirmed',
    // The lead's one count (booking_sequence): every booking, online or by staff, adds to it.
    sequence: lead.bookingSequence ?? 0,
    manageUrl: null,
    deadline: null,
  };
}
