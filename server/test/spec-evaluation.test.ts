/**
 * §21 through HTTP: the playground (`POST …/environments/{env}/evaluate`) and the delivery paths
 * (`GET /api/v1/sdk/flags` with its ETag, `POST /api/v1/sdk/evaluate`), where an SDK key is the
 * credential and nowhere else.
 */
import { EvaluationResults, SdkFlagsDocument } from '@flagplane/contract';
import { bucket, FlagEvaluator } from '@flagplane/evaluation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedWebProject, startTestServer, type TestServer, tokens } from './fixtures.js';
import { configureDutchCheckout } from './spec-helpers.js';

const web = '/api/v1/orgs/acme/projects/web';
const production = `${web}/environments/production`;

let server: TestServer;
let now: Date;
beforeEach(async () => {
  now = new Date('2026-11-24T12:00:00.000Z');
  server = await startTestServer({ clock: () => now });
  await seedWebProject(server);
});
afterEach(() => server.close());

async function sdkKey(
  type: 'ServerSide' | 'ClientSide',
  env = 'production',
): Promise<{ id: string; key: string }> {
  const created = await server.call('owner', 'POST', `${web}/environments/${env}/sdk-keys`, { type });
  expect(created.statusCode).toBe(201);
  const body = created.json();
  return { id: body.id, key: body.key ?? body.plaintext };
}

function withKey(
  key: string,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return server.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${key}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}

const configure = () => configureDutchCheckout(server);

