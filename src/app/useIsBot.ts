import { useEffect, useState } from 'react';

/** isbot stays out of the first view; if its chunk cannot load, the visitor counts as a person. */
export function useIsBot(needed = true): boolean | null {
  const [bot, setBot] = useState<boolean | null>(null);
  useEffect(() => {
    if (!needed) return;
    let active = true;
    import('isbot')
      .then(({ isbot }) => active && setBot(isbot(navigator.userAgent)))
      .catch(() => active && setBot(false));
    return () => {
      active = false;
    };
  }, [needed]);
  return bot;
}
