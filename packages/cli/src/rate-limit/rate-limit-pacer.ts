/**
 * Paces requests by the server's rate-limit headers (§13) so that a run never sends a request the quota
 * has no room for: it counts what it sends against `X-RateLimit-Remaining`, and when nothing is left it
 * waits for `X-RateLimit-Reset` (announcing the wait) instead of collecting 429s. A 429 caused by someone
 * else sharing the quota blocks every request until `Retry-After` has passed.
 */

export interface PacerOptions {
  /** Told before every wait, so the user sees why nothing happens. */
  readonly onWait?: (waitMs: number, reason: string) => void;
  readonly now?: () => number;
}

/** Past the announced reset second, in case the clocks disagree by a few milliseconds. */
const resetMarginMs = 50;

export class RateLimitPacer {
  readonly #onWait: PacerOptions['onWait'];
  readonly #now: () => number;
  /** Requests we may still send in the current window; undefined until a response says. */
  #available: number | undefined;
  /** Unix seconds at which the current window ends (0: unknown). */
  #windowReset = 0;
  #blockedUntil = 0;
  #inFlight = 0;
  /** The server sent no rate-limit headers: nothing to pace by. */
  #unlimited = false;
  #waiters: (() => void)[] = [];

  constructor(options: PacerOptions = {}) {
    this.#onWait = options.onWait;
    this.#now = options.now ?? Date.now;
  }

  /** Resolves when one more request may be sent; the caller must then `observe` or `release` it. */
  async acquire(): Promise<void> {
    for (;;) {
      const now = this.#now();
      if (this.#blockedUntil > now) {
        await this.#sleep(this.#blockedUntil - now, 'the server refused a request for the rate limit (429)');
        continue;
      }
      if (this.#unlimited) break;
      if (this.#windowReset > 0 && now >= this.#windowReset * 1000) {
        // A new window: how much room it has is unknown until its first answer.
        this.#available = undefined;
        this.#windowReset = 0;
      }
      if (this.#available === undefined) {
        // Probe with one request at a time until an answer tells the quota.
        if (this.#inFlight === 0) break;
        await this.#nextObservation();
        continue;
      }
      if (this.#available > 0) {
        this.#available--;
        break;
      }
      const waitMs = Math.max(0, this.#windowReset * 1000 + resetMarginMs - now);
      await this.#sleep(waitMs, 'no requests left in the rate-limit window');
    }
    this.#inFlight++;
  }

  /** Records the answer to an acquired request. */
  observe(headers: Headers, status: number): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    const remaining = integerHeader(headers, 'x-ratelimit-remaining');
    const reset = integerHeader(headers, 'x-ratelimit-reset');
    if (remaining === null || reset === null) {
      if (status !== 429) this.#unlimited = true;
    } else {
      this.#unlimited = false;
      // Requests still in flight may not be counted in this answer yet: assume they are not.
      const room = remaining - this.#inFlight;
      if (reset > this.#windowReset) {
        this.#windowReset = reset;
        this.#available = room;
      } else if (reset === this.#windowReset) {
        this.#available = Math.min(this.#available ?? room, room);
      }
    }
    if (status === 429) {
      const retryAfter = integerHeader(headers, 'retry-after') ?? 1;
      this.#blockedUntil = Math.max(this.#blockedUntil, this.#now() + retryAfter * 1000);
      this.#available = 0;
    }
    this.#wakeWaiters();
  }

  /** Gives back an acquired request that got no answer (connection error). */
  release(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    this.#wakeWaiters();
  }

  #sleep(waitMs: number, reason: string): Promise<void> {
    // Node's timers may fire a millisecond before the wall clock reaches the deadline: the loop then
    // sleeps the rest, which is not a new wait to tell anyone about.
    if (waitMs >= 2) this.#onWait?.(waitMs, reason);
    return new Promise((resolve) => setTimeout(resolve, waitMs));
  }

  #nextObservation(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #wakeWaiters(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

function integerHeader(headers: Headers, name: string): number | null {
  const raw = headers.get(name)?.trim();
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}
