import { Link } from 'react-router-dom';
import { pageOf } from '../../content/pageTable';
import type { LandingContent } from '../../content/types';
import { LabelledSection } from '../LabelledSection';
import styles from './Policy.module.css';
import { each } from '../eachText';

/** How the visitor's data is handled, with the link to the privacy policy. */
export function Policy({ copy }: { copy: LandingContent['policy'] }) {
  return (
    <LabelledSection section="policy" copy={copy} className={styles.policy} styles={styles}>
      {each(copy.paragraphs, 'p', styles.paragraph)}
      <p className={styles.paragraph}>
        <Link to={pageOf('privacypolicy').path}>{copy.linkLabel}</Link>
      </p>
    </LabelledSection>
  );
}
