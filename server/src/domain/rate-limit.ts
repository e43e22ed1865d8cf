/**
 * §13 as numbers: fixed windows aligned to multiples of the window length (so every caller's window ends
 * at the same Unix second), and where a caller stands after its n-th request of a window. The in-memory
 * limiter (one process) and the PostgreSQL store's request gate (counted across processes, §22) both
 * answer with this.
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

export function windowStartOf(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** Where a caller stands after its `count`-th request of the window starting at `windowStart`. */
export function rateLimitState(
  limit: number,
  windowMs: number,
  windowStart: number,
  count: number,
  now: number,
): RateLimitState {
  const windowEnd = windowStart + windowMs;
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: Math.ceil(windowEnd / 1000),
    retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
    exceeded: count > limit,
  };
}
