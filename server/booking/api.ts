// GET /api/shops and GET /api/slots (docs/architecture.md, "Booking"): what the form offers. Both
// answer no-store: a slot's count changes with every booking.
import { Hono } from 'hono';
import { maxSlotDays } from '../../src/estimate/contract/booking';
import { messages as fieldMessages } from '../../src/estimate/contract/validation/messages';
import { shopOf } from '../../src/content/companies';
import { postalDigits } from '../../src/lib/peopleFormats';
import { isRealDate } from '../../src/lib/tokyoTime';
import { json } from '../http/answers';
import type { AppContext, AppEnv } from '../http/context';
import { methods } from '../http/methods';
import { slotsOf } from './availability';
import { nearestShops, shopSummary } from './nearest';

const bookingMessages = {
  postalCode: fieldMessages.postalCode,
  shop: '店舗が見つかりません。店舗を選び直してください',
  from: 'from は YYYY-MM-DD の日付で指定してください',
  days: `days は 1 から ${maxSlotDays} までの整数で指定してください`,
};

async function shops(c: AppContext): Promise<Response> {
  const postalCode = c.req.query('postalCode') ?? '';
  if (postalCode.trim() && !postalDigits(postalCode)) {
    return json(422, { errors: { postalCode: bookingMessages.postalCode } });
  }
  const { postalArea } = c.var.services;
  const found = await nearestShops(c.var.brand, postalCode, postalArea);
  return json(200, { shops: found.map(shopSummary) });
}

function isDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return Boolean(match) && isRealDate(Number(match![1]), Number(match![2]), Number(match![3]));
}

async function slots(c: AppContext): Promise<Response> {
  const { brand } = c.var;
  const shop = shopOf(brand, c.req.query('shop') ?? '');
  const from = c.req.query('from') ?? '';
  const days = Number(c.req.query('days'));
  const errors: Record<string, string> = {};
  if (!shop) errors.shop = bookingMessages.shop;
  if (!isDay(from)) errors.from = bookingMessages.from;
  if (!Number.isInteger(days) || days < 1 || days > maxSlotDays) errors.days = bookingMessages.days;
  if (!shop || Object.keys(errors).length > 0) return json(422, { errors });
  const { bookings, now } = c.var.services;
  return json(200, {
    shop: shop.id,
    slots: await slotsOf(bookings, brand, shop, from, days, now()),
  });
}

export const shopsApi = new Hono<AppEnv>();
shopsApi.all('/', methods({ GET: shops }));

export const slotsApi = new Hono<AppEnv>();
slotsApi.all('/', methods({ GET: slots }));
