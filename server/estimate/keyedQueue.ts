/** Tasks of one key run in turn, other keys' alongside; a failed task does not stop the next. */
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
