import type { WeightTaxAgeBand } from './legalFees';
import type { VehicleClassCost } from './types';

/** The parts of a price (yen): what a class's fixed example and a visitor's rough price share. */
export type PriceBreakdown = Pick<
  VehicleClassCost,
  'weightTax' | 'liabilityInsurance' | 'stampFee' | 'basicFee' | 'discount'
> & { band?: WeightTaxAgeBand };

export type PriceRow = {
  label: string;
  /** The printed amount, always marked as an example (例) with its tax status. */
  text: string;
  detail?: string;
  isTotal?: boolean;
};

const yen = new Intl.NumberFormat('ja-JP');

export function formatYen(amount: number): string {
  return `${yen.format(amount)}円`;
}

/** @internal The 法定費用 part of a price; exported for tests, which check each total's parts. */
export function legalFees(cost: PriceBreakdown): number {
  return cost.weightTax + cost.liabilityInsurance + cost.stampFee;
}

export function totalPrice(cost: PriceBreakdown): number {
  return legalFees(cost) + cost.basicFee - cost.discount;
}

const bandLabels: Record<WeightTaxAgeBand, string> = {
  standard: '（13年未満）',
  over13: '（13年経過）',
  over18: '（18年経過）',
};

/**
 * The rows of one class's cost table. Formatting lives here, not in the component, so every
 * printed price is marked as an example by construction (content-brief: 例, 税込, 〜).
 */
export function priceRows(cost: PriceBreakdown, discountLabel: string): PriceRow[] {
  return [
    {
      label: '法定費用',
      text: `例 ${formatYen(legalFees(cost))}（非課税）`,
      detail: `重量税${bandLabels[cost.band ?? 'standard']} ${formatYen(cost.weightTax)}＋自賠責保険料（24か月）${formatYen(cost.liabilityInsurance)}＋印紙代 ${formatYen(cost.stampFee)}`,
    },
    { label: '車検基本料', text: `例 ${formatYen(cost.basicFee)}〜（税込）` },
    { label: discountLabel, text: `例 −${formatYen(cost.discount)}（税込）` },
    {
      label: '総額',
      text: `例 ${formatYen(totalPrice(cost))}〜（税込・法定費用込み）`,
      isTotal: true,
    },
  ];
}
