import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/whenIdle';

/** False on the server and the first render, so hydration matches; the hours load in idle time. */
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
