/**
 * A registry of places that hold what a visitor is typing (an open estimate dialog, a simple form
 * with input). A reload for a new build waits while any is registered, so a deploy never costs a
 * visitor what they typed. Framework-free so the version poller can read it without React.
 */
const holders = new Set<string>();
const listeners = new Set<() => void>();

/** Marks `key` as holding input (or not). */
export function setPendingInput(key: string, pending: boolean): void {
  const had = holders.has(key);
  if (pending) holders.add(key);
  else holders.delete(key);
  if (had !== pending) listeners.forEach((listener) => listener());
}

/** True while any place holds input. */
export function hasPendingInput(): boolean {
  return holders.size > 0;
}

/** Calls `listener` whenever the answer of hasPendingInput may have changed; returns unsubscribe. */
export function onPendingInputChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
