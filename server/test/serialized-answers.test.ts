/**
 * Flag pages and flags are serialized once and answered from that text until something they show changes
 * (routes/serialized-answers.ts). These check that every input of the answer still reaches it: a write to
 * any flag of the project, the environments (view=full), the caller's role, the query, and time alone
 * (staleness), and that two projects never share an answer.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from './fixtures.js';
import { createFlag, type Json } from './spec-helpers.js';

const orgs = '/api/v1/orgs/acme/projects';

async function startClocked() {
  let now = new Date('2031-03-01T00:00:00.000Z');
  const server = await startTestServer({ clock: () => now });
  const advanceDays = (days: number) => {
    now = new Date(now.getTime() + days * 86_400_000);
  };
  for (const key of ['one', 'two']) {
    const created = await server.call('owner', 'POST', orgs, { key });
    expect(created.statusCode, created.body).toBe(201);
  }
  return { server, advanceDays };
}

async function get(server: Awaited<ReturnType<typeof startTestServer>>, path: string, caller = 'viewer') {
  const response = await server.call(caller as 'viewer', 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Json;
}

describe('answers serialized once per version', () => {
  it('follow writes to the flag, to another flag, and to the environments', async () => {
    const { server } = await startClocked();
    try {
      await createFlag(server, { key: 'a', type: 'Boolean' }, `${orgs}/one/flags`);
      await createFlag(server, { key: 'b', type: 'Boolean' }, `${orgs}/one/flags`);
      expect((await get(server, `${orgs}/one/flags/a`, 'member'))._actions.delete.allowed).toBe(true);
      expect((await get(server, `${orgs}/one/flags`)).items.map((item: Json) => item.name)).toEqual([
        'a',
        'b',
      ]);
      const full = await get(server, `${orgs}/one/flags?view=full`);
      expect(full.items[0].environments.map((environment: Json) => environment.environmentKey)).toEqual([
        'development',
        'production',
      ]);

      // Another flag comes to depend on `a`: `a`'s own answer must change (its delete is refused now).
      const requiring = await server.call('member', 'PUT', `${orgs}/one/flags/b/environments/production`, {
        prerequisites: [{ prerequisiteFlagKey: 'a', expectedVariationKey: 'true' }],
      });
      expect(requiring.statusCode, requiring.body).toBe(204);
      expect((await get(server, `${orgs}/one/flags/a`, 'member'))._actions.delete.allowed).toBe(false);

      const renamed = await server.call('member', 'PUT', `${orgs}/one/flags/b`, { name: 'Bee' });
      expect(renamed.statusCode, renamed.body).toBe(204);
      expect((await get(server, `${orgs}/one/flags`)).items.map((item: Json) => item.name)).toEqual([
        'a',
        'Bee',
      ]);

      const environment = await server.call('member', 'POST', `${orgs}/one/environments`, { key: 'staging' });
      expect(environment.statusCode, environment.body).toBe(201);
      const fuller = await get(server, `${orgs}/one/flags?view=full`);
      expect(fuller.items[0].environments.map((item: Json) => item.environmentKey)).toEqual([
        'development',
        'production',
        'staging',
      ]);
    } finally {
      await server.close();
    }
  });

  it('are per role, per query and per project', async () => {
    const { server } = await startClocked();
    try {
      await createFlag(server, { key: 'shared', type: 'Boolean' }, `${orgs}/one/flags`);
      expect((await get(server, `${orgs}/one/flags`, 'viewer'))._actions.create.allowed).toBe(false);
      expect((await get(server, `${orgs}/one/flags`, 'member'))._actions.create.allowed).toBe(true);
      expect((await get(server, `${orgs}/one/flags/shared`, 'viewer'))._actions.update.allowed).toBe(false);
      expect((await get(server, `${orgs}/one/flags/shared`, 'member'))._actions.update.allowed).toBe(true);
      expect((await get(server, `${orgs}/one/flags?search=nothing`)).items).toEqual([]);
      expect((await get(server, `${orgs}/one/flags?search=shared`)).items).toHaveLength(1);
      // Two projects, both empty and then not: never one's page for the other.
      expect((await get(server, `${orgs}/two/flags`)).items).toEqual([]);
      await createFlag(server, { key: 'other', type: 'Boolean' }, `${orgs}/two/flags`);
      expect((await get(server, `${orgs}/two/flags`)).items.map((item: Json) => item.key)).toEqual(['other']);
      expect((await get(server, `${orgs}/one/flags`)).items.map((item: Json) => item.key)).toEqual([
        'shared',
      ]);
    } finally {
      await server.close();
    }
  });

  it('show staleness as of the request, with no write in between', async () => {
    const { server, advanceDays } = await startClocked();
    try {
      await createFlag(server, { key: 'aging', type: 'Boolean' }, `${orgs}/one/flags`);
      const staleness = async () => (await get(server, `${orgs}/one/flags?view=full`)).items[0].staleness;
      expect(await staleness()).toBe('New');
      advanceDays(6);
      expect(await staleness()).toBe('New');
      advanceDays(2);
      expect(await staleness()).toBe('Active');
      advanceDays(30);
      expect(await staleness()).toBe('Stale');
      expect((await get(server, `${orgs}/one/flags/aging`)).staleness).toBe('Stale');
    } finally {
      await server.close();
    }
  });
});