describe('the playground: POST …/environments/{env}/evaluate (§21)', () => {
  it('evaluates every flag in flag-key order with typed values and reasons, for a Viewer', async () => {
    const { ruleId } = await configure();
    const dutch = await server.call('viewer', 'POST', `${production}/evaluate`, {
      context: { key: 'user-1', attributes: { country: 'NL' } },
    });
    expect(dutch.statusCode).toBe(200);
    expect(EvaluationResults.parse(dutch.json()).items).toEqual([
      {
        flagKey: 'banner-text',
        variationKey: expect.any(String),
        value: expect.any(String),
        reason: { kind: 'Static' },
      },
      {
        flagKey: 'new-checkout',
        variationKey: 'true',
        value: true,
        reason: { kind: 'Rule', ruleId, ruleIndex: 0 },
      },
    ]);
    const german = await server.call('viewer', 'POST', `${production}/evaluate`, {
      context: { key: 'user-2', attributes: { country: 'DE' } },
      flags: ['new-checkout'],
    });
    expect(german.json().items).toEqual([
      { flagKey: 'new-checkout', variationKey: 'false', value: false, reason: { kind: 'Default' } },
    ]);
    const development = await server.call('viewer', 'POST', `${web}/environments/development/evaluate`, {
      context: { key: 'user-1', attributes: { country: 'NL' } },
      flags: ['new-checkout'],
    });
    expect(development.json().items[0]).toMatchObject({ value: false, reason: { kind: 'Off' } });
  });

  it('changes nothing and records no event', async () => {
    const before = server.app.store.snapshot();
    const answer = await server.call('viewer', 'POST', `${production}/evaluate`, { context: { key: 'u' } });
    expect(answer.statusCode).toBe(200);
    expect(server.app.store.snapshot()).toEqual(before);
  });

  it('leaves archived flags out, and names a flag that does not exist', async () => {
    await server.call('owner', 'POST', `${web}/flags/banner-text/archive`);
    const all = await server.call('viewer', 'POST', `${production}/evaluate`, { context: { key: 'u' } });
    expect(all.json().items.map((item: { flagKey: string }) => item.flagKey)).toEqual(['new-checkout']);
    const typo = await server.call('viewer', 'POST', `${production}/evaluate`, {
      context: { key: 'u' },
      flags: ['new-checkout', 'new-chekout'],
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({
      error: 'validation_failed',
      fields: { 'flags.1': ['no flag "new-chekout" in project web'] },
    });
  });

  it.each([
    ['a 257-character key', { key: 'k'.repeat(257) }, 'context.key'],
    ['an empty key', { key: '' }, 'context.key'],
    [
      'a non-string array element',
      { key: 'u', attributes: { groups: ['a', 1] } },
      'context.attributes.groups',
    ],
    [
      'a nested object',
      { key: 'u', attributes: { address: { city: 'Utrecht' } } },
      'context.attributes.address',
    ],
    [
      '10,000 attributes',
      { key: 'u', attributes: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`a${i}`, i])) },
      'context.attributes',
    ],
    [
      'a 257-character attribute name',
      { key: 'u', attributes: { ['n'.repeat(257)]: 'x' } },
      'context.attributes',
    ],
    ['an unknown property', { key: 'u', traits: {} }, 'context'],
  ])('refuses a context with %s: 400 validation_failed naming the field', async (_, context, field) => {
    const answer = await server.call('viewer', 'POST', `${production}/evaluate`, { context });
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.error).toBe('validation_failed');
    expect(Object.keys(body.fields).some((name) => name === field || name.startsWith(`${field}.`))).toBe(
      true,
    );
  });

  it('evaluates a context without a key, except a percentage rollout, which says TargetingKeyMissing (§23)', async () => {
    const { ruleId } = await configure();
    const banner = (await server.call('owner', 'GET', `${web}/flags/banner-text`)).json();
    const rollout = await server.call('owner', 'PUT', `${web}/flags/banner-text/environments/production`, {
      strategy: 'PercentageRollout',
      percentageRollout: banner.variations.map((variation: { id: string }, index: number) => ({
        variationId: variation.id,
        weight: index === 0 ? 100 : 0,
      })),
    });
    expect(rollout.statusCode, rollout.body).toBe(204);
    const answer = await server.call('viewer', 'POST', `${production}/evaluate`, {
      context: { attributes: { country: 'NL' } },
    });
    expect(answer.statusCode).toBe(200);
    expect(EvaluationResults.parse(answer.json()).items).toEqual([
      {
        flagKey: 'banner-text',
        variationKey: null,
        value: null,
        reason: {
          kind: 'Error',
          errorCode: 'TargetingKeyMissing',
          errorMessage: expect.stringContaining('percentage rollout'),
        },
      },
      {
        flagKey: 'new-checkout',
        variationKey: 'true',
        value: true,
        reason: { kind: 'Rule', ruleId, ruleIndex: 0 },
      },
    ]);
  });

  it('reads a null attribute as a missing one (§23)', async () => {
    await configure();
    const answer = await server.call('viewer', 'POST', `${production}/evaluate`, {
      context: { key: 'u', attributes: { country: null } },
      flags: ['new-checkout'],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().items[0]).toMatchObject({ value: false, reason: { kind: 'Default' } });
  });

  it('is 404 for another organization, and for a project outside a service token’s scope', async () => {
    expect(
      (await server.call('outsider', 'POST', `${production}/evaluate`, { context: { key: 'u' } })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/v1/sdk/flags (§21)', () => {
  it('delivers the environment as the evaluator reads it, and the same results as the playground', async () => {
    await configure();
    const { key } = await sdkKey('ServerSide');
    const answer = await withKey(key, 'GET', '/api/v1/sdk/flags');
    expect(answer.statusCode).toBe(200);
    const document = SdkFlagsDocument.parse(answer.json());
    expect(document.environment.key).toBe('production');
    expect(document.flags.map((flag) => flag.key)).toEqual(['banner-text', 'new-checkout']);
    const context = { key: 'user-1', attributes: { country: 'NL' } };
    const local = new FlagEvaluator(document).evaluateAll(context);
    const remote = await server.call('viewer', 'POST', `${production}/evaluate`, { context });
    expect(local).toEqual(remote.json().items);
  });

  it('answers 304 with no body for the current ETag, and a new ETag once the environment changes', async () => {
    const { key } = await sdkKey('ServerSide');
    const first = await withKey(key, 'GET', '/api/v1/sdk/flags');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await withKey(key, 'GET', '/api/v1/sdk/flags', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A change in another environment changes the flag records, not this document: still 304.
    await server.call('owner', 'POST', `${web}/flags/new-checkout/environments/development/toggle`, {
      enabled: true,
    });
    const elsewhere = await withKey(key, 'GET', '/api/v1/sdk/flags', { headers: { 'if-none-match': etag } });
    expect(elsewhere.statusCode).toBe(304);
    await server.call('owner', 'POST', `${web}/flags/new-checkout/environments/production/toggle`, {
      enabled: true,
    });
    const changed = await withKey(key, 'GET', '/api/v1/sdk/flags', { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(
      changed.json().flags.find((flag: { key: string }) => flag.key === 'new-checkout').configuration
        .isEnabled,
    ).toBe(true);
  });

  it('refuses a client-side key with 403, and a user token or no credential with 401', async () => {
    const { key } = await sdkKey('ClientSide');
    expect((await withKey(key, 'GET', '/api/v1/sdk/flags')).statusCode).toBe(403);
    expect((await withKey(tokens.owner, 'GET', '/api/v1/sdk/flags')).statusCode).toBe(401);
    expect((await server.call(null, 'GET', '/api/v1/sdk/flags')).statusCode).toBe(401);
    expect((await withKey(`fp_srv_${'x'.repeat(40)}`, 'GET', '/api/v1/sdk/flags')).statusCode).toBe(401);
  });

  it('is 401 at once for a revoked key, and an SDK key is no credential anywhere else', async () => {
    const { id, key } = await sdkKey('ServerSide');
    expect((await withKey(key, 'GET', '/api/v1/orgs/acme')).statusCode).toBe(401);
    expect((await withKey(key, 'GET', '/api/v1/sdk/flags')).statusCode).toBe(200);
    await server.call('owner', 'POST', `${production}/sdk-keys/${id}/revoke`);
    expect((await withKey(key, 'GET', '/api/v1/sdk/flags')).statusCode).toBe(401);
  });

  it('records lastUsedAt at most once a minute, and no event for it', async () => {
    const { id, key } = await sdkKey('ServerSide');
    const lastUsed = async () =>
      (await server.call('owner', 'GET', `${production}/sdk-keys/${id}`)).json().lastUsedAt;
    const events = async () =>
      (await server.call('owner', 'GET', '/api/v1/orgs/acme/events?limit=200')).json().items.length;
    const eventsBefore = await events();
    expect(await lastUsed()).toBeNull();
    await withKey(key, 'GET', '/api/v1/sdk/flags');
    await new Promise((resolve) => setTimeout(resolve, 20)); // written after the answer
    expect(await lastUsed()).toBe('2026-11-24T12:00:00.000Z');
    now = new Date('2026-11-24T12:00:59.000Z');
    await withKey(key, 'GET', '/api/v1/sdk/flags');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await lastUsed()).toBe('2026-11-24T12:00:00.000Z');
    now = new Date('2026-11-24T12:01:00.000Z');
    await withKey(key, 'POST', '/api/v1/sdk/evaluate', { body: { context: { key: 'u' } } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await lastUsed()).toBe('2026-11-24T12:01:00.000Z');
    expect(await events()).toBe(eventsBefore);
  });

  it('answers 405 with Allow for other methods', async () => {
    const { key } = await sdkKey('ServerSide');
    const answer = await withKey(key, 'POST', '/api/v1/sdk/flags', { body: {} });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET');
  });
});

describe('POST /api/v1/sdk/evaluate (§21)', () => {
  it('evaluates for a server-side key, and shows a client-side key only clientSideVisible flags', async () => {
    await configure();
    await server.call('owner', 'PUT', `${web}/flags/banner-text`, { clientSideVisible: true });
    const context = { key: 'user-1', attributes: { country: 'NL' } };
    const server1 = await sdkKey('ServerSide');
    const client1 = await sdkKey('ClientSide');
    const all = await withKey(server1.key, 'POST', '/api/v1/sdk/evaluate', { body: { context } });
    expect(all.json().items.map((item: { flagKey: string }) => item.flagKey)).toEqual([
      'banner-text',
      'new-checkout',
    ]);
    const visible = await withKey(client1.key, 'POST', '/api/v1/sdk/evaluate', { body: { context } });
    expect(visible.statusCode).toBe(200);
    expect(visible.json().items.map((item: { flagKey: string }) => item.flagKey)).toEqual(['banner-text']);
  });

  it('never names a flag a client-side key cannot see, not even as a failed prerequisite', async () => {
    await configure();
    await server.call('owner', 'PUT', `${web}/flags/banner-text`, { clientSideVisible: true });
    await server.call('owner', 'PUT', `${web}/flags/banner-text/environments/production`, {
      prerequisites: [{ prerequisiteFlagKey: 'new-checkout', expectedVariationKey: 'true' }],
    });
    const context = { key: 'user-2', attributes: { country: 'DE' } }; // new-checkout serves false: failed
    const serverSide = await sdkKey('ServerSide');
    const clientSide = await sdkKey('ClientSide');
    const full = await withKey(serverSide.key, 'POST', '/api/v1/sdk/evaluate', { body: { context } });
    expect(full.json().items[0].reason).toEqual({
      kind: 'PrerequisiteFailed',
      prerequisiteKey: 'new-checkout',
    });
    const visible = await withKey(clientSide.key, 'POST', '/api/v1/sdk/evaluate', { body: { context } });
    expect(visible.json().items).toEqual([
      expect.objectContaining({ flagKey: 'banner-text', reason: { kind: 'PrerequisiteFailed' } }),
    ]);
    expect(visible.body).not.toContain('new-checkout');
  });

  it('refuses a bad context with 400 fields, never 5xx', async () => {
    const { key } = await sdkKey('ClientSide');
    for (const body of [
      {},
      { context: { key: 'k'.repeat(257) } },
      { context: { key: 'u', attributes: { a: [1] } } },
      'not json',
    ]) {
      const answer = await withKey(key, 'POST', '/api/v1/sdk/evaluate', { body });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe('validation_failed');
    }
  });

  it('limits requests per key, not per address', async () => {
    await server.close();
    server = await startTestServer({ clock: () => now, rateLimit: { max: 3, windowSeconds: 60 } });
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'web' });
    const first = await sdkKey('ServerSide');
    const second = await sdkKey('ServerSide');
    const statuses = [];
    for (let index = 0; index < 4; index++)
      statuses.push((await withKey(first.key, 'GET', '/api/v1/sdk/flags')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await withKey(second.key, 'GET', '/api/v1/sdk/flags')).statusCode).toBe(200);
  });

  it('serves a 3-way rollout by bucket(flagId, key), like the evaluator everywhere', async () => {
    await server.call('owner', 'POST', `${web}/flags`, {
      key: 'banner-split',
      type: 'String',
      variations: [
        { key: 'a', value: 'A' },
        { key: 'b', value: 'B' },
        { key: 'c', value: 'C' },
      ],
    });
    const flag = (await server.call('owner', 'GET', `${web}/flags/banner-split`)).json();
    const ids = Object.fromEntries(
      flag.variations.map((variation: { key: string; id: string }) => [variation.key, variation.id]),
    );
    await server.call('owner', 'PUT', `${web}/flags/banner-split/environments/production`, {
      isEnabled: true,
      strategy: 'PercentageRollout',
      percentageRollout: [
        { variationId: ids.a, weight: 20 },
        { variationId: ids.b, weight: 30 },
        { variationId: ids.c, weight: 50 },
      ],
    });
    const { key } = await sdkKey('ServerSide');
    for (const user of ['user-1', 'user-2', 'user-3', 'user-4']) {
      const answer = await withKey(key, 'POST', '/api/v1/sdk/evaluate', { body: { context: { key: user } } });
      const result = answer.json().items.find((item: { flagKey: string }) => item.flagKey === 'banner-split');
      const position = bucket(flag.id, user);
      const expected = position < 0.2 ? 'a' : position < 0.5 ? 'b' : 'c';
      expect(result).toMatchObject({ variationKey: expected, reason: { kind: 'Rollout' } });
    }
  });
});
