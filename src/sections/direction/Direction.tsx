import type { LandingContent } from '../../content/types';
import { LabelledSection } from '../LabelledSection';
import shell from '../section.module.css';
import styles from './Direction.module.css';

/** What the service is (サービス紹介). */
export function Direction({ copy }: { copy: LandingContent['direction'] }) {
  return (
    <LabelledSection
      section="direction"
      id="direction"
      copy={copy}
      className={shell.section}
      styles={{ heading: shell.heading, lead: styles.lead }}
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
