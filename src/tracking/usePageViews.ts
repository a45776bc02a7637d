import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useBrand } from '../brand/useBrand';
import { pushEvent } from '../lib/dataLayer';

/**
 * Pushes `page_view` (page_path, page_title, brand) on every in-app navigation to another path:
 * the page does not reload between routes, so the tag manager would see only the first one.
 * None for the first load, which the tag manager's own page view (its container load) covers,
 * and none when only the query or the hash changes. The path carries no query, so no parameter a
 * link brought (an email, a token) reaches the tag manager.
 */
export function usePageViews(title: string | undefined): void {
  const { pathname } = useLocation();
  const brand = useBrand().id;
  const lastPath = useRef<string | undefined>(undefined);
  useEffect(() => {
    const previous = lastPath.current;
    lastPath.current = pathname;
    // React runs a new effect twice in development: the path, not a flag, says what is new.
    if (previous === undefined || previous === pathname) return;
    pushEvent('page_view', { page_path: pathname, page_title: title ?? document.title, brand });
  }, [pathname, title, brand]);
}
