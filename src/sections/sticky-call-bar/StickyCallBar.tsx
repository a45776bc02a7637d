import { useBrand } from '../../brand/useBrand';
import type { LandingContent } from '../../content/types';
import { EstimateButton, PhoneLink } from '../ContactActions';
import styles from './StickyCallBar.module.css';

// 追従フッター. Its `tracking-footer` section name, phone-link place and estimate entry point are the
// names tests and analytics know it by (docs/tracking.md); keep them.
export function StickyCallBar({
  copy,
  outsideBusinessHours,
}: {
  copy: LandingContent['stickyCallBar'];
  /** False on the server, the first render and while the hours are unknown: one tap to call. */
  outsideBusinessHours: boolean;
}) {
  const brand = useBrand();
  return (
    <div data-section="tracking-footer" className={styles.bar}>
      <div className={styles.inner}>
        {outsideBusinessHours ? (
          <p className={styles.closed}>
            <span className={styles.closedTitle}>{copy.closedLabel}</span>
            <span>{copy.closedNote}</span>
          </p>
        ) : (
          <PhoneLink
            place="tracking-footer"
            className={styles.call}
            label={`${copy.callLabel} ${brand.phone}`}
          >
            <PhoneIcon />
            <span>{copy.callLabel}</span>
          </PhoneLink>
        )}
        <EstimateButton entryPoint="tracking-footer" className={styles.estimate}>
          {outsideBusinessHours ? copy.closedEstimateLabel : copy.estimateLabel}
        </EstimateButton>
      </div>
    </div>
  );
}

function PhoneIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}
