import type { LandingContent } from '../../content/types';
import { LabelledSection } from '../LabelledSection';
import shell from '../section.module.css';
import styles from './Question.module.css';

/** FAQ as <details>, so answers open without JavaScript. */
export function Question({ copy }: { copy: LandingContent['question'] }) {
  return (
    <LabelledSection
      section="question"
      id="question"
      copy={copy}
      className={shell.section}
      styles={shell}
    >
      <div className={styles.items}>
        {copy.items.map((item) => (
          <details key={item.question} className={styles.item}>
            <summary className={styles.summary}>
              <span className={styles.q} aria-hidden="true">
                Q
              </span>
              <span>{item.question}</span>
            </summary>
            <div className={styles.answer}>
              <span className={styles.a} aria-hidden="true">
                A
              </span>
              <div>
                {item.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </div>
          </details>
        ))}
      </div>
    </LabelledSection>
  );
}
