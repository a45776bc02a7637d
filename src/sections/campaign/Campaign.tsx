import { useId } from 'react';
import type { LandingContent } from '../../content/types';
import styles from './Campaign.module.css';

export function Campaign({ copy }: { copy: LandingContent['campaign'] }) {
  const headingId = useId();
  return (
    <section data-section="campaign" className={styles.campaign} aria-labelledby={headingId}>
      <p className={styles.label}>{copy.label}</p>
      <h2 id={headingId} className={styles.heading}>
        {copy.heading}
      </h2>
      <p>{copy.body}</p>
      <ul className={styles.notes}>
        {copy.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}
