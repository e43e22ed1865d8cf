/**
 * §23 through HTTP: OFREP on the reference server. One flag (`POST /ofrep/v1/evaluate/flags/{key}`) and
 * every flag (`POST /ofrep/v1/evaluate/flags`, with its ETag and 304), in OFREP's shapes: reasons as
 * OpenFeature names them, the variation key as the variant, rule and prerequisite metadata, and OFREP's
 * error answers for every error path. The real OFREP clients are driven in test/ofrep-clients.test.ts.
 */
import {
  OfrepBulkEvaluation,
  OfrepErrorBody,
  type OfrepEvaluationFailure,
  OfrepEvaluationSuccess,
} from '@flagplane/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedWebProject, startTestServer, type TestServer, tokens } from './fixtures.js';
import { configureDutchCheckout } from './spec-helpers.js';

const web = '/api/v1/orgs/acme/projects/web';
const one = (key: string) => `/ofrep/v1/evaluate/flags/${encodeURIComponent(key)}`;
const all = '/ofrep/v1/evaluate/flags';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await seedWebProject(server);
});
afterEach(() => server.close());

async function sdkKey(type: 'ServerSide' | 'ClientSide'): Promise<{ id: string; key: string }> {
  const created = await server.call('owner', 'POST', `${web}/environments/production/sdk-keys`, { type });
  expect(created.statusCode).toBe(201);
  return created.json();
}

type Credential = { readonly bearer: string } | { readonly apiKey: string } | null;

