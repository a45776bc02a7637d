/**
 * Runs `task` when the browser is idle, or after `timeoutMs` at the latest, so a busy page cannot
 * postpone it forever (Safari has no requestIdleCallback: a short timer stands in). Returns a
 * function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 3_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
