import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/whenIdle';

/**
 * True while Tokyo time is outside the business hours. False on the server and on the first
 * render so hydration matches the prerendered HTML; the hours load in idle time after mount and
 * the answer is re-evaluated at every minute boundary and when the tab becomes visible again
 * (businessHours.ts watches; it loads with the hours, out of the first-view bundle).
 */
export function useOutsideBusinessHours(): boolean {
  const [outside, setOutside] = useState(false);

  useEffect(() => {
    let active = true;
    let stopWatching: (() => void) | undefined;
    const cancelIdle = whenIdle(() => {
      Promise.all([import('./loadBusinessHours'), import('./businessHours')])
        .then(async ([{ loadBusinessHours }, { watchOutsideBusinessHours }]) => {
          const hours = await loadBusinessHours();
          if (active && hours) stopWatching = watchOutsideBusinessHours(hours, setOutside);
        })
        .catch(() => {});
    });
    return () => {
      active = false;
      cancelIdle();
      stopWatching?.();
    };
  }, []);

  return outside;
}
