/**
 * §13 across processes (§22): every process counts a caller's requests in the same row of
 * `flagplane_rate_limits` (caller, window), so spreading requests over processes does not multiply a
 * quota. The requests that arrive while one count is on its way are counted together in the next one:
 * one statement adds each caller's share and returns its new count, from which each request learns its
 * own place in the window.
 */
import {
  type RateLimitCounter,
  type RateLimitState,
  rateLimitState,
  windowStartOf,
} from '../../domain/rate-limit.js';
import { asStoreError, withDeadline } from './connection-failure.js';
import { connectionWaitMs, type Database } from './database.js';

interface PendingHit {
  readonly now: number;
  readonly resolve: (state: RateLimitState) => void;
  readonly reject: (error: unknown) => void;
}

export class SharedRateLimiter implements RateLimitCounter {
  readonly #database: Database;
  readonly #limit: number;
  readonly #windowMs: number;
  /** caller NUL window start → the requests waiting to be counted, in arrival order */
  #pending = new Map<string, PendingHit[]>();
  #flushing: Promise<void> | null = null;
  /** The newest window seen; counts of older windows are deleted once a newer one starts. */
  #latestWindow = Number.NEGATIVE_INFINITY;

  constructor(database: Database, limit: number, windowMs: number) {
    this.#database = database;
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  hit(callerKey: string, now: number): Promise<RateLimitState> {
    return new Promise((resolve, reject) => {
      const slot = `${callerKey}\u0000${windowStartOf(now, this.#windowMs)}`;
      let hits = this.#pending.get(slot);
      if (hits === undefined) {
        hits = [];
        this.#pending.set(slot, hits);
      }
      hits.push({ now, resolve, reject });
      this.#flushing ??= this.#flushLoop();
    });
  }

  /** Deletes every count (the mock's reset; nobody runs the mock on PostgreSQL, but it must hold). */
  reset(): void {
    this.#database.query('DELETE FROM flagplane_rate_limits').catch(() => {});
  }

  async #flushLoop(): Promise<void> {
    try {
      while (this.#pending.size > 0) {
        const batch = this.#pending;
        this.#pending = new Map();
        await this.#count(batch);
      }
    } finally {
      this.#flushing = null;
    }
  }

  async #count(batch: Map<string, PendingHit[]>): Promise<void> {
    const callers: string[] = [];
    const windows: string[] = [];
    const counts: number[] = [];
    for (const [slot, hits] of batch) {
      const [caller = '', window = '0'] = slot.split('\u0000');
      callers.push(caller);
      windows.push(window);
      counts.push(hits.length);
    }
    let rows: readonly { caller: string; window_start: string; count: number }[];
    try {
      const counting = this.#database.query<{ caller: string; window_start: string; count: number }>(
        `INSERT INTO flagplane_rate_limits (caller, window_start, count)
        SELECT * FROM unnest($1::text[], $2::bigint[], $3::integer[])
        ON CONFLICT (caller, window_start)
          DO UPDATE SET count = flagplane_rate_limits.count + excluded.count
        RETURNING caller, window_start::text AS window_start, count`,
        [callers, windows, counts],
      );
      rows = await withDeadline(counting, connectionWaitMs, 'counting requests');
    } catch (error) {
      const answer = asStoreError(error, 'counting requests');
      for (const hits of batch.values()) for (const hit of hits) hit.reject(answer);
      return;
    }
    for (const row of rows) {
      const hits = batch.get(`${row.caller}\u0000${row.window_start}`) ?? [];
      const windowStart = Number(row.window_start);
      // This batch's requests are the last `hits.length` of the window's count, in arrival order.
      const first = row.count - hits.length + 1;
      hits.forEach((hit, index) => {
        hit.resolve(rateLimitState(this.#limit, this.#windowMs, windowStart, first + index, hit.now));
      });
      this.#forgetOlderThan(windowStart);
    }
  }

  #forgetOlderThan(windowStart: number): void {
    if (windowStart <= this.#latestWindow) return;
    const first = this.#latestWindow === Number.NEGATIVE_INFINITY;
    this.#latestWindow = windowStart;
    if (first) return;
    // Old windows are never read again; any process may delete them, and a failure only leaves rows.
    this.#database
      .query('DELETE FROM flagplane_rate_limits WHERE window_start < $1', [windowStart])
      .catch(() => {});
  }
}
