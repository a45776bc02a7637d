// For the server's mails and the release check; the pages read their own folder's, and the
// browser never loads this list.
import type { BrandId } from '../brand/brands';
import * as carsupport from './carsupport/company';
import type { DeclaredCompany } from './operatorFacts';
import type { CompanyFacts } from './types';
import * as yamada from './yamada/company';

interface Folder {
  company: CompanyFacts;
  declaredCompany: DeclaredCompany;
}

const folders: Record<BrandId, Folder> = { carsupport, yamada };

const entries = Object.entries(folders) as [BrandId, Folder][];

export const companies = Object.fromEntries(
  entries.map(([brand, folder]) => [brand, folder.company]),
) as Record<BrandId, CompanyFacts>;

export const declaredCompanies = Object.fromEntries(
  entries.map(([brand, folder]) => [brand, folder.declaredCompany]),
) as Record<BrandId, DeclaredCompany>;
