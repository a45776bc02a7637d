import type { VehicleClassCost } from './types';

/** The date of the legal-fee rates below (自賠責 revised 2023-04-01). Re-check before launch. */
export const legalFeesAsOf = '2023-04-01';

type LegalFees = Pick<
  VehicleClassCost,
  'id' | 'label' | 'models' | 'weightTax' | 'liabilityInsurance' | 'stampFee'
>;

/**
 * 法定費用 by class, 24-month 自賠責, cars under 13 years (content-brief). Shared by both brands
 * because the law, not the brand, sets them; each brand adds its own basic fee and discount.
 */
export const legalFeesByClass: readonly LegalFees[] = [
  {
    id: 'kei',
    label: '軽自動車',
    models: 'N-BOX・ワゴンR など',
    weightTax: 6600,
    liabilityInsurance: 17540,
    stampFee: 1600,
  },
  {
    id: 'upto-1000kg',
    label: '〜1.0t',
    models: 'パッソ など',
    weightTax: 16400,
    liabilityInsurance: 17650,
    stampFee: 1600,
  },
  {
    id: 'upto-1500kg',
    label: '〜1.5t',
    models: 'フィット・ノート など',
    weightTax: 24600,
    liabilityInsurance: 17650,
    stampFee: 1600,
  },
  {
    id: 'upto-2000kg',
    label: '〜2.0t',
    models: 'セレナ・ヴォクシー など',
    weightTax: 32800,
    liabilityInsurance: 17650,
    stampFee: 1600,
  },
  {
    id: 'upto-2500kg',
    label: '〜2.5t',
    models: 'アルファード など',
    weightTax: 41000,
    liabilityInsurance: 17650,
    stampFee: 1600,
  },
];

/** Adds a brand's basic fees and discount (yen, 税込) to the legal fees, class by class. */
export function withBrandPrices(
  basicFees: readonly number[],
  discount: number,
): VehicleClassCost[] {
  return legalFeesByClass.map((fees, index) => ({
    ...fees,
    basicFee: basicFees[index] ?? 0,
    discount,
  }));
}
