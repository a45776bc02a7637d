import { brands } from '../../brand/brands';
import type { DeclaredCompany } from '../operatorFacts';
import { shownCompany } from '../operatorFacts';

// カーサポート車検's operator: the ONE place to fill in before launch (what each is for:
// src/content/operatorFacts.ts). null is not given yet; never replace one with a guess.
export const declaredCompany: DeclaredCompany = {
  name: null,
  representative: null,
  address: null,
  email: null,
};

export const company = shownCompany(declaredCompany, brands.carsupport);

// The brand's shops, beside its company (src/content/companies.ts reads both).
export { shops } from './shops';
