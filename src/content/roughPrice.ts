/**
 * The visitor's own rough price: a class's legal fees for the age of their car at its next
 * 車検満了 month, plus the brand's basic fee and discount. Pure and request-free, so the page
 * works it out at once as the visitor chooses.
 */
import { monthsBetween, tokyoYearMonth, type YearMonth } from '../lib/tokyoTime';
import { legalFeeRates, type VehicleClassId, type WeightTaxAgeBand } from './legalFees';
import { totalPrice, type PriceBreakdown } from './priceRows';
import type { VehicleClassCost } from './types';

/**
 * 租税特別措置法 第90条の11の3 counts from the month of first registration as the first month:
 * the higher rate applies from the month in which 13 (18) years have passed, i.e. 155 (215)
 * months after the month of first registration, one month before the anniversary month.
 */
const over13FromMonths = 13 * 12 - 1;
const over18FromMonths = 18 * 12 - 1;

/**
 * The 重量税 age band of a car first registered in `firstRegistration`, inspected in `at`.
 * @internal Exported: tests check it at the 13- and 18-year edges.
 */
export function weightTaxAgeBand(firstRegistration: YearMonth, at: YearMonth): WeightTaxAgeBand {
  const months = monthsBetween(firstRegistration, at);
  if (months >= over18FromMonths) return 'over18';
  if (months >= over13FromMonths) return 'over13';
  return 'standard';
}

function addMonths(start: YearMonth, months: number): YearMonth {
  const index = start.year * 12 + (start.month - 1) + months;
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

export type RoughPrice = PriceBreakdown & {
  vehicleClass: VehicleClassId;
  band: WeightTaxAgeBand;
  /** The 車検満了 month the price is for; absent when first registration is unknown. */
  expiry?: YearMonth;
  total: number;
};

/**
 * The rough price of `cost`'s class for a car first registered in `firstRegistration` (if
 * known; otherwise a car under 13 years), at its next expiry counted from `now` in Japan.
 */
export function roughPrice(
  cost: VehicleClassCost,
  firstRegistration?: YearMonth,
  now: Date = new Date(),
): RoughPrice {
  const expiry = firstRegistration && nextExpiry(firstRegistration, tokyoYearMonth(now));
  const band =
    firstRegistration && expiry ? weightTaxAgeBand(firstRegistration, expiry) : 'standard';
  const parts: PriceBreakdown = {
    weightTax: legalFeeRates.classes[cost.id].weightTax[band],
    liabilityInsurance: cost.liabilityInsurance,
    stampFee: cost.stampFee,
    basicFee: cost.basicFee,
    discount: cost.discount,
  };
  return {
    ...parts,
    vehicleClass: cost.id,
    band,
    ...(expiry && { expiry }),
    total: totalPrice(parts),
  };
}
