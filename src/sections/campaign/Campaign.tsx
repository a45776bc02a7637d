import { useId } from 'react';
import type { LandingContent } from '../../content/types';
import styles from './Campaign.module.css';
import { each } from '../eachText';
import { phrases } from '../phrases';

export function Campaign({ copy }: { copy: LandingContent['campaign'] }) {
  const headingId = useId();
  return (
    <section data-section="campaign" className={styles.campaign} aria-labelledby={headingId}>
      <p className={styles.label}>{phrases(copy.label)}</p>
      <h2 id={headingId} className={styles.heading}>
        {phrases(copy.heading)}
      </h2>
      <p>{phrases(copy.body)}</p>
      <ul className={styles.notes}>{each(copy.notes, 'li')}</ul>
    </section>
  );
}
