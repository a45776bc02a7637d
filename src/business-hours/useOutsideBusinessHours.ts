import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/whenIdle';

const minuteMs = 60_000;

/** Whether a moment is outside the loaded hours. */
type OutsideCheck = (now: Date) => boolean;

/** Loads the hours and the code that judges them (kept out of the first-view bundle). */
async function loadOutsideCheck(): Promise<OutsideCheck | null> {
  const [{ loadBusinessHours }, { isOutsideBusinessHours }] = await Promise.all([
    import('./loadBusinessHours'),
    import('./businessHours'),
  ]);
  const hours = await loadBusinessHours();
  return hours && ((now) => isOutsideBusinessHours(now, hours.start, hours.end));
}

/**
 * True while Tokyo time is outside the business hours. False on the server and on the first
 * render so hydration matches the prerendered HTML; the hours load in idle time after mount and
 * the answer is re-evaluated at every minute boundary and when the tab becomes visible again.
 */
export function useOutsideBusinessHours(): boolean {
  const [check, setCheck] = useState<{ isOutside: OutsideCheck } | null>(null);
  const [outside, setOutside] = useState(false);

  useEffect(() => {
    let active = true;
    const cancelIdle = whenIdle(() => {
      loadOutsideCheck()
        .then((isOutside) => {
          if (active && isOutside) setCheck({ isOutside });
        })
        // A chunk that cannot load leaves the hours unknown: the call-to-action stays.
        .catch(() => {});
    });
    return () => {
      active = false;
      cancelIdle();
    };
  }, []);

  useEffect(() => {
    if (!check) return;
    const evaluate = () => setOutside(check.isOutside(new Date()));
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
  }, [check]);

  return outside;
}
