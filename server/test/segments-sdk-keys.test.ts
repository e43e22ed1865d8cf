import { SdkKeyCreated } from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/access/principal.js';
import { seedWebProject, startTestServer, type TestServer } from './fixtures.js';

let server: TestServer;
const base = '/api/v1/orgs/acme/projects/web';
beforeAll(async () => {
  server = await startTestServer();
  await seedWebProject(server);
});
afterAll(() => server.close());

describe('segments (§11)', () => {
  it('creates, reads, lists, updates and deletes a segment', async () => {
    const created = await server.call('member', 'POST', `${base}/segments`, {
      key: 'beta-testers',
      included: ['user-1', 'user-2', 'user-1'],
      conditionGroups: [
        { conditions: [{ attribute: 'email', operator: 'endswith', values: ['@acme.test'] }] },
      ],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      key: 'beta-testers',
      name: 'beta-testers',
      included: ['user-1', 'user-2'],
      excluded: [],
      conditionGroups: [
        {
          operator: 'And',
          conditions: [{ attribute: 'email', operator: 'EndsWith', values: ['@acme.test'], negate: false }],
        },
      ],
    });
    expect(
      (
        await server.call('member', 'PUT', `${base}/segments/beta-testers`, {
          excluded: ['user-3'],
          description: 'Early',
        })
      ).statusCode,
    ).toBe(204);
    const segment = (await server.call('viewer', 'GET', `${base}/segments/${created.json().id}`)).json();
    expect(segment).toMatchObject({
      included: ['user-1', 'user-2'],
      excluded: ['user-3'],
      description: 'Early',
    });
    const page = (await server.call('viewer', 'GET', `${base}/segments`)).json();
    expect(page.items.map((item: { key: string }) => item.key)).toEqual(['beta-testers']);
    expect(
      (await server.call('member', 'POST', `${base}/segments`, { key: 'beta-testers' })).statusCode,
    ).toBe(409);
    expect((await server.call('member', 'DELETE', `${base}/segments/beta-testers`)).statusCode).toBe(204);
    expect((await server.call('member', 'GET', `${base}/segments/beta-testers`)).statusCode).toBe(404);
  });

  it('refuses to delete a segment a rule references', async () => {
    const segment = (await server.call('member', 'POST', `${base}/segments`, { key: 'vip' })).json();
    const flag = (await server.call('member', 'GET', `${base}/flags/new-checkout`)).json();
    const on = flag.variations.find((variation: { value: string }) => variation.value === 'true');
    const rule = await server.call(
      'member',
      'POST',
      `${base}/flags/new-checkout/environments/production/rules`,
      {
        variationId: on.id,
        userSegmentId: segment.id,
      },
    );
    expect(rule.statusCode).toBe(201);
    const refused = await server.call('member', 'DELETE', `${base}/segments/vip`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('validation_failed');
    expect(refused.json().message).toContain('new-checkout');
  });
});

describe('SDK keys (document and §12)', () => {
  const keys = `${base}/environments/production/sdk-keys`;

  it('shows the plaintext once, stores only its hash, and never shows it again', async () => {
    const response = await server.call('member', 'POST', keys, { type: 'ServerSide' });
    expect(response.statusCode).toBe(201);
    const created = SdkKeyCreated.parse(response.json());
    expect(created.key).toMatch(/^fp_srv_[0-9A-Za-z]{40}$/);
    expect(created).toMatchObject({
      name: 'ServerSide key',
      lastFourCharacters: created.key?.slice(-4),
      warning: expect.any(String),
    });
    const stored = JSON.stringify(server.app.store.snapshot());
    expect(stored).not.toContain(created.key);
    expect(stored).toContain(hashSecret(created.key ?? ''));
    const read = await server.call('member', 'GET', `${keys}/${created.id}`);
    expect(read.body).not.toContain(created.key);
    expect(read.json()).toMatchObject({
      isActive: true,
      revokedAt: null,
      lastUsedAt: null,
      type: 'ServerSide',
    });
    const client = SdkKeyCreated.parse(
      (await server.call('member', 'POST', keys, { type: 'ClientSide', name: 'web' })).json(),
    );
    expect(client.key).toMatch(/^fp_cli_/);
  });

  it.each([['0'], [1], ['serverside'], [null]])('refuses type %j with validation_failed', async (type) => {
    const response = await server.call('member', 'POST', keys, { type });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('type');
  });

  it('suggests the right spelling for a case mismatch', async () => {
    const response = await server.call('member', 'POST', keys, { type: 'serverside' });
    expect(response.json().did_you_mean).toEqual(['ServerSide']);
  });

  it('revokes idempotently, keeps revoked keys in the list, and updates only name and description', async () => {
    const created = (
      await server.call('member', 'POST', keys, { type: 'ServerSide', name: 'to-revoke' })
    ).json();
    expect((await server.call('member', 'POST', `${keys}/${created.id}/revoke`)).statusCode).toBe(204);
    const revoked = (await server.call('member', 'GET', `${keys}/${created.id}`)).json();
    expect(revoked).toMatchObject({ isActive: false, revokedAt: expect.any(String) });
    expect(revoked._actions.revoke.allowed).toBe(false);
    expect((await server.call('member', 'POST', `${keys}/${created.id}/revoke`)).statusCode).toBe(204);
    expect((await server.call('member', 'GET', `${keys}/${created.id}`)).json().revokedAt).toBe(
      revoked.revokedAt,
    );
    expect(
      (await server.call('member', 'PUT', `${keys}/${created.id}`, { name: 'renamed', type: 'ClientSide' }))
        .statusCode,
    ).toBe(204);
    expect((await server.call('member', 'GET', `${keys}/${created.id}`)).json()).toMatchObject({
      name: 'renamed',
      type: 'ServerSide',
    });
    const page = (await server.call('viewer', 'GET', keys)).json();
    expect(page.items.some((item: { id: string }) => item.id === created.id)).toBe(true);
  });

  it('answers 404 for an sdkKey that is not a UUID, or belongs to another environment', async () => {
    expect((await server.call('member', 'GET', `${keys}/not-a-uuid`)).statusCode).toBe(404);
    const other = (
      await server.call('member', 'POST', `${base}/environments/development/sdk-keys`, { type: 'ServerSide' })
    ).json();
    expect((await server.call('member', 'GET', `${keys}/${other.id}`)).statusCode).toBe(404);
  });

  it('refuses SDK keys as API credentials', async () => {
    const created = (await server.call('member', 'POST', keys, { type: 'ServerSide' })).json();
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${created.key}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
