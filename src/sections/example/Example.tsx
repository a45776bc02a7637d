import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { priceRows } from '../../content/priceRows';
import { japaneseDay } from '../../lib/plainFormats';
import type { LandingContent } from '../../content/types';
import { LabelledSection } from '../LabelledSection';
import shell from '../section.module.css';
import { useHydrated } from '../useHydrated';
import styles from './Example.module.css';
import { priceSectionId } from './priceSectionId';
import type * as PriceCheckModule from './PriceCheck';
import type { PriceCheckChoice } from './PriceCheck';

/** WAI-ARIA tabs; every panel shows until hydrated, so the prices read without JavaScript. */
export function Example({ copy }: { copy: LandingContent['example'] }) {
  const id = useId();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(0);
  const [choice, setChoice] = useState<PriceCheckChoice>({ year: '', month: '' });
  // The price check loads once the page is interactive; without it the fixed examples stay.
  const [priceCheck, setPriceCheck] = useState<typeof PriceCheckModule | null>(null);
  useEffect(() => {
    let live = true;
    import('./PriceCheck').then((module) => live && setPriceCheck(module)).catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  const prices = priceCheck?.pricesFor(copy.classes, choice);
  const selectedPrice = prices?.[selected];
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = copy.classes.length;

  function select(index: number) {
    setSelected(index);
    tabRefs.current[index]?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = {
      ArrowRight: (selected + 1) % count,
      ArrowLeft: (selected - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  }

  return (
    <LabelledSection
      section="example"
      id={priceSectionId}
      copy={copy}
      className={shell.section}
      styles={shell}
    >
      <div role="tablist" aria-label="車両区分" className={styles.tablist}>
        {copy.classes.map((cost, index) => (
          <button
            key={cost.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${cost.id}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${cost.id}`}
            tabIndex={index === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => select(index)}
            onKeyDown={handleKeyDown}
          >
            {cost.label}
          </button>
        ))}
      </div>
      {copy.classes.map((cost, index) => (
        <div
          key={cost.id}
          role="tabpanel"
          id={`${id}-panel-${cost.id}`}
          aria-labelledby={`${id}-tab-${cost.id}`}
          tabIndex={0}
          hidden={hydrated && index !== selected}
          className={styles.panel}
        >
          <table className={styles.table}>
            <caption className={styles.caption}>
              {cost.label}（{cost.models}）の車検費用の例
              <span className={styles.captionAsOf}>
                法定費用は{japaneseDay(copy.feesAsOf)}時点の料率
              </span>
            </caption>
            <tbody>
              {priceRows(prices?.[index] ?? cost, copy.discountLabel).map((row) => (
                <tr key={row.label} className={row.isTotal ? styles.total : undefined}>
                  <th scope="row">{row.label}</th>
                  <td>
                    {row.text}
                    {row.detail ? <span className={styles.detail}>{row.detail}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {hydrated && priceCheck && selectedPrice && (
        <priceCheck.PriceCheck
          copy={copy.priceCheck}
          price={selectedPrice}
          choice={choice}
          onChoice={setChoice}
        />
      )}
      <p className={styles.asOf}>
        法定費用は{japaneseDay(copy.feesAsOf)}時点で確認できた料率（
        {japaneseDay(copy.feesCheckedOn)}
        確認）で、指定工場・本土の自賠責保険料（24か月）・エコカー減税なしの例です。
      </p>
      <ul className={styles.notes}>
        {copy.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </LabelledSection>
  );
}
