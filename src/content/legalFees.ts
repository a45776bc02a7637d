/**
 * 法定費用 (legal fees) for a 継続検査 of a private passenger car (自家用乗用), 2-year inspection,
 * in yen: the one place these rates live. The law, not the brand, sets them; each brand adds its
 * own basic fee and discount (src/content/<brand>/landing.ts).
 *
 * Every fee is a list of dated rows: a row holds from its `validFrom` (Japan's calendar) until
 * the next row's. The rough price takes the row in force in the month of the car's next 車検満了
 * (src/content/roughPrice.ts), so a revision is a new row here, not a code change. The sources
 * of every row, and what could not be confirmed, are in docs/decisions/004-rough-price.md.
 */

/** The day the rows were last checked against the sources. */
export const legalFeesCheckedOn = '2026-11-24';

/**
 * The last day on which every figure below is confirmed to be in force, and so the date the page
 * shows. 自賠責 (a 2026 revision was reported but its outcome not found) and 印紙代 (a revision
 * from 2026-04-01 was proposed, its enactment not found) are confirmed only up to the end of
 * FY2025; move this date when a newer row is confirmed.
 */
export const legalFeesAsOf = '2026-03-31';

/** The vehicle classes offered everywhere (tabs, price check, estimate request): one list. */
export const vehicleClassIds = [
  'kei',
  'upto-1000kg',
  'upto-1500kg',
  'upto-2000kg',
  'upto-2500kg',
] as const;
export type VehicleClassId = (typeof vehicleClassIds)[number];

/** Legal fees and example prices of one vehicle class, in yen. */
export type VehicleClassCost = {
  /** Stable key, used for element ids and sent with an estimate request. */
  id: VehicleClassId;
  /** 車両区分, e.g. 軽自動車, 〜1.0t */
  label: string;
  /** 車種例 */
  models: string;
  /** 自動車重量税 (24 months) */
  weightTax: number;
  /** 自賠責保険料 (24 months) */
  liabilityInsurance: number;
  /** 印紙代 */
  stampFee: number;
  /** 車検基本料 (税込), the lowest example */
  basicFee: number;
  /** Web booking discount (税込), positive number */
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

/** A row of a dated rate table. */
export type DatedRow = {
  /** First day in force, YYYY-MM-DD in Japan's calendar. */
  validFrom: string;
};

/** 自動車重量税, 2 years, エコカー減税なし (neither exempt, reduced nor at the 本則 rate). */
type WeightTaxRow = DatedRow & {
  /** 登録車: per started 0.5 t of 車両重量. */
  perHalfTonne: Record<WeightTaxAgeBand, number>;
  /** 軽自動車: flat. */
  kei: Record<WeightTaxAgeBand, number>;
  /**
   * 本則税率 (登録車 per 0.5 t; 軽 flat), what cars that meet the fuel-economy conditions pay
   * at any age: shown as the reason the price may be lower, never computed (decision 004).
   */
  basePerHalfTonne: number;
  baseKei: number;
};

/** 自賠責保険料, 24 months, 本土 (沖縄県 and the remote islands have their own, lower rates). */
type LiabilityInsuranceRow = DatedRow & {
  mainland: { passenger: number; kei: number };
};

/** 印紙代 (検査手数料) of a 継続検査, by shop type and class. */
type StampFeeRow = DatedRow & {
  /**
   * At a 指定工場 (保安基準適合証), filed electronically (OSS) or at the counter. The price takes
   * a 登録車's OSS amount and a 軽's counter amount (`kei`), the ones shops quote (decision 004).
   */
  designated: { registeredOss: number; registeredCounter: number; kei: number; keiOss: number };
  /** Brought to the inspection station (持込, e.g. ユーザー車検 or an 認証工場): 普通, 小型, 軽. */
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
    // 租税特別措置法 第90条の11の3 (the 13/18-year rates for 交付 from 2016-04-01);
    // cross-checked: 国交省 rate tables as reproduced by two price tables (decision 004).
    {
      validFrom: '2016-04-01',
      perHalfTonne: { standard: 8200, over13: 11400, over18: 12600 },
      kei: { standard: 6600, over13: 8200, over18: 8800 },
      basePerHalfTonne: 5000,
      baseKei: 5000,
    },
  ],
  liabilityInsurance: [
    // The rates before the 2023 cut (decision 004 lists the sources).
    { validFrom: '2021-04-01', mainland: { passenger: 20010, kei: 19730 } },
    // 第146回自賠責保険審議会, 2023-01-20: 17,650 / 17,540; kept for FY2024 and FY2025.
    // 要再確認: a revision for 2026 was reported but not found (decision 004).
    { validFrom: '2023-04-01', mainland: { passenger: 17650, kei: 17540 } },
  ],
  stampFee: [
    // 道路運送車両法関係手数料令, revised in force 2023-01-01 (with the 400-yen 技術情報管理手数料
    // of 2021-10-01). 要再確認: a revision from 2026-04-01 was proposed (decision 004).
    {
      validFrom: '2023-01-01',
      designated: { registeredOss: 1600, registeredCounter: 1800, kei: 1800, keiOss: 1600 },
      broughtIn: { ordinary: 2300, small: 2200, kei: 2200 },
    },
  ],
};

/**
 * The row of `rows` (sorted by `validFrom`) in force on `date` (YYYY-MM-DD, Japan). A date
 * before the first row takes the first row: the tables reach back before any expiry the page
 * can compute.
 */
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

/**
 * Adds a brand's basic fees (one per class, in the order of vehicleClassIds) and its discount
 * (yen, 税込) to the legal fees of a car under 13 years, at the rates in force on `date`
 * (default: `legalFeesAsOf`, the date the page shows with them).
 */
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
