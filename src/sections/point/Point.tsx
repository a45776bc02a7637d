import { useId } from 'react';
import type { LandingContent } from '../../content/types';
import styles from './Point.module.css';

export function Point({ copy }: { copy: LandingContent['point'] }) {
  const headingId = useId();
  return (
    <section id="point" data-section="point" className={styles.point} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {copy.heading}
      </h2>
      <p className={styles.lead}>{copy.lead}</p>
      <ol className={styles.items}>
        {copy.items.map((item, index) => (
          <li key={item.title} className={styles.item}>
            <span className={styles.number} aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className={styles.title}>{item.title}</h3>
            <p>{item.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
