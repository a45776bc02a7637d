import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useBrand } from '../brand/useBrand';
import { pushEvent } from '../lib/dataLayer';

// In-app navigations only (the container's load covers the first), and no query: a link's email or
// token must not reach the tag manager.
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
