import { useId } from 'react';
import { Link } from 'react-router-dom';
import { pageOf } from '../../content/pageTable';
import type { LandingContent } from '../../content/types';
import styles from './Policy.module.css';

export function Policy({ copy }: { copy: LandingContent['policy'] }) {
  const headingId = useId();
  return (
    <section data-section="policy" className={styles.policy} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {copy.heading}
      </h2>
      {copy.paragraphs.map((paragraph) => (
        <p key={paragraph} className={styles.paragraph}>
          {paragraph}
        </p>
      ))}
      <p className={styles.paragraph}>
        <Link to={pageOf('privacypolicy').path}>{copy.linkLabel}</Link>
      </p>
    </section>
  );
}
