// Housekeeping requests must end: an unanswered one would hold its caller's state for the tab's life.

/** @internal Exported: tests step their fake clocks by it. */
export const housekeepingTimeoutMs = 10_000;

export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
}

/** Rejects at `ms` even if the request ignores its signal. */
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
