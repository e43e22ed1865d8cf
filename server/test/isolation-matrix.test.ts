/**
 * Isolation (§1, §4), generated from the endpoint table so a new operation is covered automatically:
 * a caller from another organization, and a service token outside its project scope, using the real
 * ids and keys of the victim's resources, always get a 404 shaped exactly like the 404 of a resource
 * that does not exist (no `did_you_mean` naming invisible keys), or a list without the victim's items.
 * An SDK key (§21, §23) reads its own environment's flags and nothing of another project or organization.
 */
import {
  type Endpoint,
  endpoints,
  type OperationId,
  type SdkKeyOperationId,
  sdkKeyOperationIds,
  type TokenOperationId,
} from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, startTestServer, type TestServer } from './fixtures.js';

let server: TestServer;
/** Path values of the victim's resources, by form. */
const victim: Record<'keys' | 'ids', Record<string, string>> = { keys: {}, ids: {} };

beforeAll(async () => {
  server = await startTestServer();
  const project = (await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'other' })).json();
  const base = '/api/v1/orgs/acme/projects/other';
  const flag = (
    await server.call('owner', 'POST', `${base}/flags`, {
      key: 'secret-flag',
      type: 'String',
      variations: [
        { key: 'a', value: 'A' },
        { key: 'b', value: 'B' },
      ],
    })
  ).json();
  const environment = (await server.call('owner', 'GET', `${base}/environments/production`)).json();
  const segment = (await server.call('owner', 'POST', `${base}/segments`, { key: 'secret-segment' })).json();
  const rule = (
    await server.call('owner', 'POST', `${base}/flags/secret-flag/environments/production/rules`, {
      variationId: flag.variations[0].id,
    })
  ).json();
  const sdkKey = (
    await server.call('owner', 'POST', `${base}/environments/production/sdk-keys`, { type: 'ServerSide' })
  ).json();
  const org = (await server.call('owner', 'GET', '/api/v1/orgs/acme')).json();
  const shared = { sdkKey: sdkKey.id, ruleId: rule.id };
  victim.keys = {
    org: 'acme',
    project: 'other',
    env: 'production',
    flag: 'secret-flag',
    variation: 'a',
    segment: 'secret-segment',
    ...shared,
  };
  victim.ids = {
    org: org.id,
    project: project.id,
    env: environment.id,
    flag: flag.id,
    variation: flag.variations[0].id,
    segment: segment.id,
    ...shared,
  };
});
afterAll(() => server.close());

const concrete = (endpoint: Endpoint, values: Record<string, string>) =>
  endpoint.path.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? name);

const operations = (Object.entries(endpoints) as [OperationId, Endpoint][]).filter(
  (entry): entry is [TokenOperationId, Endpoint] => entry[1].credential === 'token',
);
const withOrg = operations.filter(([, endpoint]) => endpoint.path.includes('{org}'));
const withProject = operations.filter(([, endpoint]) => endpoint.path.includes('{project}'));

async function expectInvisible(caller: Caller, endpoint: Endpoint, values: Record<string, string>) {
  const response = await server.call(
    caller,
    endpoint.method,
    concrete(endpoint, values),
    endpoint.body ? {} : undefined,
  );
  expect(response.statusCode, response.body).toBe(404);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['docs_url', 'error', 'message']);
  expect(body.error).toBe('not_found');
  expect(response.body).not.toContain('secret-');
}

describe.each(['keys', 'ids'] as const)('with the victim’s real %s', (form) => {
  it.each(withOrg)('%s is 404 for a caller from another organization', async (_operationId, endpoint) => {
    await expectInvisible('outsider', endpoint, victim[form]);
  });

  it.each(withProject)(
    '%s is 404 for a service token outside its project scope',
    async (_operationId, endpoint) => {
      await expectInvisible('scopedBot', endpoint, victim[form]);
    },
  );
});

/**
 * A request of each SDK-key operation naming the victim's flag where its path or body can. The change
 * stream (§24) never ends, so it is held on a real port instead: test/spec-change-streams.test.ts shows a
 * stream of another environment never hears of the victim's changes.
 */
