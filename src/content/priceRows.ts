import type { VehicleClassCost } from './types';

export type PriceRow = {
  label: string;
  /** The printed amount, always marked as an example (例) with its tax status. */
  text: string;
  detail?: string;
  isTotal?: boolean;
};

const yen = new Intl.NumberFormat('ja-JP');

function formatYen(amount: number): string {
  return `${yen.format(amount)}円`;
}

export function legalFees(cost: VehicleClassCost): number {
  return cost.weightTax + cost.liabilityInsurance + cost.stampFee;
}

export function totalPrice(cost: VehicleClassCost): number {
  return legalFees(cost) + cost.basicFee - cost.discount;
}

/**
 * The rows of one class's cost table. Formatting lives here, not in the component, so every
 * printed price is marked as an example by construction (content-brief: 例, 税込, 〜).
 */
export function priceRows(cost: VehicleClassCost, discountLabel: string): PriceRow[] {
  return [
    {
      label: '法定費用',
      text: `例 ${formatYen(legalFees(cost))}（非課税）`,
      detail: `重量税 ${formatYen(cost.weightTax)}＋自賠責保険料（24か月）${formatYen(cost.liabilityInsurance)}＋印紙代 ${formatYen(cost.stampFee)}`,
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

/** 2023-04-01 → 2023年4月1日 */
export function formatJapaneseDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  return `${match[1]}年${Number(match[2])}月${Number(match[3])}日`;
}
