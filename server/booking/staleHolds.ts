// 仮予約 no one confirmed within their shop's confirmation time (plain hours from the booking):
// they join the 新規 alert.
import type { BrandId } from '../../src/brand/brands';
import { shopLists, shopOf } from '../../src/content/companies';
import type { D1Bookings } from '../db/bookings';

const hourMs = 3600_000;

export async function unconfirmedHolds(
  bookings: Pick<D1Bookings, 'staleHolds'>,
  brand: BrandId,
  now: Date,
): Promise<{ id: string; receivedAt: string }[]> {
  const shortest = Math.min(...shopLists[brand].map((shop) => shop.confirmWithinHours));
  if (!Number.isFinite(shortest)) return [];
  const held = await bookings.staleHolds(
    brand,
    new Date(now.getTime() - shortest * hourMs).toISOString(),
  );
  return held.filter((hold) => {
    const hours = shopOf(brand, hold.shop)?.confirmWithinHours ?? shortest;
    return Date.parse(hold.receivedAt) < now.getTime() - hours * hourMs;
  });
}
