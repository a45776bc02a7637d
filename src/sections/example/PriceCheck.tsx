import { useId } from 'react';
import { legalFeeRates, legalFeesAsOf } from '../../content/legalFees';
import { formatYen } from '../../content/priceRows';
import { roughPrice, type RoughPrice } from '../../content/roughPrice';
import type { LandingContent, VehicleClassCost } from '../../content/types';
import { firstRegistrationYearOptions } from '../../estimate/dates';
import { quoteControlNames } from '../../estimate/controlNames';
import { fields } from '../../estimate/fieldTable';
import { monthOptions } from '../../estimate/options';
import { formatJapaneseDate } from '../../lib/formatJapaneseDate';
import type { YearMonth } from '../../lib/tokyoTime';
import { EstimateButton } from '../ContactActions';
import styles from './Example.module.css';

/** The 初度登録年月 as chosen: strings of the selects, '' while not chosen. */
export type FirstRegistrationChoice = { year: string; month: string };

/** The chosen month, once both year and month are chosen. */
export function chosenMonth(choice: FirstRegistrationChoice): YearMonth | undefined {
  const year = Number(choice.year);
  const month = Number(choice.month);
  return year && month ? { year, month } : undefined;
}

/** Each class's rough price for the choice; until both year and month are chosen, a car under 13. */
export function pricesFor(
  classes: readonly VehicleClassCost[],
  choice: FirstRegistrationChoice,
): RoughPrice[] {
  const firstRegistration = chosenMonth(choice);
  return classes.map((cost) => roughPrice(cost, firstRegistration));
}

/** The estimate form's 初度登録年月 fields, which the price check fills in. */
const yearField = fields['vehicle.firstRegistrationYear'];
const monthField = fields['vehicle.firstRegistrationMonth'];

const bandNotes = {
  standard: '13年未満の重量税',
  over13: '13年経過の重量税',
  over18: '18年経過の重量税',
} as const;

type PriceCheckProps = {
  copy: LandingContent['example']['priceCheck'];
  price: RoughPrice;
  choice: FirstRegistrationChoice;
  onChoice: (choice: FirstRegistrationChoice) => void;
};

/**
 * The visitor's own rough price: 初度登録年月 (optional) on top of the class chosen in the tabs,
 * worked out at once in the page, and the way to an estimate prefilled with it. Rendered only
 * once scripts run; the tabs and tables above read the same without it.
 */
export function PriceCheck({ copy, price, choice, onChoice }: PriceCheckProps) {
  const id = useId();
  const years = firstRegistrationYearOptions();
  const classLabel = legalFeeRates.classes[price.vehicleClass].label;
  const partial = (choice.year === '') !== (choice.month === '');

  // What the open writes into the estimate form: the rough price, and the 初度登録年月 it used.
  const estimateValues: Record<string, string> = {
    [quoteControlNames.vehicleClass]: price.vehicleClass,
    [quoteControlNames.roughTotal]: String(price.total),
    ...(price.expiry && {
      'vehicle.firstRegistrationYear': choice.year,
      'vehicle.firstRegistrationMonth': choice.month,
    }),
  };

  return (
    <div className={styles.check}>
      <h3 className={styles.checkHeading}>{copy.heading}</h3>
      <fieldset className={styles.fieldset} aria-describedby={`${id}-hint`}>
        <legend className={styles.legend}>{copy.firstRegistrationLegend}</legend>
        <div className={styles.dateRow}>
          <span className={styles.dateField}>
            <select
              id={`${id}-year`}
              aria-label={yearField.label}
              className={styles.select}
              value={choice.year}
              onChange={(event) => onChoice({ ...choice, year: event.target.value })}
            >
              <option value="">----</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
            <span aria-hidden="true">年</span>
          </span>
          <span className={styles.dateField}>
            <select
              id={`${id}-month`}
              aria-label={monthField.label}
              className={styles.select}
              value={choice.month}
              onChange={(event) => onChoice({ ...choice, month: event.target.value })}
            >
              <option value="">--</option>
              {monthOptions.map((month) => (
                <option key={month} value={month}>
                  {month}
                </option>
              ))}
            </select>
            <span aria-hidden="true">月</span>
          </span>
        </div>
        <p id={`${id}-hint`} className={styles.hint}>
          {copy.firstRegistrationHint}
        </p>
      </fieldset>
      <p role="status" aria-live="polite" aria-atomic="true" className={styles.result}>
        <span className={styles.resultLabel}>{classLabel}の総額（概算）</span>
        <span className={styles.resultTotal} data-rough-total={price.total}>
          例 {formatYen(price.total)}〜<span className={styles.resultTax}>（税込）</span>
        </span>
        <span className={styles.resultBasis}>
          {price.expiry
            ? `次回の車検満了（目安）${price.expiry.year}年${price.expiry.month}月・${bandNotes[price.band]}で計算`
            : partial
              ? `${yearField.group.legend}は年と月の両方を選ぶと反映されます。`
              : copy.assumption}
        </span>
      </p>
      <EstimateButton entryPoint="price-check" className={styles.submit} values={estimateValues}>
        {copy.submitLabel}
      </EstimateButton>
      <ul className={styles.checkNotes}>
        <li>{copy.confirmNote}</li>
        <li>
          法定費用は{formatJapaneseDate(legalFeesAsOf)}
          時点の額で、指定工場での車検・本土（沖縄県・離島を除く）の自賠責保険料として計算しています。
        </li>
        <li>{copy.ecoNote}</li>
      </ul>
    </div>
  );
}
