import type { LandingContent } from '../../content/types';
import { LabelledSection } from '../LabelledSection';
import shell from '../section.module.css';
import styles from './Flow.module.css';

/** The steps as a timeline; the 2px line is drawn in CSS (spec 9, timeline line thickness). */
export function Flow({ copy }: { copy: LandingContent['flow'] }) {
  return (
    <LabelledSection section="flow" id="flow" copy={copy} className={shell.section} styles={shell}>
      <ol className={styles.timeline}>
        {copy.steps.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.marker} aria-hidden="true">
              {index + 1}
            </span>
            <h3 className={styles.title}>
              <span className="visually-hidden">STEP {index + 1} </span>
              {step.title}
            </h3>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
    </LabelledSection>
  );
}
