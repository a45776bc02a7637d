/**
 * Housekeeping requests (build meta, latest.json, page payloads, business hours) must end: a
 * request the network never answers would otherwise hold its caller's in-flight state for the
 * tab's life (a poller that never polls again, a navigation that never finishes).
 */

/**
 * How long a housekeeping request may take before it counts as failed.
 * @internal Exported: tests step their fake clocks by it.
 */
export const housekeepingTimeoutMs = 10_000;

/** The rejection of a request that ran out of time. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
}

/**
 * Runs `request` with a signal that aborts after `ms`, and rejects with RequestTimeoutError then
 * even if the request ignores its signal. The timer is cleared on every outcome.
 */
export async function withTimeout<T>(
  request: (signal: AbortSignal) => Promise<T>,
  ms: number = housekeepingTimeoutMs,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new RequestTimeoutError(`request timed out after ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([request(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
