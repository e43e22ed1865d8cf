/**
 * A fixed-window rate limiter (§13): windows are aligned to multiples of the window length, so every
 * caller's window ends at the same Unix second and the whole table can be dropped when a window ends.
 */
export interface RateLimitState {
  readonly limit: number;
  readonly remaining: number;
  /** Unix seconds at which the current window ends. */
  readonly resetAt: number;
  /** Whole seconds until the window ends, at least 1. */
  readonly retryAfter: number;
  readonly exceeded: boolean;
}

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

  /** Counts one request of `callerKey` at `now` and tells where the caller stands. */
  hit(callerKey: string, now: number): RateLimitState {
    const windowStart = Math.floor(now / this.windowMs) * this.windowMs;
    if (windowStart !== this.windowStart) {
      this.windowStart = windowStart;
      this.counts.clear();
    }
    const count = (this.counts.get(callerKey) ?? 0) + 1;
    this.counts.set(callerKey, count);
    const windowEnd = windowStart + this.windowMs;
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - count),
      resetAt: Math.ceil(windowEnd / 1000),
      retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
      exceeded: count > this.limit,
    };
  }
}
