/** Per-attempt timeouts and the caller's AbortSignal, against a real server that answers slowly. */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createClient, type FetchFunction, TimeoutError, UserAbortError } from '../src/index.js';
import { type ScriptedServer, startScriptedServer } from './support/scripted-server.js';
import { fakeToken, flagBody, meBody } from './support/wire-fixtures.js';

let server: ScriptedServer;
const client = (options: Parameters<typeof createClient>[0] = {}) =>
  createClient({ baseUrl: server.baseUrl, token: fakeToken, ...options });

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

describe('timeouts', () => {
  test('an attempt without an answer within the timeout is a TimeoutError', async () => {
    server.plan({ delayMs: 2_000, status: 200, body: meBody });

    const started = performance.now();
    const error = await client({ timeout: 100, maxRetries: 0 })
      .me.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(100);
    expect((error as Error).message).toBe('GET /api/v1/me got no answer within 100 ms.');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  test('a timed-out read is retried with a fresh timeout', async () => {
    server.plan({ delayMs: 2_000, status: 200, body: meBody }, { status: 200, body: meBody });

    await expect(client({ timeout: 100 }).me.retrieve()).resolves.toEqual(meBody);
    expect(server.requests).toEqual(['GET /api/v1/me', 'GET /api/v1/me']);
  });

  test('a timed-out creation is not retried: it may have been applied', async () => {
    server.plan({ delayMs: 2_000, status: 201, body: flagBody }, { status: 201, body: flagBody });

    await expect(
      client({ timeout: 100 }).flags.create('acme', 'web', { key: 'new-checkout', type: 'Boolean' }),
    ).rejects.toBeInstanceOf(TimeoutError);
    expect(server.requests).toEqual(['POST /api/v1/orgs/acme/projects/web/flags']);
  });

  test('the timeout of one call overrides the client', async () => {
    server.plan({ delayMs: 300, status: 200, body: meBody });

    await expect(client({ timeout: 50 }).me.retrieve({ timeout: 2_000 })).resolves.toEqual(meBody);
  });
});

describe('abort signals', () => {
  test('an aborted signal fails the call before anything is sent', async () => {
    const fetch = vi.fn<FetchFunction>();
    const controller = new AbortController();
    controller.abort(new Error('shutting down'));

    const error = await client({ fetch })
      .me.retrieve({ signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserAbortError);
    expect((error as UserAbortError).cause).toEqual(new Error('shutting down'));
    expect(fetch).not.toHaveBeenCalled();
  });

  test('an abort during the request ends it at once, and it is not retried', async () => {
    server.plan({ delayMs: 2_000, status: 200, body: meBody }, { status: 200, body: meBody });

    const started = performance.now();
    const error = await client()
      .me.retrieve({ signal: AbortSignal.timeout(100) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserAbortError);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });

  test('an abort while a token function is still answering sends nothing', async () => {
    const fetch = vi.fn<FetchFunction>();
    const controller = new AbortController();
    const token = async () => {
      controller.abort(new Error('shutting down'));
      return fakeToken;
    };

    const error = await client({ fetch, token })
      .me.retrieve({ signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserAbortError);
    expect(fetch).not.toHaveBeenCalled();
  });

  test('an abort while waiting to retry ends the wait', async () => {
    server.plan({ status: 503, headers: { 'retry-after': '30' } });

    const started = performance.now();
    await expect(client().me.retrieve({ signal: AbortSignal.timeout(100) })).rejects.toBeInstanceOf(
      UserAbortError,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
