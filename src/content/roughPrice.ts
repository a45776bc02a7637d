// The visitor's rough price, at the rates of the next 車検満了 month; pure, so it follows each choice.
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

// 登録車 (措置法 第90条の11の3 第2項): from the 156th month, the 初度登録 month being the first.
const registeredOver13 = 13 * 12 - 1;
const registeredOver18 = 18 * 12 - 1;

// 軽: from November of the 13th (18th) year after the 初度検査 year, since 2025-08 (decision 004).
const keiRiseMonth = 11;

function monthIndex({ year, month }: YearMonth): number {
  return year * 12 + (month - 1);
}

/** @internal Exported: tests check it at the 13- and 18-year edges of both rules. */
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

/** @internal Exported for its unit tests. A car whose inspection lapsed runs on another cycle. */
export function nextExpiry(firstRegistration: YearMonth, today: YearMonth): YearMonth {
  const elapsed = monthsBetween(firstRegistration, today);
  const cycles = elapsed > 36 ? Math.ceil((elapsed - 36) / 24) : 0;
  return addMonths(firstRegistration, 36 + cycles * 24);
}

function firstDayOf({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

export type RoughPrice = PriceBreakdown & {
  vehicleClass: VehicleClassId;
  band: WeightTaxAgeBand;
  expiry?: YearMonth;
  expiryGiven?: boolean;
  total: number;
};

/** Without first registration, a car under 13 years; without either date, today's rates. */
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
