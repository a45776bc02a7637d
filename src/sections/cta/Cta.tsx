import { useId } from 'react';
import { telHref } from '../../brand/brands';
import { useBrand } from '../../brand/useBrand';
import type { LandingContent } from '../../content/types';
import { useEstimateOpener } from '../../estimate/EstimateContext';
import styles from './Cta.module.css';

export function Cta({
  copy,
  receptionNote,
}: {
  copy: LandingContent['cta'];
  receptionNote: string;
}) {
  const brand = useBrand();
  const openEstimate = useEstimateOpener();
  const headingId = useId();
  return (
    <section data-section="cta" className={styles.cta} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {copy.heading}
      </h2>
      <p className={styles.lead}>{copy.lead}</p>
      <div className={styles.actions}>
        <a className={styles.call} href={telHref(brand.phone)} data-phone-link="cta">
          <span className={styles.callLabel}>{copy.callLabel}</span>
          <span className={styles.phone}>{brand.phone}</span>
        </a>
        <button
          type="button"
          className={styles.estimate}
          data-estimate-opener="cta"
          onClick={() => openEstimate({ entryPoint: 'cta' })}
        >
          {copy.estimateLabel}
        </button>
      </div>
      <p className={styles.hours}>{receptionNote}</p>
    </section>
  );
}
