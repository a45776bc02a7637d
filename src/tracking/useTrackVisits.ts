import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Records the entry and every client-side navigation in the tracking_data cookie. Runs only in an
 * effect, so the prerender never touches cookies or storage; the cookie code (and js-cookie)
 * loads with the first effect, not with the first view. Visits are recorded in order: every
 * call waits on the same module promise.
 */
export function useTrackVisits(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const host = window.location.host;
    import('./trackingData')
      .then(({ recordVisit }) => recordVisit({ host, pathname, search }))
      .catch((error: unknown) => console.warn('[tracking] could not record the visit', error));
  }, [pathname, search]);
}
