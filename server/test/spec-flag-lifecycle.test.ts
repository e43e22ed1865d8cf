/** Black-box checks of flags against docs/api/decisions.md §8: update, staleness, archive/restore/delete, _actions. */
import { describe, expect, it } from 'vitest';
import { startTestServer } from './fixtures.js';
import { createFlag, expectValidation, getFlag, type Json, useWebProject } from './spec-helpers.js';

const server = useWebProject();
const base = '/api/v1/orgs/acme/projects/web';

describe('flag update (§3, document rule 4)', () => {
  it('changes only what is given: null keeps, "" clears the description, [] clears tags', async () => {
    await createFlag(server, {
      key: 'upd',
      type: 'Boolean',
      name: 'Before',
      description: 'Desc',
      tags: ['one'],
    });
    const put = (body: Json) => server.call('member', 'PUT', `${base}/flags/upd`, body);
    expect((await put({ name: 'After' })).statusCode).toBe(204);
    expect(await getFlag(server, 'upd')).toMatchObject({
      name: 'After',
      description: 'Desc',
      tags: ['one'],
      clientSideVisible: false,
    });
    expect(
      (await put({ name: null, description: null, tags: null, clientSideVisible: null })).statusCode,
    ).toBe(204);
    expect(await getFlag(server, 'upd')).toMatchObject({
      name: 'After',
      description: 'Desc',
      tags: ['one'],
      clientSideVisible: false,
    });
    expect((await put({ clientSideVisible: true, tags: ['x', 'x', 'y'] })).statusCode).toBe(204);
    expect(await getFlag(server, 'upd')).toMatchObject({
      description: 'Desc',
      tags: ['x', 'y'],
      clientSideVisible: true,
    });
    expect((await put({ description: '' })).statusCode).toBe(204);
    expect((await getFlag(server, 'upd')).description).toBeNull();
    expect((await put({ tags: [] })).statusCode).toBe(204);
    expect((await getFlag(server, 'upd')).tags ?? []).toEqual([]);
  });

  it('never changes key or type', async () => {
    const before = await getFlag(server, 'upd');
    const response = await server.call('member', 'PUT', `${base}/flags/upd`, {
      key: 'renamed',
      type: 'String',
    });
    expect([204, 400]).toContain(response.statusCode);
    const after = await getFlag(server, before.id);
    expect(after).toMatchObject({ key: 'upd', type: 'Boolean' });
    expect((await server.call('member', 'GET', `${base}/flags/renamed`)).statusCode).toBe(404);
  });
});

describe('staleness (§8)', () => {
  it('moves New → Active → Stale → Active → Archived with the clock', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const days = (count: number) => {
      now = new Date(now.getTime() + count * 86_400_000);
    };
    const timed = await startTestServer({ clock: () => now });
    const url = '/api/v1/orgs/acme/projects/clock';
    expect(
      (await timed.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'clock' })).statusCode,
    ).toBe(201);
    await createFlag(timed, { key: 'aging', type: 'Boolean' }, `${url}/flags`);
    expect((await getFlag(timed, 'aging', url)).staleness).toBe('New');
    days(8);
    expect((await getFlag(timed, 'aging', url)).staleness).toBe('Active');
    days(31);
    expect((await getFlag(timed, 'aging', url)).staleness).toBe('Stale');
    // A configuration change is a recent change: Active again.
    expect(
      (
        await timed.call('member', 'POST', `${url}/flags/aging/environments/production/toggle`, {
          enabled: true,
        })
      ).statusCode,
    ).toBe(204);
    expect((await getFlag(timed, 'aging', url)).staleness).toBe('Active');
    days(31);
    // Enabled with SingleVariation still serves one variation to everyone.
    expect((await getFlag(timed, 'aging', url)).staleness).toBe('Stale');
    const [first, second] = (await getFlag(timed, 'aging', url)).variations;
    // Adding a rule changes a configuration: Active again.
    const rule = await timed.call('member', 'POST', `${url}/flags/aging/environments/development/rules`, {
      variationId: first.id,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect((await getFlag(timed, 'aging', url)).staleness).toBe('Active');
    const split = await timed.call('member', 'PUT', `${url}/flags/aging/environments/production`, {
      strategy: 'PercentageRollout',
      percentageRollout: [
        { variationId: first.id, weight: 50 },
        { variationId: second.id, weight: 50 },
      ],
    });
    expect(split.statusCode, split.body).toBe(204);
    days(31);
    // Enabled with a 50/50 rollout: not one variation to everyone, so Active without recent changes.
    expect((await getFlag(timed, 'aging', url)).staleness).toBe('Active');
    expect((await timed.call('member', 'POST', `${url}/flags/aging/archive`)).statusCode).toBe(204);
    expect((await getFlag(timed, 'aging', url)).staleness).toBe('Archived');
    await timed.close();
  });
});