function ofrep(credential: Credential, url: string, body: unknown, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      ...(credential && 'bearer' in credential ? { authorization: `Bearer ${credential.bearer}` } : {}),
      ...(credential && 'apiKey' in credential ? { 'x-api-key': credential.apiKey } : {}),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Every error answer on OFREP's paths is OFREP's error body. */
function errorOf(response: { statusCode: number; json(): unknown }) {
  const parsed = OfrepErrorBody.safeParse(response.json());
  expect(parsed.success, JSON.stringify(response.json())).toBe(true);
  return parsed.data as OfrepErrorBody;
}

/**
 * new-checkout: on, targeted, a rule serving `true` to Dutch users (ruleIndex 0); banner-text: on,
 * SingleVariation (STATIC); rollout: a 50/50 percentage rollout; gated: needs new-checkout = true.
 */
async function configure(): Promise<{ ruleId: string }> {
  const { ruleId } = await configureDutchCheckout(server);
  const rollout = await server.call('owner', 'POST', `${web}/flags`, {
    key: 'rollout',
    type: 'Number',
    variations: [
      { key: 'low', value: '1' },
      { key: 'high', value: '10.5' },
    ],
  });
  await server.call('owner', 'PUT', `${web}/flags/rollout/environments/production`, {
    isEnabled: true,
    strategy: 'PercentageRollout',
    percentageRollout: rollout.json().variations.map((variation: { id: string }) => ({
      variationId: variation.id,
      weight: 50,
    })),
  });
  await server.call('owner', 'POST', `${web}/flags`, {
    key: 'gated',
    type: 'Boolean',
    clientSideVisible: true,
  });
  const gated = await server.call('owner', 'PUT', `${web}/flags/gated/environments/production`, {
    isEnabled: true,
    prerequisites: [{ prerequisiteFlagKey: 'new-checkout', expectedVariationKey: 'true' }],
  });
  expect(gated.statusCode, gated.body).toBe(204);
  return { ruleId };
}

describe('POST /ofrep/v1/evaluate/flags/{key} (§23)', () => {
  it('answers each reason as OpenFeature names it, the variation key as the variant, and rule metadata', async () => {
    const { ruleId } = await configure();
    const { key } = await sdkKey('ServerSide');
    const evaluate = async (flag: string, context: Record<string, unknown>) => {
      const response = await ofrep({ bearer: key }, one(flag), { context });
      expect(response.statusCode, response.body).toBe(200);
      return OfrepEvaluationSuccess.parse(response.json());
    };
    expect(await evaluate('new-checkout', { targetingKey: 'u-1', country: 'NL' })).toEqual({
      key: 'new-checkout',
      value: true,
      reason: 'TARGETING_MATCH',
      variant: 'true',
      metadata: { ruleId, ruleIndex: 0 },
    });
    expect(await evaluate('new-checkout', { targetingKey: 'u-1', country: 'DE' })).toEqual({
      key: 'new-checkout',
      value: false,
      reason: 'DEFAULT',
      variant: 'false',
    });
    expect(await evaluate('banner-text', {})).toMatchObject({
      value: 'Hello',
      reason: 'STATIC',
      variant: 'hello',
    });
    expect(await evaluate('rollout', { targetingKey: 'u-1' })).toMatchObject({ reason: 'SPLIT' });
    expect(await evaluate('gated', { targetingKey: 'u-1', country: 'DE' })).toEqual({
      key: 'gated',
      value: false,
      reason: 'PREREQUISITE_FAILED',
      variant: 'false',
      metadata: { prerequisiteKey: 'new-checkout' },
    });
    await server.call('owner', 'POST', `${web}/flags/new-checkout/environments/production/toggle`, {
      enabled: false,
    });
    expect(await evaluate('new-checkout', { targetingKey: 'u-1', country: 'NL' })).toMatchObject({
      value: false,
      reason: 'DISABLED',
    });
  });

  it('takes the key as a bearer token or as X-API-Key, and serves the value typed by the flag', async () => {
    await configure();
    const { key } = await sdkKey('ServerSide');
    const viaHeader = await ofrep({ apiKey: key }, one('rollout'), { context: { targetingKey: 'user-2' } });
    expect(viaHeader.statusCode).toBe(200);
    expect([1, 10.5]).toContain(viaHeader.json().value);
    const viaBearer = await ofrep({ bearer: key }, one('rollout'), { context: { targetingKey: 'user-2' } });
    expect(viaBearer.json()).toEqual(viaHeader.json());
  });

  it('is 404 FLAG_NOT_FOUND for an unknown or archived flag, and for a client-side key, a hidden one', async () => {
    await configure();
    const server_ = await sdkKey('ServerSide');
    const client = await sdkKey('ClientSide');
    const missing = await ofrep({ bearer: server_.key }, one('new-chekout'), { context: {} });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({
      key: 'new-chekout',
      errorCode: 'FLAG_NOT_FOUND',
      errorDetails: 'flag "new-chekout" was not found',
    });
    await server.call('owner', 'POST', `${web}/flags/banner-text/archive`);
    const archived = await ofrep({ bearer: server_.key }, one('banner-text'), { context: {} });
    expect(archived.statusCode).toBe(404);
    expect(errorOf(archived).errorCode).toBe('FLAG_NOT_FOUND');
    // new-checkout is not clientSideVisible: a client-side key cannot tell it from a missing flag.
    const hidden = await ofrep({ bearer: client.key }, one('new-checkout'), {
      context: { targetingKey: 'u' },
    });
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden)).toEqual({
      key: 'new-checkout',
      errorCode: 'FLAG_NOT_FOUND',
      errorDetails: expect.any(String),
    });
    const visible = await ofrep({ bearer: client.key }, one('gated'), { context: { targetingKey: 'u' } });
    expect(visible.statusCode).toBe(200);
    // Its prerequisite is hidden from this key: the reason stays, its name does not.
    expect(visible.json()).toEqual({
      key: 'gated',
      value: false,
      reason: 'PREREQUISITE_FAILED',
      variant: 'false',
    });
  });

  it('is 400 TARGETING_KEY_MISSING for a percentage rollout without targetingKey, naming the flag', async () => {
    await configure();
    const { key } = await sdkKey('ServerSide');
    const answer = await ofrep({ bearer: key }, one('rollout'), { context: { country: 'NL' } });
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer)).toEqual({
      key: 'rollout',
      errorCode: 'TARGETING_KEY_MISSING',
      errorDetails: expect.stringContaining('percentage rollout'),
    });
  });

  it.each([
    ['a nested object', { targetingKey: 'u', address: { city: 'Utrecht' } }, 'address'],
    ['a list of numbers', { targetingKey: 'u', scores: [1, 2] }, 'scores'],
    ['a targetingKey that is not a string', { targetingKey: 42 }, 'targetingKey'],
    ['a 257-character targetingKey', { targetingKey: 'k'.repeat(257) }, 'targetingKey'],
  ])('is 400 INVALID_CONTEXT for %s, naming the attribute', async (_, context, attribute) => {
    await configure();
    const { key } = await sdkKey('ServerSide');
    const answer = await ofrep({ bearer: key }, one('new-checkout'), { context });
    expect(answer.statusCode).toBe(400);
    const error = errorOf(answer);
    expect(error).toMatchObject({ key: 'new-checkout', errorCode: 'INVALID_CONTEXT' });
    expect(error.errorDetails).toContain(`context.${attribute}`);
  });

  it('reads a null attribute as a missing one', async () => {
    await configure();
    const { key } = await sdkKey('ServerSide');
    const answer = await ofrep({ bearer: key }, one('new-checkout'), {
      context: { targetingKey: 'u', country: null },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ value: false, reason: 'DEFAULT' });
  });

  it.each([
    ['a body that is not JSON', '{"context":', {}, 'PARSE_ERROR'],
    ['a body that is not JSON text', '{"context":{}}', { 'content-type': 'text/plain' }, 'PARSE_ERROR'],
    ['a body without a context', { ctx: {} }, {}, 'INVALID_CONTEXT'],
    ['a context that is not an object', { context: 'user-1' }, {}, 'INVALID_CONTEXT'],
  ])('is 400 for %s, in OFREP’s words', async (_, body, headers, errorCode) => {
    await configure();
    const { key } = await sdkKey('ServerSide');
    const answer = await ofrep({ bearer: key }, one('new-checkout'), body, headers);
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer)).toMatchObject({ key: 'new-checkout', errorCode });
  });

  it('is 401 without a key, with a token, and at once for a revoked key; never a 5xx', async () => {
    await configure();
    const { id, key } = await sdkKey('ServerSide');
    for (const credential of [null, { bearer: tokens.owner }, { apiKey: `fp_srv_${'x'.repeat(40)}` }]) {
      const answer = await ofrep(credential, one('new-checkout'), { context: {} });
      expect(answer.statusCode).toBe(401);
      expect(errorOf(answer).errorCode).toBeUndefined();
    }
    expect((await ofrep({ bearer: key }, one('new-checkout'), { context: {} })).statusCode).toBe(200);
    await server.call('owner', 'POST', `${web}/environments/production/sdk-keys/${id}/revoke`);
    const revoked = await ofrep({ bearer: key }, one('new-checkout'), { context: {} });
    expect(revoked.statusCode).toBe(401);
    expect(errorOf(revoked).errorDetails).toMatch(/invalid or revoked/);
  });

  it('answers 429 with Retry-After past the key’s limit, counted per key', async () => {
    await server.close();
    server = await startTestServer({ rateLimit: { max: 12, windowSeconds: 60 } });
    await seedWebProject(server);
    const { key } = await sdkKey('ServerSide');
    const other = await sdkKey('ServerSide');
    const statuses: number[] = [];
    for (let index = 0; index < 13; index++) {
      statuses.push((await ofrep({ bearer: key }, one('new-checkout'), { context: {} })).statusCode);
    }
    expect(statuses.slice(0, 12).every((status) => status === 200)).toBe(true);
    const limited = await ofrep({ bearer: key }, one('new-checkout'), { context: {} });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(errorOf(limited).errorDetails).toMatch(/Rate limit/);
    expect((await ofrep({ bearer: other.key }, one('new-checkout'), { context: {} })).statusCode).toBe(200);
  });
});

