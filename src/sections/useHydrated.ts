import { useSyncExternalStore } from 'react';

function subscribe(): () => void {
  return () => {};
}

/** Lets a section enhance prerendered HTML without a hydration mismatch. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
