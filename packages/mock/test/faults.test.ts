import { ErrorBody, type OperationId } from '@flagplane/contract';
import { ConnectionError, createClient } from '@flagplane/sdk';
import { describe, expect, it } from 'vitest';
import { setupFlagplaneMock } from '../src/vitest.js';

const flagplane = setupFlagplaneMock({ baseUrl: 'http://faults.test' });
const get = (path: string) =>
  fetch(`${flagplane.mock.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${flagplane.mock.tokens.owner}` },
  });

describe('fault injection', () => {
  it('answers 429 with the API error body, Retry-After and retry_after, then recovers', async () => {
    flagplane.mock.fail('getMe', { status: 429, retryAfter: 2, times: 1 });
    const limited = await get('/api/v1/me');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const body = ErrorBody.parse(await limited.json());
    expect(body).toMatchObject({
      error: 'rate_limited',
      retry_after: 2,
      docs_url: 'http://faults.test/docs/errors#rate_limited',
    });
    expect((await get('/api/v1/me')).status).toBe(200);
  });

  it('answers 503 the given number of times, for a matcher function too', async () => {
    flagplane.mock.fail(({ path }) => path.startsWith('/api/v1/orgs'), { status: 503, times: 2 });
    const statuses = [];
    for (let index = 0; index < 3; index++) statuses.push((await get('/api/v1/orgs')).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('delays answers', async () => {
    flagplane.mock.fail('getMe', { delayMs: 150, times: 1 });
    const started = performance.now();
    expect((await get('/api/v1/me')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('fails at the network level', async () => {
    flagplane.mock.fail('getMe', { networkError: true, times: 1 });
    await expect(get('/api/v1/me')).rejects.toThrow();
    expect((await get('/api/v1/me')).status).toBe(200);
  });

  it('records requests with their operation and status', async () => {
    await get('/api/v1/orgs/acme');
    await get('/api/v1/orgs/nope');
    expect(flagplane.mock.requests).toEqual([
      { method: 'GET', path: '/api/v1/orgs/acme', operationId: 'getOrg', status: 200 },
      { method: 'GET', path: '/api/v1/orgs/nope', operationId: 'getOrg', status: 404 },
    ]);
  });

  it('refuses an operationId the endpoint table does not have, naming the closest', () => {
    expect(() => flagplane.mock.fail('getFlagEnv' as OperationId, { status: 500 })).toThrow(
      'mock.fail: unknown operationId "getFlagEnv"; did you mean "getFlagEnvironment", "getFlag"',
    );
    expect(() => flagplane.mock.fail('nothingLikeIt' as OperationId, { status: 500 })).toThrow(
      /^mock\.fail: unknown operationId "nothingLikeIt" \(the operationIds/,
    );
  });

  it('clears faults on reset', async () => {
    flagplane.mock.fail('getMe', { status: 500 });
    await flagplane.mock.reset();
    expect((await get('/api/v1/me')).status).toBe(200);
  });
});

describe('fault injection on the paths an SDK key calls (§21, §23)', () => {
  /** A project with a server-side key in its production environment, made through the API. */
  async function serverSideKey(): Promise<string> {
    const owner = createClient({ baseUrl: flagplane.mock.baseUrl, token: flagplane.mock.tokens.owner });
    await owner.projects.create('acme', { key: 'shop', name: 'Shop' });
    await owner.flags.create('acme', 'shop', { key: 'dark-mode', type: 'Boolean' });
    const created = await owner.sdkKeys.create('acme', 'shop', 'production', { type: 'ServerSide' });
    return created.key ?? '';
  }

  it('takes their operationIds, answering in the API error body on /api/v1/sdk', async () => {
    const key = await serverSideKey();
    flagplane.mock.fail('getSdkFlags', { status: 503, times: 1 });
    const call = () =>
      fetch(`${flagplane.mock.baseUrl}/api/v1/sdk/flags`, { headers: { authorization: `Bearer ${key}` } });
    const failed = await call();
    expect(failed.status).toBe(503);
    expect(ErrorBody.parse(await failed.json()).error).toBe('unavailable');
    expect(failed.headers.get('x-ratelimit-limit')).toBeTruthy();
    expect((await call()).status).toBe(200);
  });

  it("answers in OFREP's error shape on OFREP's paths", async () => {
    const key = await serverSideKey();
    flagplane.mock.fail('ofrepEvaluateFlag', { status: 404, times: 1 });
    const evaluate = () =>
      fetch(`${flagplane.mock.baseUrl}/ofrep/v1/evaluate/flags/dark-mode`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ context: { targetingKey: 'user-1' } }),
      });
    const missing = await evaluate();
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      key: 'dark-mode',
      errorCode: 'FLAG_NOT_FOUND',
      errorDetails: expect.stringMatching(/Injected fault 404/),
    });
    const served = await evaluate();
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ key: 'dark-mode', value: false, reason: 'DISABLED' });
  });
});

describe('mock.fetch', () => {
  it('answers like the server, without msw, and fails like fetch on a network-error fault', async () => {
    const headers = { authorization: `Bearer ${flagplane.mock.tokens.owner}` };
    const response = await flagplane.mock.fetch(`${flagplane.mock.baseUrl}/api/v1/orgs/acme`, { headers });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { slug: string }).slug).toBe('acme');
    const missing = await flagplane.mock.fetch(`${flagplane.mock.baseUrl}/api/v1/orgs/acm`, { headers });
    expect(await missing.json()).toMatchObject({ error: 'not_found', did_you_mean: ['acme'] });
    flagplane.mock.fail('getMe', { networkError: true, times: 1 });
    await expect(
      flagplane.mock.fetch(`${flagplane.mock.baseUrl}/api/v1/me`, { headers }),
    ).rejects.toBeInstanceOf(TypeError);
  });
});

describe('a network-error fault, as the SDK sees it', () => {
  it('is a ConnectionError through mock.fetch, as through msw', async () => {
    const viaFetch = createClient({
      baseUrl: flagplane.mock.baseUrl,
      token: flagplane.mock.tokens.owner,
      fetch: flagplane.mock.fetch,
      maxRetries: 0,
    });
    const viaMsw = createClient({
      baseUrl: flagplane.mock.baseUrl,
      token: flagplane.mock.tokens.owner,
      maxRetries: 0,
    });
    for (const client of [viaFetch, viaMsw]) {
      flagplane.mock.fail('getMe', { networkError: true, times: 1 });
      await expect(client.me.retrieve()).rejects.toBeInstanceOf(ConnectionError);
      await expect(client.me.retrieve()).resolves.toMatchObject({ type: 'user' });
    }
  });
});
