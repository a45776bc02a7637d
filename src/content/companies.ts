// For the server (mails, booking) and the release check; the pages read their own folder's, and
// the browser never loads these lists.
import type { BrandId } from '../brand/brands';
import * as carsupport from './carsupport/company';
import type { DeclaredCompany } from './operatorFacts';
import type { CompanyFacts } from './types';
import type { Shop } from './shops';
import * as yamada from './yamada/company';

interface Folder {
  company: CompanyFacts;
  declaredCompany: DeclaredCompany;
  shops: readonly Shop[];
}

const folders: Record<BrandId, Folder> = { carsupport, yamada };

const entries = Object.entries(folders) as [BrandId, Folder][];

export const companies = Object.fromEntries(
  entries.map(([brand, folder]) => [brand, folder.company]),
) as Record<BrandId, CompanyFacts>;

export const declaredCompanies = Object.fromEntries(
  entries.map(([brand, folder]) => [brand, folder.declaredCompany]),
) as Record<BrandId, DeclaredCompany>;

/** Each brand's shops (src/content/<brand>/shops.ts). */
export const shopLists = Object.fromEntries(
  entries.map(([brand, folder]) => [brand, folder.shops]),
) as Record<BrandId, readonly Shop[]>;

export function shopOf(brand: BrandId, id: string): Shop | undefined {
  return shopLists[brand].find((shop) => shop.id === id);
}
