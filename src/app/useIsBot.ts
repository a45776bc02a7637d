import { useEffect, useState } from 'react';

/**
 * Whether the visitor is a bot or crawler (isbot), or null while the check loads: isbot's
 * patterns are only needed on error pages, so they stay out of the first-view bundle. If its
 * chunk cannot load (the failure the error page may be about), the visitor counts as a person.
 * With `needed` false (the not-found page, shown to bots too) nothing is loaded.
 */
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
