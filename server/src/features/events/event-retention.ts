/**
 * §19: events older than the retention (`FLAGPLANE_EVENTS_RETENTION_DAYS`, default 90; 0 keeps them
 * forever) are removed in the background. Removal is not an event. It runs in small batches, each its
 * own write, so it never holds the writer long: a request's write waits for one batch at most.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../../store/store.js';

/** Events removed per write. */
const batchSize = 500;
/** How often the log is checked, once the server runs. */
const checkEveryMilliseconds = 60 * 60 * 1000;
/** The first check, shortly after start (not during it). */
const firstCheckAfterMilliseconds = 60 * 1000;

export interface EventRetention {
  /** Removes every event older than the retention now; resolves with how many. */
  pruneNow(): Promise<number>;
  stop(): void;
}

export function startEventRetention(
  store: Store,
  options: { readonly days: number; readonly clock: () => Date; readonly logger?: FastifyBaseLogger },
): EventRetention {
  let running: Promise<number> | null = null;
  let stopped = false;
  const pruneNow = (): Promise<number> => {
    if (options.days === 0 || stopped) return Promise.resolve(0);
    running ??= prune(store, options.days, options.clock).finally(() => {
      running = null;
    });
    return running;
  };
  const check = () =>
    void pruneNow().then(
      (removed) => {
        if (removed > 0) options.logger?.info({ removed }, 'events: removed those past the retention');
      },
      (error: unknown) => options.logger?.error({ err: error }, 'events: removing old events failed'),
    );
  const first = setTimeout(check, firstCheckAfterMilliseconds);
  const every = setInterval(check, checkEveryMilliseconds);
  // Retention never keeps a process alive (tests, a CLI embedding the server).
  first.unref();
  every.unref();
  return {
    pruneNow,
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
    },
  };
}

async function prune(store: Store, days: number, clock: () => Date): Promise<number> {
  const cutoff = new Date(clock().getTime() - days * 86_400_000).toISOString();
  let removed = 0;
  for (;;) {
    // Found in a read (most events are on disk or in the database, cold-events.ts), removed in a write;
    // one removed meanwhile (another process's retention, a replace) is skipped.
    const expired = await store.read((view) => view.oldestEvents(cutoff, batchSize));
    if (expired.length === 0) return removed;
    removed += await store.write((tx) => tx.removeEvents(expired));
    if (expired.length < batchSize) return removed;
    // Let waiting requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
