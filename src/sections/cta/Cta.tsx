import { useBrand } from '../../brand/useBrand';
import type { LandingContent } from '../../content/types';
import { EstimateButton, PhoneLink } from '../ContactActions';
import { LabelledSection } from '../LabelledSection';
import styles from './Cta.module.css';

/** The call to action: call or ask for an estimate, with the reception hours. */
export function Cta({
  copy,
  receptionNote,
}: {
  copy: LandingContent['cta'];
  receptionNote: string;
}) {
  const brand = useBrand();
  return (
    <LabelledSection section="cta" copy={copy} className={styles.cta} styles={styles}>
      <div className={styles.actions}>
        <PhoneLink place="cta" className={styles.call}>
          <span className={styles.callLabel}>{copy.callLabel}</span>
          <span className={styles.phone}>{brand.phone}</span>
        </PhoneLink>
        <EstimateButton entryPoint="cta" className={styles.estimate}>
          {copy.estimateLabel}
        </EstimateButton>
      </div>
      <p className={styles.hours}>{receptionNote}</p>
    </LabelledSection>
  );
}
