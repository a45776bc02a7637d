// The no-JS form's booking step: the shops nearest the posted postal code and the chosen one's
// free slots, read when the visitor asks for them or a refusal gives the form back.
import type { BrandId } from '../../src/brand/brands';
import { bookingControlNames, offeredShops } from '../../src/estimate/contract/booking';
import { shopOf } from '../../src/content/companies';
import type { Services } from '../services';
import { formSlotsOf } from './availability';
import { nearestShops } from './nearest';
import type { BookingChoices } from './views';

export async function bookingChoices(
  services: Pick<Services, 'bookings' | 'postalArea' | 'now'>,
  brand: BrandId,
  values: Record<string, string>,
): Promise<BookingChoices> {
  const near = await nearestShops(brand, values['vehicle.postalCode'] ?? '', services.postalArea);
  const shops = near.slice(0, offeredShops);
  const posted = shopOf(brand, values[bookingControlNames.shop] ?? '');
  if (posted && !shops.includes(posted)) shops.push(posted);
  const shop = posted ?? shops[0] ?? null;
  const slots = shop ? await formSlotsOf(services.bookings, brand, shop, services.now()) : [];
  return { shops, shop, slots };
}

/** Only a form that had a booking step in play gets its list again. */
export function hasBookingInput(values: Record<string, string>): boolean {
  return Boolean(values[bookingControlNames.shop] || values[bookingControlNames.start]);
}
