/**
 * The visitor's own rough price: a class's legal fees for the age of their car at its next
 * 車検満了 month, at the rates in force then, plus the brand's basic fee and discount. Pure and
 * request-free, so the page works it out at once as the visitor chooses.
 */
import { monthsBetween, tokyoToday, tokyoYearMonth, type YearMonth } from '../lib/tokyoTime';
import {
  legalFeeRates,
  legalFeesOn,
  type LegalFeeRates,
  type VehicleClassId,
  type WeightTaxAgeBand,
} from './legalFees';
import { totalPrice, type PriceBreakdown } from './priceRows';
import type { VehicleClassCost } from './legalFees';

/**
 * 登録車: 租税特別措置法 第90条の11の3 第2項 applies the higher rate from the first day of "the
 * month in which 13 (18) years pass, counting from the month of first registration", that month
 * being the first: the 156th (216th) month, i.e. 155 (215) months after the 初度登録 month, one
 * month before the anniversary month.
 */
const registeredOver13 = 13 * 12 - 1;
const registeredOver18 = 18 * 12 - 1;

/**
 * 軽自動車: the same article leaves the month to the 政令, which counts by year from the
 * 初度検査 year alone: the higher rate applies from November of the 13th (18th) year after it
 * (December before a change of August 2025, which no expiry the page computes precedes).
 * Confirmed only from secondary sources (decision 004).
 */
const keiRiseMonth = 11;

function monthIndex({ year, month }: YearMonth): number {
  return year * 12 + (month - 1);
}

/**
 * The 重量税 age band of a car of class `vehicleClass` first registered (軽: first inspected) in
 * `firstRegistration`, inspected in `at`.
 * @internal Exported: tests check it at the 13- and 18-year edges of both rules.
 */
export function weightTaxAgeBand(
  vehicleClass: VehicleClassId,
  firstRegistration: YearMonth,
  at: YearMonth,
): WeightTaxAgeBand {
  if (vehicleClass === 'kei') {
    const from = (years: number) =>
      monthIndex({ year: firstRegistration.year + years, month: keiRiseMonth });
    if (monthIndex(at) >= from(18)) return 'over18';
    if (monthIndex(at) >= from(13)) return 'over13';
    return 'standard';
  }
  const months = monthsBetween(firstRegistration, at);
  if (months >= registeredOver18) return 'over18';
  if (months >= registeredOver13) return 'over13';
  return 'standard';
}

function addMonths(start: YearMonth, months: number): YearMonth {
  const index = monthIndex(start) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The next 車検満了 month of a private passenger car (軽 included): three years after first
 * registration, then every two years, in the month of first registration. The current month
 * counts as "next" (the expiry may still be ahead within it). A car whose inspection lapsed
 * runs on another cycle; the estimate confirms.
 * @internal Exported for its unit tests.
 */
export function nextExpiry(firstRegistration: YearMonth, today: YearMonth): YearMonth {
  const elapsed = monthsBetween(firstRegistration, today);
  const cycles = elapsed > 36 ? Math.ceil((elapsed - 36) / 24) : 0;
  return addMonths(firstRegistration, 36 + cycles * 24);
}

/** The first day of `month` as YYYY-MM-DD: the day whose rate rows an expiry month takes. */
function firstDayOf({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

export type RoughPrice = PriceBreakdown & {
  vehicleClass: VehicleClassId;
  band: WeightTaxAgeBand;
  /**
   * The 車検満了 month the price is for: the visitor's own when given, else derived from first
   * registration; absent when neither is known.
   */
  expiry?: YearMonth;
  /** Whether `expiry` is the visitor's own 車検満了日, not the one derived. */
  expiryGiven?: boolean;
  total: number;
};

/**
 * The rough price of `cost`'s class for a car first registered in `firstRegistration` (if
 * known), at its 車検満了 month: `givenExpiry` when the visitor knows it (a car whose inspection
 * lapsed once runs on another cycle than the one derived), else its next expiry counted from
 * `now` in Japan; with the rate rows in force on the first day of that month. The age band needs
 * first registration: without it, a car under 13 years; without either date, at the rates in
 * force today.
 */
export function roughPrice(
  cost: VehicleClassCost,
  firstRegistration?: YearMonth,
  now: Date = new Date(),
  rates: LegalFeeRates = legalFeeRates,
  givenExpiry?: YearMonth,
): RoughPrice {
  const expiry =
    givenExpiry ?? (firstRegistration && nextExpiry(firstRegistration, tokyoYearMonth(now)));
  const band =
    firstRegistration && expiry ? weightTaxAgeBand(cost.id, firstRegistration, expiry) : 'standard';
  const parts: PriceBreakdown = {
    ...legalFeesOn(cost.id, band, expiry ? firstDayOf(expiry) : tokyoToday(now), rates),
    basicFee: cost.basicFee,
    discount: cost.discount,
    band,
  };
  return {
    ...parts,
    vehicleClass: cost.id,
    band,
    ...(expiry && { expiry }),
    ...(givenExpiry && { expiryGiven: true }),
    total: totalPrice(parts),
  };
}
