import { yearLabel } from '../../estimate/contract/eras';
import { useId } from 'react';
import { legalFeeRates, legalFeesAsOf } from '../../content/legalFees';
import { roughPrice, type RoughPrice } from '../../content/roughPrice';
import type { VehicleClassCost } from '../../content/legalFees';
import type { LandingContent } from '../../content/types';
import { expiryYearOptions, firstRegistrationYearOptions } from '../../estimate/contract/dates';
import { quoteControlNames } from '../../estimate/contract/controlNames';
import { fields } from '../../estimate/contract/fieldTable';
import { monthOptions } from '../../estimate/contract/options';
import { japaneseDay, yen } from '../../lib/plainFormats';
import type { YearMonth } from '../../lib/tokyoTime';
import { EstimateButton } from '../ContactActions';
import shell from '../section.module.css';
import styles from './Example.module.css';

/** Strings of the selects, '' (or absent) while not chosen. */
export type PriceCheckChoice = {
  year: string;
  month: string;
  expiryYear?: string;
  expiryMonth?: string;
};

export function chosenMonth(year = '', month = ''): YearMonth | undefined {
  const y = Number(year);
  const m = Number(month);
  return y && m ? { year: y, month: m } : undefined;
}

/** Until 初度登録年月 is complete, a car under 13; a complete 車検満了日 replaces the derived one. */
export function pricesFor(
  classes: readonly VehicleClassCost[],
  choice: PriceCheckChoice,
): RoughPrice[] {
  const firstRegistration = chosenMonth(choice.year, choice.month);
  const expiry = chosenMonth(choice.expiryYear, choice.expiryMonth);
  return classes.map((cost) => roughPrice(cost, firstRegistration, undefined, undefined, expiry));
}

const yearField = fields['vehicle.firstRegistrationYear'];
const monthField = fields['vehicle.firstRegistrationMonth'];
const expiryYearField = fields['vehicle.expiryYear'];
const expiryMonthField = fields['vehicle.expiryMonth'];
const expiryLegend = expiryYearField.group.legend;

const bandNotes = {
  standard: '13年未満の重量税',
  over13: '13年経過の重量税',
  over18: '18年経過の重量税',
} as const;

type PriceCheckProps = {
  copy: LandingContent['example']['priceCheck'];
  price: RoughPrice;
  choice: PriceCheckChoice;
  onChoice: (choice: PriceCheckChoice) => void;
};

type MonthChoice = { year: string; month: string };

/** Each select's label is for assistive technology only: the legend names the month. */
function MonthFieldset({
  legend,
  hint,
  hintId,
  labels,
  years,
  value,
  onChange,
}: {
  legend: string;
  hint: string;
  hintId: string;
  labels: MonthChoice;
  years: readonly number[];
  value: MonthChoice;
  onChange: (value: MonthChoice) => void;
}) {
  const part = (
    key: keyof MonthChoice,
    unit: string,
    placeholder: string,
    values: readonly number[],
  ) => (
    <span className={styles.dateField}>
      <select
        aria-label={labels[key]}
        className={styles.select}
        value={value[key]}
        onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      >
        <option value="">{placeholder}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {unit === '年' ? yearLabel(option) : option}
          </option>
        ))}
      </select>
      {unit === '年' ? null : <span aria-hidden="true">{unit}</span>}
    </span>
  );
  return (
    <fieldset className={styles.fieldset} aria-describedby={hintId}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.dateRow}>
        {part('year', '年', '----', years)}
        {part('month', '月', '--', monthOptions)}
      </div>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
    </fieldset>
  );
}

/** Rendered once scripts run; the tabs and tables above read the same without it. */
export function PriceCheck({ copy, price, choice, onChoice }: PriceCheckProps) {
  const id = useId();
  const years = firstRegistrationYearOptions();
  const classLabel = legalFeeRates.classes[price.vehicleClass].label;
  const expiryYear = choice.expiryYear ?? '';
  const expiryMonth = choice.expiryMonth ?? '';
  const partial = (choice.year === '') !== (choice.month === '');
  const partialExpiry = (expiryYear === '') !== (expiryMonth === '');
  const firstRegistration = chosenMonth(choice.year, choice.month);

  // What the open writes into the estimate form: the rough price, and the dates it used.
  const estimateValues: Record<string, string> = {
    [quoteControlNames.vehicleClass]: price.vehicleClass,
    [quoteControlNames.roughTotal]: String(price.total),
    ...(firstRegistration && {
      'vehicle.firstRegistrationYear': choice.year,
      'vehicle.firstRegistrationMonth': choice.month,
    }),
    ...(price.expiryGiven && {
      'vehicle.expiryYear': expiryYear,
      'vehicle.expiryMonth': expiryMonth,
    }),
  };
  const basis = price.expiry
    ? `${price.expiryGiven ? '車検満了' : '次回の車検満了（目安）'}${price.expiry.year}年${price.expiry.month}月・${bandNotes[price.band]}で計算`
    : copy.assumption;
  const incomplete = [partial && yearField.group.legend, partialExpiry && expiryLegend].filter(
    Boolean,
  );

  return (
    <div className={styles.check}>
      <h3 className={styles.checkHeading}>{copy.heading}</h3>
      <MonthFieldset
        legend={copy.firstRegistrationLegend}
        hint={copy.firstRegistrationHint}
        hintId={`${id}-hint`}
        labels={{ year: yearField.label, month: monthField.label }}
        years={years}
        value={{ year: choice.year, month: choice.month }}
        onChange={({ year, month }) => onChoice({ ...choice, year, month })}
      />
      <MonthFieldset
        legend={`${expiryLegend}（わかる場合）`}
        hint="車検証の「有効期間の満了する日」を選ぶと、その月の額で計算し、お見積もりにも入ります。"
        hintId={`${id}-expiry-hint`}
        labels={{ year: expiryYearField.label, month: expiryMonthField.label }}
        years={expiryYearOptions()}
        value={{ year: expiryYear, month: expiryMonth }}
        onChange={({ year, month }) =>
          onChoice({ ...choice, expiryYear: year, expiryMonth: month })
        }
      />
      <p role="status" aria-live="polite" aria-atomic="true" className={styles.result}>
        <span className={styles.resultLabel}>{classLabel}の総額（概算）</span>
        <span className={styles.resultTotal} data-rough-total={price.total}>
          例 {yen(price.total)}〜<span className={styles.resultTax}>（税込）</span>
        </span>
        <span className={styles.resultBasis}>
          {incomplete.length > 0
            ? `${incomplete.join('と')}は年と月の両方を選ぶと反映されます。`
            : basis}
        </span>
      </p>
      <EstimateButton entryPoint="price-check" className={shell.submit} values={estimateValues}>
        {copy.submitLabel}
      </EstimateButton>
      <ul className={styles.checkNotes}>
        <li>{copy.confirmNote}</li>
        <li>
          法定費用は{japaneseDay(legalFeesAsOf)}
          時点の額で、指定工場での車検・本土（沖縄県・離島を除く）の自賠責保険料として計算しています。
        </li>
        <li>{copy.ecoNote}</li>
      </ul>
    </div>
  );
}
