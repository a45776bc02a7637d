// For the server's mails; the pages read their own folder's, and the browser never loads this list.
import type { BrandId } from '../brand/brands';
import { company as carsupport } from './carsupport/company';
import type { CompanyFacts } from './types';
import { company as yamada } from './yamada/company';

export const companies: Record<BrandId, CompanyFacts> = { carsupport, yamada };