type AnsweringSdkKeyOperationId = Exclude<SdkKeyOperationId, 'streamSdkChanges'>;
const answeringSdkKeyOperationIds = sdkKeyOperationIds.filter(
  (operationId): operationId is AnsweringSdkKeyOperationId => operationId !== 'streamSdkChanges',
);
const sdkKeyRequests = {
  getSdkFlags: { params: {}, body: undefined },
  evaluateForSdk: { params: {}, body: { context: { key: 'user-1' } } },
  ofrepEvaluateFlag: { params: { key: 'secret-flag' }, body: { context: { targetingKey: 'user-1' } } },
  ofrepEvaluateFlags: { params: {}, body: { context: { targetingKey: 'user-1' } } },
} satisfies Record<AnsweringSdkKeyOperationId, { params: Record<string, string>; body: unknown }>;

function callWithKey(key: string, operationId: AnsweringSdkKeyOperationId) {
  const endpoint = endpoints[operationId];
  const request = sdkKeyRequests[operationId];
  return server.app.inject({
    method: endpoint.method,
    url: concrete(endpoint, request.params),
    headers: {
      authorization: `Bearer ${key}`,
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body ? { payload: JSON.stringify(request.body) } : {}),
  });
}

describe('an SDK key reads its own environment only', () => {
  /** Server-side keys of production in another organization, and in another project of the same one. */
  const intruders: Record<string, string> = {};
  beforeAll(async () => {
    for (const [name, caller, org] of [
      ['another organization', 'outsider', 'globex'],
      ['another project', 'owner', 'acme'],
    ] as const) {
      const project = `/api/v1/orgs/${org}/projects/neighbour`;
      await server.call(caller, 'POST', `/api/v1/orgs/${org}/projects`, { key: 'neighbour' });
      const created = await server.call(caller, 'POST', `${project}/environments/production/sdk-keys`, {
        type: 'ServerSide',
      });
      intruders[name] = created.json().key;
    }
  });

  it('while a key of the victim’s own environment reads its flag on every one of them', async () => {
    const own = await server.call(
      'owner',
      'POST',
      '/api/v1/orgs/acme/projects/other/environments/production/sdk-keys',
      {
        type: 'ServerSide',
      },
    );
    for (const operationId of answeringSdkKeyOperationIds) {
      const response = await callWithKey(own.json().key, operationId);
      expect(response.statusCode, operationId).toBe(200);
      expect(response.body, operationId).toContain('secret-flag');
    }
  });

  describe.each(['another organization', 'another project'])('a key of %s', (intruder) => {
    it.each(answeringSdkKeyOperationIds)('%s never shows the victim’s flag', async (operationId) => {
      const request = sdkKeyRequests[operationId];
      const response = await callWithKey(intruders[intruder] ?? '', operationId);
      // The one path that names the flag is a 404 exactly like a flag that does not exist anywhere.
      expect(response.statusCode, response.body).toBe('key' in request.params ? 404 : 200);
      if ('key' in request.params) {
        expect(response.json()).toEqual({
          key: 'secret-flag',
          errorCode: 'FLAG_NOT_FOUND',
          errorDetails: 'flag "secret-flag" was not found',
        });
      } else {
        expect(response.body).not.toContain('secret-');
      }
    });
  });
});

describe('lists leave out what the caller may not see', () => {
  it('lists only the caller’s organizations', async () => {
    const page = (await server.call('outsider', 'GET', '/api/v1/orgs')).json();
    expect(page.items.map((org: { slug: string }) => org.slug)).toEqual(['globex']);
  });

  it('lists only the projects in a token’s scope', async () => {
    const page = (await server.call('scopedBot', 'GET', '/api/v1/orgs/acme/projects')).json();
    expect(page.items.map((project: { key: string }) => project.key)).not.toContain('other');
  });

  it('answers a missing resource with the same shape as an invisible one', async () => {
    const missing = await server.call(
      'owner',
      'GET',
      '/api/v1/orgs/acme/projects/other/flags/zzz-nothing-like-it',
    );
    expect(Object.keys(missing.json()).sort()).toEqual(['docs_url', 'error', 'message']);
  });
});
