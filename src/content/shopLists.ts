// Every brand's shops, for the server and the release check; the browser never loads this list.
import type { BrandId } from '../brand/brands';
import { shops as carsupport } from './carsupport/shops';
import type { Shop } from './shops';
import { shops as yamada } from './yamada/shops';

export const shopLists: Record<BrandId, readonly Shop[]> = { carsupport, yamada };

export function shopOf(brand: BrandId, id: string): Shop | undefined {
  return shopLists[brand].find((shop) => shop.id === id);
}
