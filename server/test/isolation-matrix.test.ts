/**
 * Isolation (§1, §4), generated from the endpoint table so a new operation is covered automatically:
 * a caller from another organization, and a service token outside its project scope, using the real
 * ids and keys of the victim's resources, always get a 404 shaped exactly like the 404 of a resource
 * that does not exist (no `did_you_mean` naming invisible keys), or a list without the victim's items.
 */
import { type Endpoint, endpoints, type OperationId } from '@flagplane/contract';
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

const operations = Object.entries(endpoints) as [OperationId, Endpoint][];
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
