import { japaneseDay, yen } from '../lib/plainFormats';
import {
  legalFeeRates,
  legalFeesAsOf,
  legalFeesCheckedOn,
  rowInForce,
  type LegalFeeRates,
  type WeightTaxAgeBand,
} from './legalFees';
import type { VehicleClassCost } from './legalFees';
import type { LandingContent } from './types';

export type PriceBreakdown = Pick<
  VehicleClassCost,
  'weightTax' | 'liabilityInsurance' | 'stampFee' | 'basicFee' | 'discount'
> & { band?: WeightTaxAgeBand };

export type PriceRow = {
  label: string;
  text: string;
  detail?: string;
  isTotal?: boolean;
};

/** @internal Exported for tests, which check each total's parts. */
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
 * 自賠責保険料 is 非課税 and 重量税 and 印紙代 are 不課税 (taxes and fees, outside consumption tax):
 * no consumption tax on any of them, which is what a visitor needs to know.
 */
const legalFeesTax = '消費税はかかりません';

/** Formatting here marks every printed price as an example by construction (例, 税込, 〜). */
export function priceRows(cost: PriceBreakdown, discountLabel: string): PriceRow[] {
  return [
    {
      label: '法定費用',
      text: `例 ${yen(legalFees(cost))}（${legalFeesTax}）`,
      detail: `重量税${bandLabels[cost.band ?? 'standard']} ${yen(cost.weightTax)}＋自賠責保険料（24か月・本土）${yen(cost.liabilityInsurance)}＋印紙代（指定工場）${yen(cost.stampFee)}`,
    },
    { label: '車検基本料', text: `例 ${yen(cost.basicFee)}〜（税込）` },
    { label: discountLabel, text: `例 −${yen(cost.discount)}（税込）` },
    {
      label: '総額',
      text: `例 ${yen(totalPrice(cost))}〜（税込・法定費用込み）`,
      isTotal: true,
    },
  ];
}

/** Built from the rate rows in force on `date`, so the amounts are never restated. */
export function legalFeeNotes(
  date: string = legalFeesAsOf,
  rates: LegalFeeRates = legalFeeRates,
  checkedOn: string = legalFeesCheckedOn,
): string[] {
  const stamp = rowInForce(rates.stampFee, date);
  const weightTax = rowInForce(rates.weightTax, date);
  return [
    `自賠責保険料と印紙代（検査手数料）は${japaneseDay(date)}時点の額です。改定があったときは、お見積もりで新しい額をご案内します。`,
    `印紙代は指定工場で受ける場合の額です（登録車は電子申請で${yen(stamp.designated.registeredOss)}、窓口申請で${yen(stamp.designated.registeredCounter)}。軽自動車は${yen(stamp.designated.kei)}、電子申請で${yen(stamp.designated.keiOss)}）。検査場への持込では、普通車${yen(stamp.broughtIn.ordinary)}・小型車${yen(stamp.broughtIn.small)}・軽自動車${yen(stamp.broughtIn.kei)}です。`,
    '自賠責保険料は本土（沖縄県・離島を除く）の24か月契約の額です。沖縄県と離島では保険料が異なります。',
    '重量税は、登録車は初度登録の月から数えて13年・18年を経過する月から、軽自動車は初度検査年の13年後・18年後の11月から上がります。車検はいつでも受けられ、満了日の2か月前から満了日までに受ければ次の満了日は変わりません。その間の上がる前の月に受ければ、上がる前の額になります。',
    `重量税はエコカー減税なしの額です。ハイブリッド車など減税や本則税率（0.5tごと${yen(weightTax.basePerHalfTonne)}、軽自動車${yen(weightTax.baseKei)}）の対象車は安くなりますが、対象かどうかは車種・燃費性能・登録時期で決まるため含めていません。`,
    `これらの料率は${japaneseDay(checkedOn)}に確認しました。`,
  ];
}

/** Under the cost examples: the rates' dates and what the examples assume. */
export function examplesBasis(asOf: string = legalFeesAsOf): string {
  return `法定費用は${japaneseDay(asOf)}時点の料率で計算した、指定工場・本土の自賠責保険料（24か月）・エコカー減税なしの例です。`;
}

/** The main visual's price: a 軽 (the commonest car) at the table's as-of date, 法定費用込み. */
export function headlinePrice(
  classes: readonly VehicleClassCost[],
  asOf: string = legalFeesAsOf,
): LandingContent['mainVisual']['price'] {
  const kei = classes.find((cost) => cost.id === 'kei') ?? classes[0]!;
  return {
    car: `${kei.label}（${kei.models}）`,
    total: `${yen(totalPrice(kei))}〜`,
    basis: `税込・法定費用込み、${japaneseDay(asOf)}時点`,
    linkLabel: '車種別の料金を見る',
  };
}
