// The booking step's reads (GET /api/shops, /api/slots; docs/architecture.md, "Booking a slot").
// Every failure, a slow answer included, is one rejection the step announces: the form never waits.
import { isRecord } from '../lib/isRecord';
import { tokyoToday } from '../lib/tokyoTime';
import { withTimeout } from '../lib/withTimeout';
import {
  formSlotDays,
  offeredShops,
  shopsPath,
  slotsPath,
  type ShopSummary,
  type Slot,
} from './contract/booking';
import { isWebLink, slotsIn } from './bookingAnswers';
import { apiBase } from './endpoint';

/** A phone on a slow line still gets its list; longer, and the visitor is told to go on without. */
const readTimeoutMs = 8_000;

async function read(path: string, query: Record<string, string>): Promise<unknown> {
  const url = `${apiBase}${path}?${new URLSearchParams(query)}`;
  return withTimeout(async (signal) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as unknown;
  }, readTimeoutMs);
}

const shopTexts = ['id', 'name', 'address', 'postalCode', 'phone'] as const;

function isShop(value: unknown): value is ShopSummary {
  return (
    isRecord(value) &&
    shopTexts.every((key) => typeof value[key] === 'string' && value[key] !== '') &&
    isWebLink(value.mapUrl) &&
    typeof value.example === 'boolean'
  );
}

/** The nearest shops first, at most `offeredShops` of them. */
export async function nearestShops(postalCode: string): Promise<ShopSummary[]> {
  const data = await read(shopsPath, { postalCode });
  const shops = isRecord(data) && Array.isArray(data.shops) ? data.shops.filter(isShop) : [];
  return shops.slice(0, offeredShops);
}

/** Every slot of the shop from today in Japan, `formSlotDays` days; full ones have 0. */
export async function shopSlots(shop: string, now: Date = new Date()): Promise<Slot[]> {
  const data = await read(slotsPath, { shop, from: tokyoToday(now), days: String(formSlotDays) });
  if (!isRecord(data) || data.shop !== shop) throw new Error('slots of another shop');
  return slotsIn(data.slots);
}
