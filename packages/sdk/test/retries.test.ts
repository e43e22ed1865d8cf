/** The retry rules of the transport, with faults from nock (which intercepts Node's fetch). */
import { createServer, type Server } from 'node:net';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  ConnectionError,
  createClient,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
} from '../src/index.js';
import { errorBody, fakeBaseUrl, fakeToken, flagBody, flagPath, meBody } from './support/wire-fixtures.js';

const client = (options: Parameters<typeof createClient>[0] = {}) =>
  createClient({ baseUrl: fakeBaseUrl, token: fakeToken, ...options });

const rateLimited = (retryAfter: string) =>
  [
    429,
    errorBody('rate_limited', 'Too many requests.', { retry_after: Number(retryAfter) }),
    { 'retry-after': retryAfter, 'x-ratelimit-remaining': '0' },
  ] as const;

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('retries', () => {
  test('a 429 waits for Retry-After, then succeeds', async () => {
    const scope = nock(fakeBaseUrl)
      .get('/api/v1/me')
      .reply(...rateLimited('1'))
      .get('/api/v1/me')
      .reply(200, meBody);

    const started = performance.now();
    await expect(client().me.retrieve()).resolves.toEqual(meBody);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(scope.isDone()).toBe(true);
  });

  test('a 503 is retried with backoff, then succeeds', async () => {
    const scope = nock(fakeBaseUrl)
      .get('/api/v1/me')
      .reply(503, errorBody('internal_error', 'Unavailable.'))
      .get('/api/v1/me')
      .reply(200, meBody);

    const started = performance.now();
    await expect(client().me.retrieve()).resolves.toEqual(meBody);
    // 0.5 s minus at most a quarter of jitter.
    expect(performance.now() - started).toBeGreaterThanOrEqual(370);
    expect(scope.isDone()).toBe(true);
  });

  test('a 503 unavailable (§22) waits for Retry-After; one that stays is a ServiceUnavailableError', async () => {
    const unavailable = [
      503,
      errorBody('unavailable', 'The database cannot be reached; retry in a moment.', { retry_after: 1 }),
      { 'retry-after': '1' },
    ] as const;
    const scope = nock(fakeBaseUrl)
      .get('/api/v1/me')
      .reply(...unavailable)
      .get('/api/v1/me')
      .reply(...unavailable);

    const started = performance.now();
    const error = await client({ maxRetries: 1 })
      .me.retrieve()
      .catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, error: 'unavailable', retryAfter: 1 });
    expect(scope.isDone()).toBe(true);
  });

  test('gives up after maxRetries and throws the last error', async () => {
    const scope = nock(fakeBaseUrl)
      .get('/api/v1/me')
      .times(3)
      .reply(502, 'Bad gateway', { 'retry-after': '0' });

    const error = await client({ maxRetries: 2 })
      .me.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(502);
    expect((error as InternalServerError).message).toBe('502 unknown: Bad gateway');
    expect(scope.isDone()).toBe(true);
  });

  test('a creation is not retried after a 500: it may have been applied', async () => {
    const first = nock(fakeBaseUrl).post(flagPath).reply(500, errorBody('internal_error', 'Boom.'));
    const second = nock(fakeBaseUrl).post(flagPath).reply(201, flagBody);

    await expect(
      client().flags.create('acme', 'web', { key: 'new-checkout', type: 'Boolean' }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(first.isDone()).toBe(true);
    expect(second.isDone()).toBe(false);
  });

  test('a creation is retried after a 429: the server refused it before doing anything', async () => {
    const scope = nock(fakeBaseUrl)
      .post(flagPath)
      .reply(...rateLimited('0'))
      .post(flagPath)
      .reply(201, flagBody);

    await expect(
      client().flags.create('acme', 'web', { key: 'new-checkout', type: 'Boolean' }),
    ).resolves.toEqual(flagBody);
    expect(scope.isDone()).toBe(true);
  });

  test('an idempotent POST (archive) is retried after a 503', async () => {
    const path = `${flagPath}/new-checkout/archive`;
    const scope = nock(fakeBaseUrl).post(path).reply(503, '', { 'retry-after': '0' }).post(path).reply(204);

    await expect(client().flags.archive('acme', 'web', 'new-checkout')).resolves.toBeUndefined();
    expect(scope.isDone()).toBe(true);
  });

  test('a Retry-After above maxRetryAfterMs throws at once', async () => {
    const first = nock(fakeBaseUrl)
      .get('/api/v1/me')
      .reply(...rateLimited('120'));
    const second = nock(fakeBaseUrl).get('/api/v1/me').reply(200, meBody);

    const started = performance.now();
    const error = await client({ maxRetryAfterMs: 60_000 })
      .me.retrieve()
      .catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeLessThan(500);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(120);
    expect(first.isDone()).toBe(true);
    expect(second.isDone()).toBe(false);
  });

  test('X-RateLimit-Reset is honoured when no request is left and Retry-After is absent', async () => {
    const reset = Math.floor(Date.now() / 1000) + 1;
    const scope = nock(fakeBaseUrl)
      .get('/api/v1/me')
      .reply(429, errorBody('rate_limited', 'Slow down.'), {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(reset),
      })
      .get('/api/v1/me')
      .reply(200, meBody);

    await expect(client().me.retrieve()).resolves.toEqual(meBody);
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000 - 50);
    expect(scope.isDone()).toBe(true);
  });

  test('statuses that would fail again are not retried', async () => {
    const first = nock(fakeBaseUrl)
      .get(`${flagPath}/x`)
      .reply(404, errorBody('not_found', 'Flag "x" was not found.'));
    const second = nock(fakeBaseUrl).get(`${flagPath}/x`).reply(200, flagBody);

    await expect(client().flags.retrieve('acme', 'web', 'x')).rejects.toBeInstanceOf(NotFoundError);
    expect(first.isDone()).toBe(true);
    expect(second.isDone()).toBe(false);
  });

  test('maxRetries per call overrides the client', async () => {
    const scope = nock(fakeBaseUrl).get('/api/v1/me').reply(503, '', { 'retry-after': '0' });

    await expect(client().me.retrieve({ maxRetries: 0 })).rejects.toBeInstanceOf(InternalServerError);
    expect(scope.isDone()).toBe(true);
  });
});

