/**
 * Runs tasks that share a key one after another, in the order they arrive, and tasks of other keys
 * alongside: in-process serialisation for the estimate API (one Idempotency-Key, one content at a
 * time) and the local store's writes (one key for all). A task that fails does not stop the next.
 */
export type KeyedQueue = <T>(key: string, run: () => Promise<T>) => Promise<T>;

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<void>>();
  return async (key, run) => {
    const previous = tails.get(key) ?? Promise.resolve();
    let release = () => {};
    const current = new Promise<void>((resolve) => (release = resolve));
    const chained = previous.then(() => current);
    tails.set(key, chained);
    await previous;
    try {
      return await run();
    } finally {
      release();
      // The last task of a key leaves nothing behind, so the map holds only keys in use.
      if (tails.get(key) === chained) tails.delete(key);
    }
  };
}
