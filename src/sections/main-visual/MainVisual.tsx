import type { LandingContent } from '../../content/types';
import { priceSectionId } from '../example/priceSectionId';
import { phrases } from '../phrases';
import styles from './MainVisual.module.css';

export function MainVisual({ copy }: { copy: LandingContent['mainVisual'] }) {
  return (
    <section id="top" data-section="main-visual" className={styles.mainVisual}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <h1 className={styles.catchcopy}>{phrases(copy.catchcopy)}</h1>
          <p className={styles.lead}>{copy.lead}</p>
          <p className={styles.price}>
            <span className={styles.priceCar}>{copy.price.car}の例</span>
            <strong className={styles.priceTotal}>{copy.price.total}</strong>
            <span className={styles.priceBasis}>（{copy.price.basis}）</span>
            <a className={styles.priceLink} href={`#${priceSectionId}`}>
              {copy.price.linkLabel}
            </a>
          </p>
          <ul className={styles.badges} aria-label="サービスの特長">
            {copy.badges.map((badge) => (
              <li key={badge}>{badge}</li>
            ))}
          </ul>
          <a className={styles.formLink} href="#simple-form-1">
            {copy.formLinkLabel}
          </a>
          <p className={styles.note}>{copy.note}</p>
        </div>
        <CarIllustration />
      </div>
    </section>
  );
}

/** Our own drawing; decorative, sized so it never shifts the layout. */
function CarIllustration() {
  return (
    <svg
      className={styles.illustration}
      aria-hidden="true"
      focusable="false"
      width="320"
      height="200"
      viewBox="0 0 320 200"
    >
      <ellipse className={styles.ground} cx="160" cy="178" rx="150" ry="12" />
      <path
        className={styles.body}
        d="M34 140v-22c0-8 5-14 13-16l34-8 30-30c6-6 13-9 21-9h68c9 0 17 4 23 10l30 29 30 6c8 2 13 8 13 16v24c0 6-4 10-10 10H44c-6 0-10-4-10-10z"
      />
      <path className={styles.window} d="M118 70h40v26h-66z" />
      <path className={styles.window} d="M170 70h26c5 0 9 2 12 5l21 21h-59z" />
      <rect className={styles.light} x="276" y="116" width="16" height="8" rx="3" />
      <circle className={styles.tyre} cx="92" cy="150" r="24" />
      <circle className={styles.hub} cx="92" cy="150" r="10" />
      <circle className={styles.tyre} cx="240" cy="150" r="24" />
      <circle className={styles.hub} cx="240" cy="150" r="10" />
      <circle className={styles.badge} cx="268" cy="48" r="30" />
      <path className={styles.check} d="m254 48 10 10 18-20" />
    </svg>
  );
}
