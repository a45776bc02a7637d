import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatJapaneseDate, priceRows } from '../../content/priceRows';
import type { LandingContent } from '../../content/types';
import { useHydrated } from '../useHydrated';
import styles from './Example.module.css';

/**
 * Cost examples by vehicle class as WAI-ARIA tabs (automatic activation, one tab always
 * selected). The prerendered HTML shows every panel so the prices read without JavaScript;
 * the non-selected ones are hidden only once hydrated.
 */
export function Example({ copy }: { copy: LandingContent['example'] }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(0);
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
    <section data-section="example" className={styles.example} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {copy.heading}
      </h2>
      <p className={styles.lead}>{copy.lead}</p>
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
            </caption>
            <tbody>
              {priceRows(cost, copy.discountLabel).map((row) => (
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
      <p className={styles.asOf}>
        法定費用は{formatJapaneseDate(copy.feesAsOf)}時点の料率（自賠責保険料24か月）による例です。
      </p>
      <ul className={styles.notes}>
        {copy.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}
