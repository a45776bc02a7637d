import { useId } from 'react';
import { useBrand } from '../../brand/useBrand';
import styles from './Logo.module.css';

/** Our own drawing of the brand's mark; its accessible name is the brand name. */
export function Logo() {
  const brand = useBrand();
  const titleId = useId();
  return (
    <span className={styles.logo}>
      <svg
        className={styles.mark}
        role="img"
        aria-labelledby={titleId}
        width="36"
        height="36"
        viewBox="0 0 36 36"
      >
        <title id={titleId}>{brand.name}</title>
        {brand.logo.map(({ shape, paint, ...geometry }, index) => {
          const Shape = shape;
          return <Shape key={index} className={styles[paint]} {...geometry} />;
        })}
      </svg>
      <span className={styles.wordmark} aria-hidden="true">
        {brand.name}
      </span>
    </span>
  );
}
