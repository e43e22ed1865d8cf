import { describe, expect, it } from 'vitest';
import { RateLimitPacer } from './rate-limit-pacer.js';

const headers = (remaining: number, reset: number, extra: Record<string, string> = {}) =>
  new Headers({
    'x-ratelimit-limit': '20',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(reset),
    ...extra,
  });

describe('RateLimitPacer', () => {
  it('sends one probe first, then as many requests as the window has room for', async () => {
    const pacer = new RateLimitPacer({ now: () => 1_000_000 });
    await pacer.acquire();
    let second = false;
    void pacer.acquire().then(() => (second = true));
    await Promise.resolve();
    expect(second).toBe(false);
    pacer.observe(headers(3, 2000), 200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(second).toBe(true);
    await pacer.acquire();
    await pacer.acquire();
  });

  it('waits for the window to reset when nothing is left, and says so', async () => {
    let now = 1_000_000;
    const waits: string[] = [];
    const pacer = new RateLimitPacer({
      now: () => now,
      onWait: (ms, reason) => waits.push(`${ms} ${reason}`),
    });
    await pacer.acquire();
    pacer.observe(headers(0, 1001), 200);
    const blocked = pacer.acquire();
    now = 1_001_100;
    await blocked;
    expect(waits).toEqual(['1050 no requests left in the rate-limit window']);
  });

  it('blocks every request for Retry-After after a 429', async () => {
    const started = Date.now();
    const now = () => 5_000 + (Date.now() - started);
    const waits: string[] = [];
    const pacer = new RateLimitPacer({
      now,
      onWait: (ms, reason) => waits.push(`${Math.round(ms / 100) * 100} ${reason}`),
    });
    await pacer.acquire();
    pacer.observe(headers(0, 6, { 'retry-after': '1' }), 429);
    await pacer.acquire();
    expect(waits).toEqual(['1000 the server refused a request for the rate limit (429)']);
    expect(now()).toBeGreaterThanOrEqual(6_000);
  });

  it('does not pace a server that sends no rate-limit headers', async () => {
    const pacer = new RateLimitPacer();
    await pacer.acquire();
    pacer.observe(new Headers(), 200);
    await Promise.all([pacer.acquire(), pacer.acquire(), pacer.acquire()]);
  });
});
