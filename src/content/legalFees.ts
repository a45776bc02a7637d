// 法定費用 of a 2-year 継続検査 (自家用乗用), in yen, as dated rows: a revision is a new row.
// Sources and what is unconfirmed: docs/decisions/004-rough-price.md.

export const legalFeesCheckedOn = '2026-11-24';

/** 自賠責 and 印紙代 are confirmed only to the end of FY2025; move this with a newer row. */
export const legalFeesAsOf = '2026-03-31';

export const vehicleClassIds = [
  'kei',
  'upto-1000kg',
  'upto-1500kg',
  'upto-2000kg',
  'upto-2500kg',
] as const;
export type VehicleClassId = (typeof vehicleClassIds)[number];

export type VehicleClassCost = {
  id: VehicleClassId;
  label: string;
  models: string;
  weightTax: number;
  liabilityInsurance: number;
  stampFee: number;
  /** 税込, the lowest example. */
  basicFee: number;
  /** 税込, positive. */
  discount: number;
};

/** 重量税 rises once 13 and once 18 years have passed since first registration. */
export type WeightTaxAgeBand = 'standard' | 'over13' | 'over18';

type VehicleClass = {
  label: string;
  models: string;
  /** 車両重量 in started 0.5 t steps (the 重量税 multiplier); 0 for 軽, which pays a flat rate. */
  halfTonnes: number;
};

export type DatedRow = {
  /** YYYY-MM-DD in Japan's calendar. */
  validFrom: string;
};

/** 自動車重量税, 2 years, エコカー減税なし (neither exempt, reduced nor at the 本則 rate). */
type WeightTaxRow = DatedRow & {
  perHalfTonne: Record<WeightTaxAgeBand, number>;
  kei: Record<WeightTaxAgeBand, number>;
  /** 本則税率: shown as why a price may be lower, never computed (decision 004). */
  basePerHalfTonne: number;
  baseKei: number;
};

/** 自賠責保険料, 24 months, 本土 (沖縄県 and the remote islands have their own, lower rates). */
type LiabilityInsuranceRow = DatedRow & {
  mainland: { passenger: number; kei: number };
};

type StampFeeRow = DatedRow & {
  /** The price takes a 登録車's OSS amount and a 軽's counter amount, as shops quote. */
  designated: { registeredOss: number; registeredCounter: number; kei: number; keiOss: number };
  broughtIn: { ordinary: number; small: number; kei: number };
};

export type LegalFeeRates = {
  classes: Record<VehicleClassId, VehicleClass>;
  weightTax: readonly WeightTaxRow[];
  liabilityInsurance: readonly LiabilityInsuranceRow[];
  stampFee: readonly StampFeeRow[];
};

export const legalFeeRates: LegalFeeRates = {
  classes: {
    kei: { label: '軽自動車', models: 'N-BOX・ワゴンR など', halfTonnes: 0 },
    'upto-1000kg': { label: '〜1.0t', models: 'パッソ など', halfTonnes: 2 },
    'upto-1500kg': { label: '〜1.5t', models: 'フィット・ノート など', halfTonnes: 3 },
    'upto-2000kg': { label: '〜2.0t', models: 'セレナ・ヴォクシー など', halfTonnes: 4 },
    'upto-2500kg': { label: '〜2.5t', models: 'アルファード など', halfTonnes: 5 },
  },
  weightTax: [
    // 租税特別措置法 第90条の11の3 (13/18-year rates for 交付 from 2016-04-01).
    {
      validFrom: '2016-04-01',
      perHalfTonne: { standard: 8200, over13: 11400, over18: 12600 },
      kei: { standard: 6600, over13: 8200, over18: 8800 },
      basePerHalfTonne: 5000,
      baseKei: 5000,
    },
  ],
  liabilityInsurance: [
    { validFrom: '2021-04-01', mainland: { passenger: 20010, kei: 19730 } },
    // 第146回自賠責保険審議会 (2023-01-20). 要再確認: a 2026 revision was reported (decision 004).
    { validFrom: '2023-04-01', mainland: { passenger: 17650, kei: 17540 } },
  ],
  stampFee: [
    // 手数料令 in force 2023-01-01. 要再確認: a revision from 2026-04-01 was proposed (decision 004).
    {
      validFrom: '2023-01-01',
      designated: { registeredOss: 1600, registeredCounter: 1800, kei: 1800, keiOss: 1600 },
      broughtIn: { ordinary: 2300, small: 2200, kei: 2200 },
    },
  ],
};

/** A date before the first row takes the first row. */
export function rowInForce<Row extends DatedRow>(rows: readonly Row[], date: string): Row {
  let found = rows[0];
  for (const row of rows) {
    if (row.validFrom <= date) found = row;
  }
  if (!found) throw new Error('a rate table has no rows');
  return found;
}

/** The legal fees of one class, on `date`, at a 指定工場, 本土, エコカー減税なし. */
export function legalFeesOn(
  id: VehicleClassId,
  band: WeightTaxAgeBand,
  date: string,
  rates: LegalFeeRates = legalFeeRates,
): Pick<VehicleClassCost, 'weightTax' | 'liabilityInsurance' | 'stampFee'> {
  const weightTax = rowInForce(rates.weightTax, date);
  const insurance = rowInForce(rates.liabilityInsurance, date).mainland;
  const stamp = rowInForce(rates.stampFee, date).designated;
  const kei = id === 'kei';
  return {
    weightTax: kei
      ? weightTax.kei[band]
      : weightTax.perHalfTonne[band] * rates.classes[id].halfTonnes,
    liabilityInsurance: kei ? insurance.kei : insurance.passenger,
    stampFee: kei ? stamp.kei : stamp.registeredOss,
  };
}

/** The fixed examples: a car under 13 years, at the rates in force on `date`. */
export function withBrandPrices(
  basicFees: readonly number[],
  discount: number,
  date: string = legalFeesAsOf,
): VehicleClassCost[] {
  return vehicleClassIds.map((id, index) => {
    const { label, models } = legalFeeRates.classes[id];
    return {
      id,
      label,
      models,
      ...legalFeesOn(id, 'standard', date),
      basicFee: basicFees[index] ?? 0,
      discount,
    };
  });
}
