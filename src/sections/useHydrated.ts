import { useSyncExternalStore } from 'react';

function subscribe(): () => void {
  return () => {};
}

/**
 * False in the server render and in the first client render while hydrating, true after:
 * lets a section enhance prerendered HTML without a hydration mismatch. A fresh client render
 * (no prerendered HTML) is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
