// For the server's mails and the release check; the pages read their own folder's, and the
// browser never loads this list.
import type { BrandId } from '../brand/brands';
import * as carsupport from './carsupport/company';
import type { CompanyFacts } from './types';
import type { DeclaredCompany } from './operatorFacts';
import * as yamada from './yamada/company';

export const companies: Record<BrandId, CompanyFacts> = {
  carsupport: carsupport.company,
  yamada: yamada.company,
};

export const declaredCompanies: Record<BrandId, DeclaredCompany> = {
  carsupport: carsupport.declaredCompany,
  yamada: yamada.declaredCompany,
};
