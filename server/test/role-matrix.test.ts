/**
 * §4, generated from the endpoint table: for every operation, each role below its minimum gets 403 and
 * its minimum role gets through authorization. A new operation is covered without touching this file.
 */
import { type Endpoint, endpoints, type OperationId, type Role, roleRank } from '@flagplane/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type Caller, seedWebProject, startTestServer, type TestServer } from './fixtures.js';

const callerByRole: Record<Role, Caller> = {
  Viewer: 'viewer',
  Member: 'member',
  Admin: 'admin',
  Owner: 'owner',
};
const roles = Object.keys(roleRank) as Role[];

/** A world in which every path parameter names something real. */
async function world(): Promise<{ server: TestServer; params: Record<string, string> }> {
  const server = await startTestServer();
  await seedWebProject(server);
  const base = '/api/v1/orgs/acme/projects/web';
  const flag = (await server.call('owner', 'GET', `${base}/flags/banner-text`)).json();
  await server.call('owner', 'POST', `${base}/segments`, { key: 'beta' });
  const rule = (
    await server.call('owner', 'POST', `${base}/flags/banner-text/environments/production/rules`, {
      variationId: flag.variations[0].id,
    })
  ).json();
  const sdkKey = (
    await server.call('owner', 'POST', `${base}/environments/production/sdk-keys`, { type: 'ServerSide' })
  ).json();
  const params = {
    org: 'acme',
    project: 'web',
    env: 'production',
    flag: 'banner-text',
    variation: 'welcome',
    segment: 'beta',
    sdkKey: sdkKey.id,
    ruleId: rule.id,
  };
  return { server, params };
}

const concretePath = (endpoint: Endpoint, params: Record<string, string>) =>
  endpoint.path.replace(/\{([^}]+)\}/g, (_match, name: string) => params[name] ?? name);

let server: TestServer | undefined;
afterEach(() => server?.close());

const guarded = (Object.entries(endpoints) as [OperationId, Endpoint][]).filter(
  ([, endpoint]) => endpoint.minimumRole,
);

describe.each(guarded)('%s', (_operationId, endpoint) => {
  const minimum = endpoint.minimumRole as Role;
  const below = roles.filter((role) => roleRank[role] < roleRank[minimum]);

  it.each(below)(`refuses %s with 403 (minimum ${minimum})`, async (role) => {
    const created = await world();
    server = created.server;
    const response = await server.call(
      callerByRole[role],
      endpoint.method,
      concretePath(endpoint, created.params),
      endpoint.body ? {} : undefined,
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error).toBe('forbidden');
  });

  it(`lets ${minimum} through authorization`, async () => {
    const created = await world();
    server = created.server;
    const response = await server.call(
      callerByRole[minimum],
      endpoint.method,
      concretePath(endpoint, created.params),
      endpoint.body ? {} : undefined,
    );
    expect([401, 403, 404], response.body).not.toContain(response.statusCode);
  });
});
