/** The SDK's retry behaviour against faults injected in the mock (through msw). */
import { createClient, InternalServerError, RateLimitError } from '@flagplane/sdk';
import { describe, expect, it } from 'vitest';
import { setupFlagplaneMock } from '../src/vitest.js';

const flagplane = setupFlagplaneMock({ baseUrl: 'http://sdk-faults.test' });
const client = () => createClient({ baseUrl: flagplane.mock.baseUrl, token: flagplane.mock.tokens.owner });

describe('the SDK against injected faults', () => {
  it('waits out a 429 Retry-After and succeeds', async () => {
    flagplane.mock.fail('getMe', { status: 429, retryAfter: 1, times: 1 });
    const started = performance.now();
    const me = await client().me.retrieve();
    expect(me.type).toBe('user');
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(flagplane.mock.requests.map((request) => request.status)).toEqual([429, 200]);
  });

  it('retries a 503 twice, then succeeds', async () => {
    flagplane.mock.fail('listOrgs', { status: 503, times: 2 });
    const page = await client().orgs.list();
    expect(page.items.map((org) => org.slug)).toEqual(['acme']);
    expect(flagplane.mock.requests.map((request) => request.status)).toEqual([503, 503, 200]);
  });

  it('gives up after maxRetries with a typed error', async () => {
    flagplane.mock.fail('listOrgs', { status: 503 });
    await expect(
      createClient({
        baseUrl: flagplane.mock.baseUrl,
        token: flagplane.mock.tokens.owner,
        maxRetries: 1,
      }).orgs.list(),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(flagplane.mock.requests).toHaveLength(2);
  });

  it('does not retry a creation after a 500', async () => {
    flagplane.mock.fail('createProject', { status: 500, times: 1 });
    await expect(client().projects.create('acme', { key: 'web' })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(flagplane.mock.requests.filter((request) => request.operationId === 'createProject')).toHaveLength(
      1,
    );
  });

  it('throws at once when Retry-After is beyond the cap', async () => {
    flagplane.mock.fail('getMe', { status: 429, retryAfter: 120 });
    const error = await createClient({
      baseUrl: flagplane.mock.baseUrl,
      token: flagplane.mock.tokens.owner,
      maxRetryAfterMs: 5_000,
    })
      .me.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(120);
    expect(flagplane.mock.requests).toHaveLength(1);
  });
});
