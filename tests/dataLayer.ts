// The tag manager's dataLayer as the unit tests read it: what the page pushed, cleared after each
// test of a file that asks for it.
import { afterEach } from 'vitest';

export type TestWindow = Window & { dataLayer?: Record<string, unknown>[] };

/** Every entry pushed to the dataLayer so far (none when nothing was pushed). */
export function dataLayerEntries(): Record<string, unknown>[] {
  return (window as TestWindow).dataLayer ?? [];
}

/** Clears the dataLayer after each test of the calling file (call it at its top level). */
export function clearDataLayerAfterEach(): void {
  afterEach(() => {
    delete (window as TestWindow).dataLayer;
  });
}
