import { useEffect } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useBrand } from '../brand/useBrand';
import { EstimateButton, PhoneLink } from '../sections/ContactActions';
import { Footer } from '../sections/footer/Footer';
import { Logo } from '../sections/logo/Logo';
import { SiteMenu } from '../sections/site-menu/SiteMenu';
import { ThemeToggle } from '../sections/theme-toggle/ThemeToggle';
import { usePageViews } from '../tracking/usePageViews';
import { useTrackVisits } from '../tracking/useTrackVisits';
import styles from './Layout.module.css';
import { usePageData } from './usePageData';

/** On pages without the estimate dialog, 無料見積もり links to the landing page, which opens it. */
export function Layout() {
  const brand = useBrand();
  const page = usePageData();
  useTrackVisits();

  // Marks the page interactive (e2e waits for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // The prerendered <head> carries the first page's title; keep it right on client navigation.
  useEffect(() => {
    if (page) document.title = page.meta.title;
  }, [page]);
  usePageViews(page?.meta.title);

  return (
    <>
      <a className={styles.skipLink} href="#main">
        本文へスキップ
      </a>
      <header className={styles.header}>
        <div className={styles.inner}>
          <Link to="/" className={styles.home}>
            <Logo />
          </Link>
          <SiteMenu />
          <PhoneLink place="header" className={styles.phone}>
            <span className={styles.phoneLabel}>通話無料・{brand.receptionHours}</span>
            {brand.phone}
          </PhoneLink>
          <EstimateButton
            entryPoint="header"
            className={styles.estimateButton}
            onPage={page?.route === 'index'}
          >
            無料見積もり
          </EstimateButton>
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      {/* The landing page closes with its own footer (landing-top variant). */}
      {page?.route !== 'index' && <Footer variant="page" />}
    </>
  );
}
