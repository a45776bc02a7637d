import type { LandingContent } from '../../content/types';
import { LabelledSection } from '../LabelledSection';
import styles from './Direction.module.css';

/** What the service is (サービス紹介). */
export function Direction({ copy }: { copy: LandingContent['direction'] }) {
  return (
    <LabelledSection
      section="direction"
      id="direction"
      copy={copy}
      className={styles.direction}
      styles={styles}
    >
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
    </LabelledSection>
  );
}
