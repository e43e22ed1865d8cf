import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tokens } from './fixtures.js';

let server: TestServer | undefined;
afterEach(() => server?.close());

/** A clock the test moves by hand, starting 10 s into a 60 s window. */
function manualClock(start = Date.UTC(2026, 10, 22, 12, 0, 10)) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms), start };
}

describe('rate limiting (§13)', () => {
  it('counts per token, answers 429 with Retry-After and retry_after past the quota, and resets with the window', async () => {
    const time = manualClock();
    server = await startTestServer({ rateLimit: { max: 3, windowSeconds: 60 }, clock: time.clock });
    const remaining: string[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await server.call('owner', 'GET', '/api/v1/me');
      expect(response.statusCode).toBe(200);
      remaining.push(String(response.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await server.call('owner', 'GET', '/api/v1/me');
    expect(limited.statusCode).toBe(429);
    const windowEnd = Math.ceil((Math.floor(time.start / 60_000) * 60_000 + 60_000) / 1000);
    expect(limited.headers['x-ratelimit-reset']).toBe(String(windowEnd));
    expect(limited.headers['retry-after']).toBe('50');
    expect(limited.json()).toMatchObject({ error: 'rate_limited', retry_after: 50 });

    // Another caller has its own quota.
    expect((await server.call('member', 'GET', '/api/v1/me')).statusCode).toBe(200);

    time.advance(50_000);
    const afterReset = await server.call('owner', 'GET', '/api/v1/me');
    expect(afterReset.statusCode).toBe(200);
    expect(afterReset.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('counts unauthenticated requests per address, so rotating invalid tokens does not escape the limit', async () => {
    server = await startTestServer({ rateLimit: { max: 2, windowSeconds: 60 }, clock: manualClock().clock });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer fp_pat_${String(index).padEnd(40, 'z')}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
    // A valid token is counted on its own, not with the address.
    const valid = await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(valid.statusCode).toBe(200);
  });

  it('counts 404s and leaves documentation routes alone', async () => {
    server = await startTestServer({ rateLimit: { max: 1, windowSeconds: 60 }, clock: manualClock().clock });
    expect((await server.call('owner', 'GET', '/api/v1/orgs/nope')).statusCode).toBe(404);
    expect((await server.call('owner', 'GET', '/api/v1/orgs/nope')).statusCode).toBe(429);
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
