/**
 * The rate limiter of one process (§13): a fixed window in memory. When the window ends the whole table
 * is dropped. Several processes on one database count through the store instead (postgres-rate-limit.ts).
 */
import {
  type RateLimitCounter,
  type RateLimitState,
  rateLimitState,
  windowStartOf,
} from '../domain/rate-limit.js';

export class FixedWindowRateLimiter implements RateLimitCounter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private readonly counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
  ) {}

  reset(): void {
    this.counts.clear();
  }

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
