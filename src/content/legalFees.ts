import type { VehicleClassCost } from './types';

/**
 * 法定費用 (legal fees) for a 継続検査 of a private passenger car (自家用乗用), 2-year inspection,
 * in yen: the one place these rates live. The law, not the brand, sets them; each brand adds its
 * own basic fee and discount (src/content/<brand>/landing.ts). Re-check every source before a
 * rate season (自賠責 is reviewed each January for April; 重量税 with each tax reform) and move
 * `legalFeesAsOf` with it.
 *
 * What was checked on 2026-11-22 (see docs/decisions/004-rough-price.md for the details):
 * - 自動車重量税, 2 years, without eco-car reduction (エコカー外): 0.5 t steps of 8,200 yen, of
 *   11,400 once 13 years have passed and 12,600 once 18 years have passed; 軽 6,600 / 8,200 /
 *   8,800. Source: 国土交通省「自動車重量税額について」 (継続検査等), and 租税特別措置法
 *   第90条の11の3 for the 13-year month; cross-checked on two shops' published price pages.
 * - 自賠責保険料, 24 months (本土, 沖縄・離島を除く): 自家用乗用 17,650, 軽 17,540, the rates of
 *   2023-04-01, kept unchanged for 2025 by the 自賠責保険審議会 (January 2025).
 * - 印紙代 (検査手数料, 保安基準適合証による継続検査): 1,600 as a common shop figure; shops
 *   show 1,600–1,800 depending on how they file.
 */
export const legalFeesAsOf = '2026-11-22';

/** The vehicle classes offered everywhere (tabs, price check, estimate request): one list. */
export const vehicleClassIds = [
  'kei',
  'upto-1000kg',
  'upto-1500kg',
  'upto-2000kg',
  'upto-2500kg',
] as const;
export type VehicleClassId = (typeof vehicleClassIds)[number];

export function isVehicleClassId(value: unknown): value is VehicleClassId {
  return typeof value === 'string' && (vehicleClassIds as readonly string[]).includes(value);
}

/** 重量税 rises once 13 and once 18 years have passed since first registration. */
export type WeightTaxAgeBand = 'standard' | 'over13' | 'over18';

type ClassRates = {
  label: string;
  models: string;
  /** 自動車重量税, 2 years, エコカー外, by age band. */
  weightTax: Record<WeightTaxAgeBand, number>;
  /** 自賠責保険料, 24 months. */
  liabilityInsurance: number;
};

/**
 * 自賠責 24 months (2023-04-01 rates). 要再確認: a revision from 2026-04 or 2026-11 was expected
 * and could not be confirmed or ruled out on 2026-11-22.
 */
const liabilityInsurance = { kei: 17540, passenger: 17650 } as const;

/** 重量税 per started 0.5 t of vehicle weight, 2 years, registered cars. */
const weightTaxPerHalfTonne: Record<WeightTaxAgeBand, number> = {
  standard: 8200,
  over13: 11400,
  over18: 12600,
};

function passengerWeightTax(halfTonnes: number): Record<WeightTaxAgeBand, number> {
  return {
    standard: weightTaxPerHalfTonne.standard * halfTonnes,
    over13: weightTaxPerHalfTonne.over13 * halfTonnes,
    over18: weightTaxPerHalfTonne.over18 * halfTonnes,
  };
}

export const legalFeeRates: {
  stampFee: number;
  classes: Record<VehicleClassId, ClassRates>;
} = {
  /** 印紙代 */
  stampFee: 1600,
  classes: {
    kei: {
      label: '軽自動車',
      models: 'N-BOX・ワゴンR など',
      weightTax: { standard: 6600, over13: 8200, over18: 8800 },
      liabilityInsurance: liabilityInsurance.kei,
    },
    'upto-1000kg': {
      label: '〜1.0t',
      models: 'パッソ など',
      weightTax: passengerWeightTax(2),
      liabilityInsurance: liabilityInsurance.passenger,
    },
    'upto-1500kg': {
      label: '〜1.5t',
      models: 'フィット・ノート など',
      weightTax: passengerWeightTax(3),
      liabilityInsurance: liabilityInsurance.passenger,
    },
    'upto-2000kg': {
      label: '〜2.0t',
      models: 'セレナ・ヴォクシー など',
      weightTax: passengerWeightTax(4),
      liabilityInsurance: liabilityInsurance.passenger,
    },
    'upto-2500kg': {
      label: '〜2.5t',
      models: 'アルファード など',
      weightTax: passengerWeightTax(5),
      liabilityInsurance: liabilityInsurance.passenger,
    },
  },
};

/**
 * Adds a brand's basic fees (one per class, in the order of vehicleClassIds) and its discount
 * (yen, 税込) to the legal fees of a car under 13 years.
 */
export function withBrandPrices(
  basicFees: readonly number[],
  discount: number,
): VehicleClassCost[] {
  return vehicleClassIds.map((id, index) => {
    const rates = legalFeeRates.classes[id];
    return {
      id,
      label: rates.label,
      models: rates.models,
      weightTax: rates.weightTax.standard,
      liabilityInsurance: rates.liabilityInsurance,
      stampFee: legalFeeRates.stampFee,
      basicFee: basicFees[index] ?? 0,
      discount,
    };
  });
}
