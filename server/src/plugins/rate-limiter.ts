/**
 * The rate limiter of one process (§13): a fixed window in memory. When the window ends the whole table
 * is dropped. Several processes on one database count through the store's request gate instead (§22).
 */
import { type RateLimitState, rateLimitState, windowStartOf } from '../domain/rate-limit.js';

export class FixedWindowRateLimiter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private readonly counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Forgets every count (the mock's reset back to its seed). */
  reset(): void {
    this.counts.clear();
  }

  /** Counts one request of `callerKey` at `now` (ms) and tells where the caller stands. */
  hit(callerKey: string, now: number): RateLimitState {
    const windowStart = windowStartOf(now, this.windowMs);
    if (windowStart !== this.windowStart) {
      this.windowStart = windowStart;
      this.counts.clear();
    }
    const count = (this.counts.get(callerKey) ?? 0) + 1;
    this.counts.set(callerKey, count);
    return rateLimitState(this.limit, this.windowMs, windowStart, count, now);
  }
}