describe('retries on connection failures', () => {
  let closedPort: number;
  let resettingServer: Server;
  let resettingPort: number;
  const attempts = { reset: 0 };

  beforeAll(async () => {
    nock.enableNetConnect('127.0.0.1');
    closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    resettingServer = createServer((socket) => {
      attempts.reset++;
      // Read the request, then drop the connection without answering: it may have been applied.
      socket.once('data', () => socket.resetAndDestroy());
    });
    resettingPort = await new Promise<number>((resolve) =>
      resettingServer.listen(0, '127.0.0.1', () =>
        resolve((resettingServer.address() as { port: number }).port),
      ),
    );
  });

  afterAll(() => {
    resettingServer.close();
    nock.disableNetConnect();
  });

  test('a refused connection is retried, even for a creation, then thrown as ConnectionError', async () => {
    const warnings: string[] = [];
    const refused = createClient({
      baseUrl: `http://127.0.0.1:${closedPort}`,
      token: fakeToken,
      maxRetries: 1,
      logger: { debug() {}, warn: (message) => warnings.push(message) },
    });

    const error = await refused.flags
      .create('acme', 'web', { key: 'new-checkout', type: 'Boolean' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(
      /could not reach http:\/\/127\.0\.0\.1:\d+: fetch failed: .*ECONNREFUSED/,
    );
    expect(warnings).toHaveLength(1);
  });

  test('a connection reset after sending is retried for a GET but not for a creation', async () => {
    const resetting = createClient({
      baseUrl: `http://127.0.0.1:${resettingPort}`,
      token: fakeToken,
      maxRetries: 1,
    });

    attempts.reset = 0;
    await expect(resetting.me.retrieve()).rejects.toBeInstanceOf(ConnectionError);
    expect(attempts.reset).toBe(2);

    attempts.reset = 0;
    await expect(
      resetting.flags.create('acme', 'web', { key: 'new-checkout', type: 'Boolean' }),
    ).rejects.toBeInstanceOf(ConnectionError);
    expect(attempts.reset).toBe(1);
  });
});
