/** Black-box checks of flags against api-completion §8 (and the document's flag rules). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWebProject, startTestServer, type TestServer } from './fixtures.js';

let server: TestServer;
const base = '/api/v1/orgs/acme/projects/web';
beforeAll(async () => {
  server = await startTestServer();
  await seedWebProject(server);
});
afterAll(() => server.close());

type Json = Record<string, any>;
async function createFlag(body: Json, on: TestServer = server, url = `${base}/flags`): Promise<Json> {
  const response = await on.call('member', 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const getFlag = async (key: string, on: TestServer = server, url = base) =>
  (await on.call('member', 'GET', `${url}/flags/${key}`)).json();
const configurations = async (key: string) =>
  (await server.call('member', 'GET', `${base}/flags/${key}/environments`)).json() as Json[];
const listKeys = async (query: string) => {
  const response = await server.call('viewer', 'GET', `${base}/flags?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Json[]).map((flag) => flag.key);
};
async function expectValidation(response: { statusCode: number; json(): any; body: string }, field?: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error).toBe('validation_failed');
  if (field) expect(Object.keys(response.json().fields ?? {}), response.body).toContain(field);
}

describe('flag creation defaults (§8)', () => {
  it('gives a Boolean flag the variations true "On" and false "Off", defaulting to false, not client-side visible', async () => {
    const flag = await createFlag({ key: 'bool-defaults', type: 'Boolean' });
    expect(flag).toMatchObject({ key: 'bool-defaults', type: 'Boolean', isArchived: false, clientSideVisible: false });
    expect(flag.variations).toHaveLength(2);
    const on = flag.variations.find((variation: Json) => variation.value === 'true');
    const off = flag.variations.find((variation: Json) => variation.value === 'false');
    expect(on).toMatchObject({ key: 'true', name: 'On', value: 'true' });
    expect(off).toMatchObject({ key: 'false', name: 'Off', value: 'false' });
    for (const configuration of await configurations('bool-defaults')) {
      expect(configuration).toMatchObject({
        isEnabled: false,
        strategy: 'SingleVariation',
        defaultVariationId: off.id,
        rules: [],
        percentageRollout: null,
      });
      expect(configuration.prerequisites ?? []).toEqual([]);
    }
  });

  it('takes defaultVariationKey as the default, else the first variation of a non-Boolean flag', async () => {
    const chosen = await createFlag({
      key: 'string-default-key',
      type: 'String',
      variations: [{ key: 'a', value: 'A' }, { key: 'b', value: 'B' }],
      defaultVariationKey: 'b',
    });
    const b = chosen.variations.find((variation: Json) => variation.key === 'b');
    for (const configuration of await configurations('string-default-key')) {
      expect(configuration.defaultVariationId).toBe(b.id);
    }
    const first = await createFlag({
      key: 'string-first',
      type: 'String',
      variations: [{ key: 'x', value: 'X' }, { key: 'y', value: 'Y' }],
    });
    const x = first.variations.find((variation: Json) => variation.key === 'x');
    for (const configuration of await configurations('string-first')) {
      expect(configuration.defaultVariationId).toBe(x.id);
    }
    const booleanOn = await createFlag({ key: 'bool-default-on', type: 'Boolean', defaultVariationKey: 'true' });
    const on = booleanOn.variations.find((variation: Json) => variation.value === 'true');
    for (const configuration of await configurations('bool-default-on')) {
      expect(configuration.defaultVariationId).toBe(on.id);
    }
  });

  it('drops duplicate tags, keeping the first order', async () => {
    const flag = await createFlag({ key: 'tagged', type: 'Boolean', tags: ['b', 'a', 'b', 'c', 'a'] });
    expect(flag.tags).toEqual(['b', 'a', 'c']);
  });

  it('refuses a defaultVariationKey that names no variation', async () => {
    const response = await server.call('member', 'POST', `${base}/flags`, {
      key: 'bad-default',
      type: 'String',
      variations: [{ key: 'a', value: 'A' }],
      defaultVariationKey: 'zzz',
    });
    await expectValidation(response, 'defaultVariationKey');
  });
});

describe('flag creation validation (§2, §3, §8)', () => {
  it('accepts a Boolean flag with exactly the values true and false', async () => {
    const flag = await createFlag({
      key: 'bool-explicit',
      type: 'Boolean',
      variations: [{ key: 'yes', value: 'true' }, { key: 'no', value: 'false' }],
    });
    expect(flag.variations.map((variation: Json) => variation.key).sort()).toEqual(['no', 'yes']);
    const no = flag.variations.find((variation: Json) => variation.key === 'no');
    for (const configuration of await configurations('bool-explicit')) {
      expect(configuration.defaultVariationId, 'the false variation, not the first').toBe(no.id);
    }
  });

  it.each([
    ['one variation', [{ key: 'yes', value: 'true' }]],
    ['three variations', [{ key: 'a', value: 'true' }, { key: 'b', value: 'false' }, { key: 'c', value: 'maybe' }]],
    ['other values', [{ key: 'a', value: 'yes' }, { key: 'b', value: 'no' }]],
    ['two trues', [{ key: 'a', value: 'true' }, { key: 'b', value: 'true' }]],
  ])('refuses a Boolean flag with %s', async (_case, variations) => {
    const response = await server.call('member', 'POST', `${base}/flags`, { key: 'bool-bad', type: 'Boolean', variations });
    await expectValidation(response);
  });

  it.each(['String', 'Number', 'Json'])('refuses a %s flag without variations or with an empty list', async (type) => {
    await expectValidation(await server.call('member', 'POST', `${base}/flags`, { key: 'none', type }), 'variations');
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, { key: 'none', type, variations: [] }),
      'variations',
    );
  });

  it('accepts 100 variations and refuses 101', async () => {
    const variations = (count: number) =>
      Array.from({ length: count }, (_unused, index) => ({ key: `v${index}`, value: `value ${index}` }));
    await createFlag({ key: 'hundred', type: 'String', variations: variations(100) });
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, { key: 'hundred-one', type: 'String', variations: variations(101) }),
      'variations',
    );
  });

  it.each([
    ['Number', 'abc'],
    ['Number', 'NaN'],
    ['Number', 'Infinity'],
    ['Number', '1,5'],
    ['Json', '{"a":'],
    ['Json', "{'a':1}"],
  ])('type-checks a %s value %j at variations.1.value', async (type, bad) => {
    const good = type === 'Number' ? '1' : '{"a":1}';
    const response = await server.call('member', 'POST', `${base}/flags`, {
      key: 'typed',
      type,
      variations: [{ key: 'good', value: good }, { key: 'bad', value: bad }],
    });
    await expectValidation(response, 'variations.1.value');
  });

  it('accepts Number values that are JSON numbers and any Json text', async () => {
    await createFlag({ key: 'numbers', type: 'Number', variations: [{ key: 'a', value: '-1.5e3' }, { key: 'b', value: '0' }] });
    await createFlag({ key: 'jsons', type: 'Json', variations: [{ key: 'a', value: '[1,2]' }, { key: 'b', value: 'null' }] });
  });

  it('refuses duplicate variation keys and duplicate values', async () => {
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, {
        key: 'dup-keys',
        type: 'String',
        variations: [{ key: 'a', value: 'A' }, { key: 'a', value: 'B' }],
      }),
      'variations.1.key',
    );
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, {
        key: 'dup-values',
        type: 'String',
        variations: [{ key: 'a', value: 'A' }, { key: 'b', value: 'A' }],
      }),
      'variations.1.value',
    );
  });

  it('refuses more than 50 tags, a malformed tag, and a key over 128 characters', async () => {
    const tags = Array.from({ length: 51 }, (_unused, index) => `t${index}`);
    await expectValidation(await server.call('member', 'POST', `${base}/flags`, { key: 'many-tags', type: 'Boolean', tags }), 'tags');
    await createFlag({ key: 'fifty-tags', type: 'Boolean', tags: tags.slice(0, 50) });
    const malformed = await server.call('member', 'POST', `${base}/flags`, { key: 'bad-tag', type: 'Boolean', tags: ['ok', ' spaced'] });
    await expectValidation(malformed);
    expect(Object.keys(malformed.json().fields).some((field) => field.startsWith('tags')), malformed.body).toBe(true);
    await expectValidation(await server.call('member', 'POST', `${base}/flags`, { key: 'k'.repeat(129), type: 'Boolean' }), 'key');
    await createFlag({ key: 'k'.repeat(128), type: 'Boolean' });
  });

  it('requires type, and refuses an unknown type and a key in UUID form', async () => {
    await expectValidation(await server.call('member', 'POST', `${base}/flags`, { key: 'no-type' }), 'type');
    await expectValidation(await server.call('member', 'POST', `${base}/flags`, { key: 'x', type: 'Bool' }), 'type');
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, { key: '0b7c3a52-64e4-4c3e-9a59-1c1f2d3e4f50', type: 'Boolean' }),
      'key',
    );
  });

  it('answers 409 conflict with next_actions GET of the existing flag for a taken key', async () => {
    const response = await server.call('member', 'POST', `${base}/flags`, { key: 'new-checkout', type: 'Boolean' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('conflict');
    expect(response.json().next_actions).toEqual([{ method: 'GET', path: `${base}/flags/new-checkout` }]);
  });

  it('treats flag keys case-sensitively', async () => {
    await createFlag({ key: 'New-Checkout', type: 'Boolean' });
    expect((await server.call('member', 'GET', `${base}/flags/NEW-CHECKOUT`)).statusCode).toBe(404);
  });
});

describe('flag lookup (§1, §15)', () => {
  it('finds a flag by key or id', async () => {
    const byKey = await getFlag('banner-text');
    const byId = await getFlag(byKey.id);
    expect(byId.key).toBe('banner-text');
    expect(byId.staleness).toBe('New');
  });

  it('answers 404 for the id of a flag of another project', async () => {
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'elsewhere' });
    const foreign = await createFlag({ key: 'foreign', type: 'Boolean' }, server, '/api/v1/orgs/acme/projects/elsewhere/flags');
    const response = await server.call('member', 'GET', `${base}/flags/${foreign.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });

  it('suggests the close key on a 404 for a mistyped flag key', async () => {
    const response = await server.call('member', 'GET', `${base}/flags/new-chekout`);
    expect(response.statusCode).toBe(404);
    expect(response.json().did_you_mean).toContain('new-checkout');
  });
});

describe('flag list filters (§8, document rule 2)', () => {
  beforeAll(async () => {
    await createFlag({ key: 'flt-alpha', name: 'First', type: 'Boolean', tags: ['ui', 'beta'] });
    await createFlag({ key: 'flt-beta', name: 'The ALPHA one', type: 'String', tags: ['ui'], variations: [{ key: 'a', value: 'A' }] });
    await createFlag({ key: 'flt-gamma', name: 'Third', type: 'Number', tags: ['backend'], variations: [{ key: 'a', value: '1' }] });
    await createFlag({ key: 'flt-delta', name: 'Alpha archived', type: 'Json', tags: ['ui'], variations: [{ key: 'a', value: '{}' }] });
    expect((await server.call('member', 'POST', `${base}/flags/flt-delta/archive`)).statusCode).toBe(204);
  });

  it('searches key or name case-insensitively', async () => {
    expect(await listKeys('search=ALPHA')).toEqual(['flt-alpha', 'flt-beta']);
    expect(await listKeys('search=FLT-G')).toEqual(['flt-gamma']);
  });

  it('filters by an exact tag', async () => {
    expect(await listKeys('search=flt&tag=ui')).toEqual(['flt-alpha', 'flt-beta']);
    expect(await listKeys('search=flt&tag=u')).toEqual([]);
  });

  it('filters by type case-insensitively and ignores an unrecognized type', async () => {
    expect(await listKeys('search=flt&type=string')).toEqual(['flt-beta']);
    expect(await listKeys('search=flt&type=NUMBER')).toEqual(['flt-gamma']);
    expect(await listKeys('search=flt&type=Bool')).toEqual(['flt-alpha', 'flt-beta', 'flt-gamma']);
  });

  it('lists non-archived flags unless archived=true; any other value is treated as omitted', async () => {
    const live = ['flt-alpha', 'flt-beta', 'flt-gamma'];
    expect(await listKeys('search=flt')).toEqual(live);
    expect(await listKeys('search=flt&archived=false')).toEqual(live);
    expect(await listKeys('search=flt&archived=yes')).toEqual(live);
    expect(await listKeys('search=flt&archived=1')).toEqual(live);
    expect(await listKeys('search=flt&archived=true')).toEqual(['flt-delta']);
  });
});

describe('flag update (§3, document rule 4)', () => {
  it('changes only what is given: null keeps, "" clears the description, [] clears tags', async () => {
    await createFlag({ key: 'upd', type: 'Boolean', name: 'Before', description: 'Desc', tags: ['one'] });
    const put = (body: Json) => server.call('member', 'PUT', `${base}/flags/upd`, body);
    expect((await put({ name: 'After' })).statusCode).toBe(204);
    expect(await getFlag('upd')).toMatchObject({ name: 'After', description: 'Desc', tags: ['one'], clientSideVisible: false });
    expect((await put({ name: null, description: null, tags: null, clientSideVisible: null })).statusCode).toBe(204);
    expect(await getFlag('upd')).toMatchObject({ name: 'After', description: 'Desc', tags: ['one'], clientSideVisible: false });
    expect((await put({ clientSideVisible: true, tags: ['x', 'x', 'y'] })).statusCode).toBe(204);
    expect(await getFlag('upd')).toMatchObject({ description: 'Desc', tags: ['x', 'y'], clientSideVisible: true });
    expect((await put({ description: '' })).statusCode).toBe(204);
    expect((await getFlag('upd')).description).toBeNull();
    expect((await put({ tags: [] })).statusCode).toBe(204);
    expect((await getFlag('upd')).tags ?? []).toEqual([]);
  });

  it('never changes key or type', async () => {
    const before = await getFlag('upd');
    const response = await server.call('member', 'PUT', `${base}/flags/upd`, { key: 'renamed', type: 'String' });
    expect([204, 400]).toContain(response.statusCode);
    const after = await getFlag(before.id);
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
    expect((await timed.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'clock' })).statusCode).toBe(201);
    await createFlag({ key: 'aging', type: 'Boolean' }, timed, `${url}/flags`);
    expect((await getFlag('aging', timed, url)).staleness).toBe('New');
    days(8);
    expect((await getFlag('aging', timed, url)).staleness).toBe('Active');
    days(31);
    expect((await getFlag('aging', timed, url)).staleness).toBe('Stale');
    // A configuration change is a recent change: Active again.
    expect((await timed.call('member', 'POST', `${url}/flags/aging/environments/production/toggle`, { enabled: true })).statusCode).toBe(204);
    expect((await getFlag('aging', timed, url)).staleness).toBe('Active');
    days(31);
    // Enabled with SingleVariation still serves one variation to everyone.
    expect((await getFlag('aging', timed, url)).staleness).toBe('Stale');
    const [first, second] = (await getFlag('aging', timed, url)).variations;
    const split = await timed.call('member', 'PUT', `${url}/flags/aging/environments/production`, {
      strategy: 'PercentageRollout',
      percentageRollout: [{ variationId: first.id, weight: 50 }, { variationId: second.id, weight: 50 }],
    });
    expect(split.statusCode, split.body).toBe(204);
    days(31);
    // Enabled with a 50/50 rollout: not one variation to everyone, so Active without recent changes.
    expect((await getFlag('aging', timed, url)).staleness).toBe('Active');
    expect((await timed.call('member', 'POST', `${url}/flags/aging/archive`)).statusCode).toBe(204);
    expect((await getFlag('aging', timed, url)).staleness).toBe('Archived');
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
    await createFlag({ key: 'arc', type: 'Boolean' });
    for (const action of ['archive', 'archive', 'restore', 'restore']) {
      const response = await server.call('member', 'POST', `${flagUrl('arc')}/${action}`);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(204);
      expect(response.body).toBe('');
      expect((await getFlag('arc')).isArchived).toBe(action === 'archive');
    }
  });

  it('refuses to archive a flag a non-archived flag requires, naming the dependant', async () => {
    await createFlag({ key: 'gate', type: 'Boolean' });
    await createFlag({ key: 'gated-child', type: 'Boolean' });
    expect((await prerequisite('gate', 'gated-child')).statusCode).toBe(204);
    const refused = await server.call('member', 'POST', `${flagUrl('gate')}/archive`);
    await expectValidation(refused);
    expect(refused.json().message).toContain('gated-child');
    expect((await getFlag('gate')).isArchived).toBe(false);
    expect((await server.call('member', 'POST', `${flagUrl('gated-child')}/archive`)).statusCode).toBe(204);
    expect((await server.call('member', 'POST', `${flagUrl('gate')}/archive`)).statusCode).toBe(204);
    // Deletion is refused while any other flag (archived or not) has it as a prerequisite.
    await expectValidation(await server.call('member', 'DELETE', flagUrl('gate')));
  });

  it('refuses every change to an archived flag with next_actions pointing at restore', async () => {
    const flag = await createFlag({
      key: 'frozen',
      type: 'String',
      variations: [{ key: 'a', value: 'A' }, { key: 'b', value: 'B' }],
    });
    const rule = (
      await server.call('member', 'POST', `${flagUrl('frozen')}/environments/production/rules`, { variationId: flag.variations[0].id })
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
        { method: 'POST', path: expect.stringMatching(/\/api\/v1\/orgs\/[^/]+\/projects\/[^/]+\/flags\/[^/]+\/restore$/) },
      ]);
    }
    const after = (await server.call('member', 'GET', env)).json();
    expect(after.isEnabled).toBe(false);
    expect(after.rules).toHaveLength(1);
  });

  it('refuses to delete a flag another flag requires, and deletes an archived flag', async () => {
    await createFlag({ key: 'needed', type: 'Boolean' });
    await createFlag({ key: 'needer', type: 'Boolean' });
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
    expect(Object.keys(flag._actions).sort()).toEqual(['archive', 'createVariation', 'delete', 'restore', 'update']);
    for (const action of ['update', 'archive', 'delete', 'createVariation']) {
      expect(flag._actions[action], action).toEqual({ allowed: false, reason: 'Requires role Member; you have Viewer.' });
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
    await createFlag({ key: 'acts', type: 'Boolean' });
    await server.call('member', 'POST', `${base}/flags/acts/archive`);
    const archived = (await server.call('member', 'GET', `${base}/flags/acts`)).json();
    expect(archived._actions.update).toEqual({ allowed: false, reason: 'The flag is archived.' });
    expect(archived._actions.restore).toEqual({ allowed: true, reason: null });
    expect(archived._actions.delete).toEqual({ allowed: true, reason: null });
  });
});
