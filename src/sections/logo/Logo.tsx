import { useId } from 'react';
import { useBrand } from '../../brand/useBrand';
import styles from './Logo.module.css';

/** The brand's mark (our own drawing) and name; its accessible name is the brand name. */
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
        {brand.id === 'carsupport' ? (
          <>
            <rect className={styles.primary} x="0" y="0" width="36" height="36" rx="9" />
            {/* A car seen from the side, riding on a check mark. */}
            <path
              className={styles.onPrimary}
              d="M8 19.5 11 14a3 3 0 0 1 2.6-1.5h8.8A3 3 0 0 1 25 14l3 5.5v4a1 1 0 0 1-1 1h-2a3 3 0 0 0-6 0h-2a3 3 0 0 0-6 0H9a1 1 0 0 1-1-1z"
            />
            <circle className={styles.accent} cx="14" cy="24.5" r="2" />
            <circle className={styles.accent} cx="22" cy="24.5" r="2" />
            <path className={styles.accentStroke} d="M12.5 17.5h11" />
          </>
        ) : (
          <>
            <circle className={styles.primary} cx="18" cy="18" r="18" />
            {/* Two peaks (ヤマ) over a road. */}
            <path className={styles.onPrimary} d="M6 24 13.5 12l4.5 7 3.5-5L30 24z" />
            <circle className={styles.accent} cx="25" cy="10.5" r="3" />
            <path className={styles.accentStroke} d="M9 27.5h18" />
          </>
        )}
      </svg>
      <span className={styles.wordmark} aria-hidden="true">
        {brand.name}
      </span>
    </span>
  );
}
