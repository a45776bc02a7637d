/**
 * What the first view needs to open the estimate: the attributes that mark openers (the
 * first-paint loader reads them too) and the reopen kept while the modal's code loads, so the
 * guarded reload after a failed load opens the modal again. The rest (reading a kept tap, a
 * native GET's values, a reopen) is in earlyOpen.ts, loaded only when there is one.
 */
import type { OpenEstimateOptions } from './types';

declare global {
  interface Window {
    /** Set by the first-paint loader: the last estimate tap before the app ran. */
    __estimateTap?: unknown;
  }
}

/** Attribute naming the entry point of an opener button (read by the first-paint loader). */
export const openerAttribute = 'data-estimate-opener';
/** Attribute naming the entry point of a simple form (read by the first-paint loader). */
export const formAttribute = 'data-estimate-form';

/** @internal Exported: tests seed and read the stored reopen. */
export const reopenStorageKey = 'estimate_reopen';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers an open until its modal code has loaded (see clearReopen). */
export function rememberReopen(options: OpenEstimateOptions, now = Date.now()): void {
  try {
    storage()?.setItem(reopenStorageKey, JSON.stringify({ ...options, at: now }));
  } catch {
    // Without storage a failed load only loses the automatic reopen, not the draft.
  }
}

export function clearReopen(): void {
  try {
    storage()?.removeItem(reopenStorageKey);
  } catch {
    // See rememberReopen.
  }
}

/** The stored reopen, as written by rememberReopen (or null). */
export function readReopen(): string | null {
  try {
    return storage()?.getItem(reopenStorageKey) ?? null;
  } catch {
    return null;
  }
}

/** Whether the app owes the visitor an open at start (see earlyOpen.ts). */
export function hasEarlyOpen(): boolean {
  return window.__estimateTap !== undefined || readReopen() !== null;
}
