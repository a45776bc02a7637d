// Places that hold what a visitor is typing: a reload for a new build waits while any is registered.
const holders = new Set<string>();
const listeners = new Set<() => void>();

export function setPendingInput(key: string, pending: boolean): void {
  const had = holders.has(key);
  if (pending) holders.add(key);
  else holders.delete(key);
  if (had !== pending) listeners.forEach((listener) => listener());
}

export function hasPendingInput(): boolean {
  return holders.size > 0;
}

export function onPendingInputChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
