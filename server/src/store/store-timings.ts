/**
 * Where the stores report how long their commits and disk flushes take (`GET /metrics`,
 * operations/metrics.ts). Process-wide, like the process metrics: one server process has one store.
 * Nothing is reported, and nothing costs more than a clock read per commit, until metrics are on.
 */
export interface StoreTimingSink {
  /** One group commit (a disk write, a database transaction) of `writes` writes took `seconds`. */
  commit(seconds: number, writes: number): void;
  /** One fsync of `file` took `seconds`. */
  flush(file: 'journal' | 'data', seconds: number): void;
}

const nothing: StoreTimingSink = { commit: () => {}, flush: () => {} };
let sink: StoreTimingSink = nothing;

/** Sends the stores' timings to `next` (null: nowhere). */
export function reportStoreTimingsTo(next: StoreTimingSink | null): void {
  sink = next ?? nothing;
}

export function storeTimings(): StoreTimingSink {
  return sink;
}

/** Seconds since `started` (a `performance.now()`). */
export const secondsSince = (started: number): number => (performance.now() - started) / 1000;
