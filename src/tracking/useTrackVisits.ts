import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** In an effect, so the prerender never touches cookies; every call waits on one module promise. */
export function useTrackVisits(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const host = window.location.host;
    import('./trackingData')
      .then(({ recordVisit }) => recordVisit({ host, pathname, search }))
      .catch((error: unknown) => console.warn('[tracking] could not record the visit', error));
  }, [pathname, search]);
}
