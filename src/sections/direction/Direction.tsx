import { useId } from 'react';
import type { LandingContent } from '../../content/types';
import styles from './Direction.module.css';

/** What the service is (サービス紹介). */
export function Direction({ copy }: { copy: LandingContent['direction'] }) {
  const headingId = useId();
  return (
    <section
      id="direction"
      data-section="direction"
      className={styles.direction}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={styles.heading}>
        {copy.heading}
      </h2>
      <p className={styles.lead}>{copy.lead}</p>
      {copy.paragraphs.map((paragraph) => (
        <p key={paragraph} className={styles.paragraph}>
          {paragraph}
        </p>
      ))}
      <dl className={styles.facts}>
        {copy.facts.map((fact) => (
          <div key={fact.title} className={styles.fact}>
            <dt>{fact.title}</dt>
            <dd>{fact.body}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
