/** Error answers of the real server become the SDK's error classes, with messages that stand alone. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  createClient,
  FlagplaneError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from '../src/index.js';
import { org, type ReferenceServer, startReferenceServer, tokens } from './support/reference-server.js';

let server: ReferenceServer;
const owner = () => createClient({ baseUrl: server.baseUrl, token: tokens.owner });
const caught = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );

beforeAll(async () => {
  server = await startReferenceServer();
  await owner().projects.create(org, { key: 'web' });
  await owner().flags.create(org, 'web', { key: 'new-checkout', type: 'Boolean' });
});
afterAll(() => server.close());

describe('error answers', () => {
  test('a 404 for a misspelt key is a NotFoundError with didYouMean, in one readable line', async () => {
    const error = (await caught(owner().flags.retrieve(org, 'web', 'new-chekout'))) as NotFoundError;

    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(FlagplaneError);
    expect(error.name).toBe('NotFoundError');
    expect(error.status).toBe(404);
    expect(error.error).toBe('not_found');
    expect(error.didYouMean).toEqual(['new-checkout']);
    expect(error.requestId).toMatch(/\S+/);
    expect(error.docsUrl).toMatch(/\/docs\/errors#not_found$/);
    expect(error.body).toMatchObject({ error: 'not_found', did_you_mean: ['new-checkout'] });
    expect(error.message).toBe(
      `404 not_found: Flag "new-chekout" was not found. Did you mean: new-checkout? (request ${error.requestId})`,
    );
  });

  test('a 409 is a ConflictError whose nextActions point at the existing resource', async () => {
    const error = (await caught(
      owner().flags.create(org, 'web', { key: 'new-checkout', type: 'Boolean' }),
    )) as ConflictError;

    expect(error).toBeInstanceOf(ConflictError);
    expect(error.nextActions).toEqual([
      { method: 'GET', path: `/api/v1/orgs/${org}/projects/web/flags/new-checkout` },
    ]);
    expect(error.message).toContain(`Next: GET /api/v1/orgs/${org}/projects/web/flags/new-checkout.`);
  });

  test('a 403 is a ForbiddenError', async () => {
    const viewer = createClient({ baseUrl: server.baseUrl, token: tokens.viewer });
    const error = await caught(viewer.projects.create(org, { key: 'not-allowed' }));

    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as ForbiddenError).error).toBe('forbidden');
  });

  test('a 400 bad_request is a BadRequestError, not a ValidationError', async () => {
    const error = await caught(
      owner().rules.reorder(org, 'web', 'new-checkout', 'production', {
        ruleIds: ['6f1b1f5e-1111-4111-8111-111111111111'],
      }),
    );

    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(ValidationError);
    expect((error as BadRequestError).error).toBe('bad_request');
  });

  test('an invisible organization is a 404, like one that does not exist', async () => {
    await expect(owner().orgs.retrieve('globex')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('rate limits', () => {
  let limited: ReferenceServer;

  beforeAll(async () => {
    limited = await startReferenceServer({ rateLimit: { max: 2, windowSeconds: 60 } });
  });
  afterAll(() => limited.close());

  test('withResponse() reads X-RateLimit-*, and the 429 past the quota is a RateLimitError', async () => {
    const client = createClient({ baseUrl: limited.baseUrl, token: tokens.owner, maxRetries: 0 });

    const first = await client.me.retrieve().withResponse();
    expect(first.status).toBe(200);
    expect(first.data.type).toBe('user');
    expect(first.rateLimit.limit).toBe(2);
    expect(first.rateLimit.remaining).toBe(1);
    expect(first.rateLimit.reset).toBeGreaterThan(Date.now() / 1000);
    expect((await client.orgs.list().withResponse()).rateLimit.remaining).toBe(0);

    const error = (await caught(client.me.retrieve())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBeGreaterThanOrEqual(1);
    expect(error.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  test('a Retry-After beyond maxRetryAfterMs is not waited for', async () => {
    const client = createClient({ baseUrl: limited.baseUrl, token: tokens.owner, maxRetryAfterMs: 100 });

    const started = performance.now();
    await expect(client.me.retrieve()).rejects.toBeInstanceOf(RateLimitError);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
