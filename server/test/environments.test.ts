import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWebProject, startTestServer, type TestServer } from './fixtures.js';

let server: TestServer;
const base = '/api/v1/orgs/acme/projects/web';
beforeAll(async () => {
  server = await startTestServer();
  await seedWebProject(server);
});
afterAll(() => server.close());

describe('environments (document and §7)', () => {
  it('creates with defaults: name from the key, grey, after the highest sortOrder; flags get a disabled configuration', async () => {
    const response = await server.call('member', 'POST', `${base}/environments`, { key: 'staging' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      key: 'staging',
      name: 'staging',
      color: '#6b7280',
      sortOrder: 2,
    });
    const configuration = (
      await server.call('member', 'GET', `${base}/flags/new-checkout/environments/staging`)
    ).json();
    expect(configuration).toMatchObject({
      environmentKey: 'staging',
      isEnabled: false,
      strategy: 'SingleVariation',
      rules: [],
    });
  });

  it('answers 409 for a key taken in the project', async () => {
    const response = await server.call('member', 'POST', `${base}/environments`, { key: 'production' });
    expect(response.statusCode).toBe(409);
    expect(response.json().next_actions).toEqual([
      { method: 'GET', path: `${base}/environments/production` },
    ]);
  });

  it('finds by key or id, and updates name, color and sortOrder', async () => {
    const staging = (await server.call('member', 'GET', `${base}/environments/staging`)).json();
    expect(
      (
        await server.call('member', 'PUT', `${base}/environments/${staging.id}`, {
          name: 'Staging',
          color: '#FFFFFF',
          sortOrder: 9,
        })
      ).statusCode,
    ).toBe(204);
    expect((await server.call('member', 'GET', `${base}/environments/staging`)).json()).toMatchObject({
      name: 'Staging',
      color: '#ffffff',
      sortOrder: 9,
    });
  });

  it('deletes an environment with its configurations and SDK keys', async () => {
    await server.call('member', 'POST', `${base}/environments`, { key: 'temp' });
    const key = (
      await server.call('member', 'POST', `${base}/environments/temp/sdk-keys`, { type: 'ServerSide' })
    ).json();
    expect((await server.call('member', 'DELETE', `${base}/environments/temp`)).statusCode).toBe(204);
    const configurations = (
      await server.call('member', 'GET', `${base}/flags/new-checkout/environments`)
    ).json();
    expect(
      configurations.map((configuration: { environmentKey: string }) => configuration.environmentKey),
    ).not.toContain('temp');
    expect(server.app.store.snapshot().sdkKeys[key.id]).toBeUndefined();
  });

  it('refuses to delete the last environment with validation_failed and next_actions', async () => {
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', {
      key: 'solo',
      environments: [{ key: 'only' }],
    });
    const environment = (
      await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/solo/environments/only')
    ).json();
    expect(environment._actions.delete).toEqual({
      allowed: false,
      reason: 'This is the last environment of the project.',
    });
    const response = await server.call(
      'owner',
      'DELETE',
      '/api/v1/orgs/acme/projects/solo/environments/only',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation_failed',
      next_actions: [{ method: 'POST', path: '/api/v1/orgs/acme/projects/solo/environments' }],
    });
    expect(
      (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/solo/environments/only')).statusCode,
    ).toBe(200);
  });

  it('answers 404 with suggestions for a mistyped environment key', async () => {
    const response = await server.call('member', 'GET', `${base}/environments/prodution`);
    expect(response.statusCode).toBe(404);
    expect(response.json().did_you_mean).toEqual(['production']);
  });
});
