import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { recordVisit } from './trackingData';

/**
 * Records the entry and every client-side navigation in the tracking_data cookie. Runs only in an
 * effect, so the prerender never touches cookies or storage.
 */
export function useTrackVisits(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordVisit({ host: window.location.host, pathname, search });
  }, [pathname, search]);
}
