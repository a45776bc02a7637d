import type { DeclaredCompany } from '../operatorFacts';
import { shownCompany } from '../operatorFacts';

/**
 * カーサポート車検's operator: the ONE place to fill in before launch (what each is for:
 * src/content/operatorFacts.ts). null is not given yet; never replace one with a guess.
 * receptionHours matches the default business_time (9:00–19:00) of the local API.
 */
export const declaredCompany: DeclaredCompany = {
  name: null,
  representative: null,
  address: null,
  email: null,
  receptionHours: '9:00〜19:00',
  holidays: '年末年始',
};

export const company = shownCompany(declaredCompany);
