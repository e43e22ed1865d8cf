/**
 * How a route reads: `reader` on the store, then `use` on what it returned (awaited when it is a promise:
 * events kept on disk). While the store reads at once (nothing waits to be made durable), all of it runs
 * in this tick without a promise, so a hot read (a polling client's 304) is answered in the tick its
 * request arrived in; otherwise once `read` resolves. A throw in this tick is the route handler's, which
 * Fastify answers as it would a rejection.
 */
import type { Store, StoreView } from '../store/store.js';

export function readThen<T>(
  store: Store,
  reader: (view: StoreView) => T,
  use: (value: Awaited<T>) => void,
): void | Promise<void> {
  if (!store.readsAtOnce()) return (store.read(reader) as Promise<Awaited<T>>).then(use);
  const value = store.peek(reader);
  return value instanceof Promise ? value.then(use) : use(value as Awaited<T>);
}
