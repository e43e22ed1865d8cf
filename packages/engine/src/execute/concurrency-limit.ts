/** At most `concurrency` tasks at a time; the others queue in call order. */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

export function concurrencyLimit(concurrency: number): Limit {
  let running = 0;
  const queue: (() => void)[] = [];
  return async (task) => {
    if (running >= concurrency) {
      // The finishing task hands its slot over directly, so nobody can overtake the queue.
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running++;
    }
    try {
      return await task();
    } finally {
      const waiting = queue.shift();
      if (waiting) waiting();
      else running--;
    }
  };
}
