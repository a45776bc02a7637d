// The shops nearest a postal code, from the site's own postal data (no outside service): the
// same 市区町村 first, then the same 都道府県, then the rest; within each, the nearer code first.
import type { BrandId } from '../../src/brand/brands';
import type { ShopSummary } from '../../src/estimate/contract/booking';
import { shopLists } from '../../src/content/companies';
import type { Shop } from '../../src/content/shops';
import { postalDigits } from '../../src/lib/peopleFormats';
import type { PostalLookup } from '../leads/postalArea';

const prefecturePattern = /^(東京都|北海道|京都府|大阪府|.{2,3}?県)/u;

/** @internal Exported for tests. 東京都渋谷区 → 東京都. */
export function prefectureOf(area: string): string {
  return prefecturePattern.exec(area)?.[1] ?? '';
}

function closeness(visitorArea: string, shopArea: string): number {
  if (!visitorArea || !shopArea) return 2;
  if (visitorArea === shopArea) return 0;
  return prefectureOf(visitorArea) === prefectureOf(shopArea) ? 1 : 2;
}

export async function nearestShops(
  brand: BrandId,
  postalCode: string,
  lookup: PostalLookup,
): Promise<Shop[]> {
  const shops = shopLists[brand];
  const code = postalDigits(postalCode);
  if (!code) return [...shops];
  const [visitorArea, ...shopAreas] = await Promise.all([
    lookup(code),
    ...shops.map((shop) => lookup(shop.postalCode)),
  ]);
  const ranked = shops.map((shop, index) => ({
    shop,
    rank: closeness(visitorArea ?? '', shopAreas[index] ?? ''),
    distance: Math.abs(Number(shop.postalCode) - Number(code)),
  }));
  ranked.sort((a, b) => a.rank - b.rank || a.distance - b.distance);
  return ranked.map((entry) => entry.shop);
}

export function shopSummary(shop: Shop): ShopSummary {
  const { id, name, address, postalCode, phone, mapUrl, example } = shop;
  return { id, name, address, postalCode, phone, mapUrl, example };
}