describe('POST /ofrep/v1/evaluate/flags (§23)', () => {
  it('evaluates every flag the key sees, failures inline, with the environment and its version', async () => {
    const { ruleId } = await configure();
    const { key } = await sdkKey('ServerSide');
    const answer = await ofrep({ bearer: key }, all, { context: { country: 'NL' } });
    expect(answer.statusCode).toBe(200);
    const body = OfrepBulkEvaluation.parse(answer.json());
    expect(body.flags).toEqual([
      { key: 'banner-text', value: 'Hello', reason: 'STATIC', variant: 'hello' },
      { key: 'gated', value: false, reason: 'STATIC', variant: 'false' },
      {
        key: 'new-checkout',
        value: true,
        reason: 'TARGETING_MATCH',
        variant: 'true',
        metadata: { ruleId, ruleIndex: 0 },
      },
      {
        key: 'rollout',
        errorCode: 'TARGETING_KEY_MISSING',
        errorDetails: expect.stringContaining('percentage rollout'),
      } satisfies Partial<OfrepEvaluationFailure>,
    ]);
    expect(body.metadata).toEqual({
      environment: 'production',
      version: expect.stringMatching(/^[\w-]{32}$/),
    });
    expect(answer.headers.etag).toMatch(/^"[\w-]{32}"$/);
  });

  it('shows a client-side key only clientSideVisible flags', async () => {
    await configure();
    const { key } = await sdkKey('ClientSide');
    const answer = await ofrep({ apiKey: key }, all, { context: { targetingKey: 'u' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().flags.map((flag: { key: string }) => flag.key)).toEqual(['gated']);
  });

  it('answers 304 with no body for its current ETag; the ETag changes with the context and the configuration', async () => {
    await configure();
    const { key } = await sdkKey('ServerSide');
    const context = { targetingKey: 'u-1', country: 'NL' };
    const first = await ofrep({ bearer: key }, all, { context });
    const etag = String(first.headers.etag);
    const again = await ofrep({ bearer: key }, all, { context }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const otherContext = await ofrep(
      { bearer: key },
      all,
      { context: { ...context, country: 'DE' } },
      {
        'if-none-match': etag,
      },
    );
    expect(otherContext.statusCode).toBe(200);
    expect(otherContext.headers.etag).not.toBe(etag);
    await server.call('owner', 'POST', `${web}/flags/banner-text/environments/production/toggle`, {
      enabled: false,
    });
    const changed = await ofrep({ bearer: key }, all, { context }, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().metadata.version).not.toBe(first.json().metadata.version);
  });

  it('is 400 INVALID_CONTEXT without a key in the body, and 401 without a credential', async () => {
    const { key } = await sdkKey('ServerSide');
    const invalid = await ofrep({ bearer: key }, all, { context: { tags: [{}] } });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid)).toMatchObject({ errorCode: 'INVALID_CONTEXT' });
    expect(errorOf(invalid).key).toBeUndefined();
    const anonymous = await ofrep(null, all, { context: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers other methods with 405 and Allow', async () => {
    const { key } = await sdkKey('ServerSide');
    const answer = await server.app.inject({
      method: 'GET',
      url: all,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('POST');
  });
});
