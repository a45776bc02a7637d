import type { LandingContent } from '../../content/types';
import { LabelledSection } from '../LabelledSection';
import shell from '../section.module.css';
import styles from './Point.module.css';

/** The features (選ばれる理由), numbered 01, 02, … */
export function Point({ copy }: { copy: LandingContent['point'] }) {
  return (
    <LabelledSection
      section="point"
      id="point"
      copy={copy}
      className={shell.section}
      styles={shell}
    >
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
    </LabelledSection>
  );
}
