import { Link } from 'react-router-dom';
import { useBrand } from '../../brand/useBrand';
import {
  externalTransmissionHeading,
  externalTransmissionHref,
} from '../../content/externalTransmissionLink';
import { pageTable } from '../../content/pageTable';
import { PhoneLink } from '../ContactActions';
import { Logo } from '../logo/Logo';
import { phrases } from '../phrases';
import styles from './Footer.module.css';

export type FooterProps = {
  /** 'landing-top' closes the landing page body; 'page' is the plain footer of text pages. */
  variant?: 'landing-top' | 'page';
  tagline?: string;
  /** Printed under the phone number, e.g. 受付時間 9:00〜19:00 */
  receptionNote?: string;
};

const links = pageTable.flatMap((page) =>
  page.footerLabel === null ? [] : [{ to: page.path, label: page.footerLabel }],
);

export function Footer({ variant = 'landing-top', tagline, receptionNote }: FooterProps) {
  const brand = useBrand();
  return (
    <footer data-section="footer" data-variant={variant} className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to="/" className={styles.home}>
            <Logo />
          </Link>
          {tagline ? <p className={styles.tagline}>{phrases(tagline)}</p> : null}
        </div>
        {variant === 'landing-top' ? (
          <p className={styles.contact}>
            <PhoneLink place="footer" className={styles.phone}>
              {brand.phone}
            </PhoneLink>
            {receptionNote ? <span className={styles.hours}>{receptionNote}</span> : null}
          </p>
        ) : null}
        <nav aria-label="サイト情報">
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            {/* The privacy policy's 外部送信 section, on every page as the law expects. */}
            <li>
              <Link to={externalTransmissionHref}>{externalTransmissionHeading}</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>
          <small>© {brand.name}</small>
        </p>
      </div>
    </footer>
  );
}