describe('archive, restore and delete (§8)', () => {
  const flagUrl = (key: string) => `${base}/flags/${key}`;
  const prerequisite = (flagKey: string, on: string, expected = 'true') =>
    server.call('member', 'PUT', `${flagUrl(on)}/environments/production`, {
      prerequisites: [{ prerequisiteFlagKey: flagKey, expectedVariationKey: expected }],
    });

  it('archives and restores idempotently with 204', async () => {
    await createFlag(server, { key: 'arc', type: 'Boolean' });
    for (const action of ['archive', 'archive', 'restore', 'restore']) {
      const response = await server.call('member', 'POST', `${flagUrl('arc')}/${action}`);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(204);
      expect(response.body).toBe('');
      expect((await getFlag(server, 'arc')).isArchived).toBe(action === 'archive');
    }
  });

  it('refuses to archive a flag a non-archived flag requires, naming the dependant', async () => {
    await createFlag(server, { key: 'gate', type: 'Boolean' });
    await createFlag(server, { key: 'gated-child', type: 'Boolean' });
    expect((await prerequisite('gate', 'gated-child')).statusCode).toBe(204);
    const actions = (await getFlag(server, 'gate'))._actions;
    expect(actions.archive.allowed, 'the archive would be refused').toBe(false);
    expect(actions.delete.allowed, 'the delete would be refused').toBe(false);
    const refused = await server.call('member', 'POST', `${flagUrl('gate')}/archive`);
    await expectValidation(refused);
    expect(refused.json().message).toContain('gated-child');
    expect((await getFlag(server, 'gate')).isArchived).toBe(false);
    expect((await server.call('member', 'POST', `${flagUrl('gated-child')}/archive`)).statusCode).toBe(204);
    expect((await server.call('member', 'POST', `${flagUrl('gate')}/archive`)).statusCode).toBe(204);
    // Deletion is refused while any other flag (archived or not) has it as a prerequisite.
    await expectValidation(await server.call('member', 'DELETE', flagUrl('gate')));
  });

  it('refuses every change to an archived flag with next_actions pointing at restore', async () => {
    const flag = await createFlag(server, {
      key: 'frozen',
      type: 'String',
      variations: [
        { key: 'a', value: 'A' },
        { key: 'b', value: 'B' },
      ],
    });
    const rule = (
      await server.call('member', 'POST', `${flagUrl('frozen')}/environments/production/rules`, {
        variationId: flag.variations[0].id,
      })
    ).json();
    expect((await server.call('member', 'POST', `${flagUrl('frozen')}/archive`)).statusCode).toBe(204);
    const env = `${flagUrl('frozen')}/environments/production`;
    const attempts: [string, string, Json | undefined][] = [
      ['PUT', flagUrl('frozen'), { name: 'Nope' }],
      ['POST', `${env}/toggle`, { enabled: true }],
      ['PUT', env, { isEnabled: true }],
      ['POST', `${env}/rules`, { variationId: flag.variations[1].id }],
      ['PUT', `${env}/rules/${rule.id}`, { variationId: flag.variations[1].id }],
      ['DELETE', `${env}/rules/${rule.id}`, undefined],
      ['PUT', `${env}/rules/reorder`, { ruleIds: [rule.id] }],
      ['POST', `${flagUrl('frozen')}/variations`, { key: 'c', value: 'C' }],
      ['PUT', `${flagUrl('frozen')}/variations/b`, { name: 'Bee' }],
      ['DELETE', `${flagUrl('frozen')}/variations/b`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const response = await server.call('member', method as 'PUT', url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json().error, `${method} ${url}`).toBe('validation_failed');
      expect(response.json().next_actions, `${method} ${url}`).toEqual([
        {
          method: 'POST',
          path: expect.stringMatching(/\/api\/v1\/orgs\/[^/]+\/projects\/[^/]+\/flags\/[^/]+\/restore$/),
        },
      ]);
    }
    const after = (await server.call('member', 'GET', env)).json();
    expect(after.isEnabled).toBe(false);
    expect(after.rules).toHaveLength(1);
  });

  it('refuses to delete a flag another flag requires, and deletes an archived flag', async () => {
    await createFlag(server, { key: 'needed', type: 'Boolean' });
    await createFlag(server, { key: 'needer', type: 'Boolean' });
    expect((await prerequisite('needed', 'needer', 'false')).statusCode).toBe(204);
    await expectValidation(await server.call('member', 'DELETE', flagUrl('needed')));
    expect((await server.call('member', 'GET', flagUrl('needed'))).statusCode).toBe(200);
    expect((await server.call('member', 'POST', `${flagUrl('needer')}/archive`)).statusCode).toBe(204);
    const deleted = await server.call('member', 'DELETE', flagUrl('needer'));
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await server.call('member', 'GET', flagUrl('needer'))).statusCode).toBe(404);
  });
});

describe('flag detail _actions (§14)', () => {
  it('has exactly update, archive, restore, delete, createVariation; a viewer is told why not', async () => {
    const flag = (await server.call('viewer', 'GET', `${base}/flags/banner-text`)).json();
    expect(Object.keys(flag._actions).sort()).toEqual([
      'archive',
      'createVariation',
      'delete',
      'restore',
      'update',
    ]);
    for (const action of ['update', 'archive', 'delete', 'createVariation']) {
      expect(flag._actions[action], action).toEqual({
        allowed: false,
        reason: 'Requires role Member; you have Viewer.',
      });
    }
    expect(flag._actions.restore.allowed).toBe(false);
    expect(typeof flag._actions.restore.reason).toBe('string');
  });

  it('tells a member what the flag state allows', async () => {
    const live = (await server.call('member', 'GET', `${base}/flags/banner-text`)).json();
    for (const action of ['update', 'archive', 'delete', 'createVariation']) {
      expect(live._actions[action], action).toEqual({ allowed: true, reason: null });
    }
    const boolean = (await server.call('member', 'GET', `${base}/flags/new-checkout`)).json();
    expect(boolean._actions.createVariation.allowed).toBe(false);
    await createFlag(server, { key: 'acts', type: 'Boolean' });
    await server.call('member', 'POST', `${base}/flags/acts/archive`);
    const archived = (await server.call('member', 'GET', `${base}/flags/acts`)).json();
    expect(archived._actions.update).toEqual({ allowed: false, reason: 'The flag is archived.' });
    expect(archived._actions.restore).toEqual({ allowed: true, reason: null });
    expect(archived._actions.delete).toEqual({ allowed: true, reason: null });
  });
});
