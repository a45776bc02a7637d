import { useEffect, useState } from 'react';
import { isOutsideBusinessHours } from './businessHours';
import { loadBusinessHours } from './loadBusinessHours';
import type { BusinessHours } from './loadBusinessHours';
import { whenIdle } from '../lib/whenIdle';

const minuteMs = 60_000;

/**
 * True while Tokyo time is outside the business hours. False on the server and on the first
 * render so hydration matches the prerendered HTML; the hours load in idle time after mount and
 * the answer is re-evaluated at every minute boundary and when the tab becomes visible again.
 */
export function useOutsideBusinessHours(): boolean {
  const [hours, setHours] = useState<BusinessHours | null>(null);
  const [outside, setOutside] = useState(false);

  useEffect(() => {
    let active = true;
    const cancelIdle = whenIdle(() => {
      void loadBusinessHours().then((loaded) => {
        if (active && loaded) setHours(loaded);
      });
    });
    return () => {
      active = false;
      cancelIdle();
    };
  }, []);

  useEffect(() => {
    if (!hours) return;
    const evaluate = () => setOutside(isOutsideBusinessHours(new Date(), hours.start, hours.end));
    let timer: number | undefined;
    // Chained to the next minute boundary: a plain 60 s interval could lag by up to a minute.
    const schedule = () => {
      timer = window.setTimeout(
        () => {
          evaluate();
          schedule();
        },
        minuteMs - (Date.now() % minuteMs),
      );
    };
    // Background tabs throttle timers; catch up as soon as the visitor looks again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') evaluate();
    };
    evaluate();
    schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [hours]);

  return outside;
}
