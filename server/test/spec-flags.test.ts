/** Black-box checks of flags against docs/api/decisions.md §8: creation, lookup and list filters. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFlag, expectValidation, getFlag, type Json, useWebProject } from './spec-helpers.js';

const server = useWebProject();
const base = '/api/v1/orgs/acme/projects/web';
const configurations = async (key: string) =>
  (await server.call('member', 'GET', `${base}/flags/${key}/environments`)).json() as Json[];
const listKeys = async (query: string) => {
  const response = await server.call('viewer', 'GET', `${base}/flags?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Json[]).map((flag) => flag.key);
};

describe('flag creation defaults (§8)', () => {
  it('gives a Boolean flag the variations true "On" and false "Off", defaulting to false, not client-side visible', async () => {
    const flag = await createFlag(server, { key: 'bool-defaults', type: 'Boolean' });
    expect(flag).toMatchObject({
      key: 'bool-defaults',
      type: 'Boolean',
      isArchived: false,
      clientSideVisible: false,
    });
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
    const chosen = await createFlag(server, {
      key: 'string-default-key',
      type: 'String',
      variations: [
        { key: 'a', value: 'A' },
        { key: 'b', value: 'B' },
      ],
      defaultVariationKey: 'b',
    });
    const b = chosen.variations.find((variation: Json) => variation.key === 'b');
    for (const configuration of await configurations('string-default-key')) {
      expect(configuration.defaultVariationId).toBe(b.id);
    }
    const first = await createFlag(server, {
      key: 'string-first',
      type: 'String',
      variations: [
        { key: 'x', value: 'X' },
        { key: 'y', value: 'Y' },
      ],
    });
    const x = first.variations.find((variation: Json) => variation.key === 'x');
    for (const configuration of await configurations('string-first')) {
      expect(configuration.defaultVariationId).toBe(x.id);
    }
    const booleanOn = await createFlag(server, {
      key: 'bool-default-on',
      type: 'Boolean',
      defaultVariationKey: 'true',
    });
    const on = booleanOn.variations.find((variation: Json) => variation.value === 'true');
    for (const configuration of await configurations('bool-default-on')) {
      expect(configuration.defaultVariationId).toBe(on.id);
    }
  });

  it('drops duplicate tags, keeping the first order', async () => {
    const flag = await createFlag(server, {
      key: 'tagged',
      type: 'Boolean',
      tags: ['b', 'a', 'b', 'c', 'a'],
    });
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
    const flag = await createFlag(server, {
      key: 'bool-explicit',
      type: 'Boolean',
      variations: [
        { key: 'yes', value: 'true' },
        { key: 'no', value: 'false' },
      ],
    });
    expect(flag.variations.map((variation: Json) => variation.key).sort()).toEqual(['no', 'yes']);
    const no = flag.variations.find((variation: Json) => variation.key === 'no');
    for (const configuration of await configurations('bool-explicit')) {
      expect(configuration.defaultVariationId, 'the false variation, not the first').toBe(no.id);
    }
  });

  it.each([
    ['one variation', [{ key: 'yes', value: 'true' }]],
    [
      'three variations',
      [
        { key: 'a', value: 'true' },
        { key: 'b', value: 'false' },
        { key: 'c', value: 'maybe' },
      ],
    ],
    [
      'other values',
      [
        { key: 'a', value: 'yes' },
        { key: 'b', value: 'no' },
      ],
    ],
    [
      'two trues',
      [
        { key: 'a', value: 'true' },
        { key: 'b', value: 'true' },
      ],
    ],
  ])('refuses a Boolean flag with %s', async (_case, variations) => {
    const response = await server.call('member', 'POST', `${base}/flags`, {
      key: 'bool-bad',
      type: 'Boolean',
      variations,
    });
    await expectValidation(response);
  });

  it.each(['String', 'Number', 'Json'])(
    'refuses a %s flag without variations or with an empty list',
    async (type) => {
      await expectValidation(
        await server.call('member', 'POST', `${base}/flags`, { key: 'none', type }),
        'variations',
      );
      await expectValidation(
        await server.call('member', 'POST', `${base}/flags`, { key: 'none', type, variations: [] }),
        'variations',
      );
    },
  );

  it('accepts 100 variations and refuses 101', async () => {
    const variations = (count: number) =>
      Array.from({ length: count }, (_unused, index) => ({ key: `v${index}`, value: `value ${index}` }));
    await createFlag(server, { key: 'hundred', type: 'String', variations: variations(100) });
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, {
        key: 'hundred-one',
        type: 'String',
        variations: variations(101),
      }),
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
      variations: [
        { key: 'good', value: good },
        { key: 'bad', value: bad },
      ],
    });
    await expectValidation(response, 'variations.1.value');
  });

  it('accepts Number values that are JSON numbers and any Json text', async () => {
    await createFlag(server, {
      key: 'numbers',
      type: 'Number',
      variations: [
        { key: 'a', value: '-1.5e3' },
        { key: 'b', value: '0' },
      ],
    });
    await createFlag(server, {
      key: 'jsons',
      type: 'Json',
      variations: [
        { key: 'a', value: '[1,2]' },
        { key: 'b', value: 'null' },
      ],
    });
  });

  it('refuses duplicate variation keys and duplicate values', async () => {
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, {
        key: 'dup-keys',
        type: 'String',
        variations: [
          { key: 'a', value: 'A' },
          { key: 'a', value: 'B' },
        ],
      }),
      'variations.1.key',
    );
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, {
        key: 'dup-values',
        type: 'String',
        variations: [
          { key: 'a', value: 'A' },
          { key: 'b', value: 'A' },
        ],
      }),
      'variations.1.value',
    );
  });

  it('refuses more than 50 tags, a malformed tag, and a key over 128 characters', async () => {
    const tags = Array.from({ length: 51 }, (_unused, index) => `t${index}`);
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, { key: 'many-tags', type: 'Boolean', tags }),
      'tags',
    );
    await createFlag(server, { key: 'fifty-tags', type: 'Boolean', tags: tags.slice(0, 50) });
    const malformed = await server.call('member', 'POST', `${base}/flags`, {
      key: 'bad-tag',
      type: 'Boolean',
      tags: ['ok', ' spaced'],
    });
    await expectValidation(malformed);
    expect(
      Object.keys(malformed.json().fields).some((field) => field.startsWith('tags')),
      malformed.body,
    ).toBe(true);
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, { key: 'k'.repeat(129), type: 'Boolean' }),
      'key',
    );
    await createFlag(server, { key: 'k'.repeat(128), type: 'Boolean' });
  });

  it('requires type, and refuses an unknown type and a key in UUID form', async () => {
    await expectValidation(await server.call('member', 'POST', `${base}/flags`, { key: 'no-type' }), 'type');
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, { key: 'x', type: 'Bool' }),
      'type',
    );
    await expectValidation(
      await server.call('member', 'POST', `${base}/flags`, {
        key: '0b7c3a52-64e4-4c3e-9a59-1c1f2d3e4f50',
        type: 'Boolean',
      }),
      'key',
    );
  });

  it('answers 409 conflict with next_actions GET of the existing flag for a taken key', async () => {
    const response = await server.call('member', 'POST', `${base}/flags`, {
      key: 'new-checkout',
      type: 'Boolean',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('conflict');
    expect(response.json().next_actions).toEqual([{ method: 'GET', path: `${base}/flags/new-checkout` }]);
  });

  it('treats flag keys case-sensitively', async () => {
    await createFlag(server, { key: 'New-Checkout', type: 'Boolean' });
    expect((await server.call('member', 'GET', `${base}/flags/NEW-CHECKOUT`)).statusCode).toBe(404);
  });
});

describe('flag lookup (§1, §15)', () => {
  it('finds a flag by key or id', async () => {
    const byKey = await getFlag(server, 'banner-text');
    const byId = await getFlag(server, byKey.id);
    expect(byId.key).toBe('banner-text');
    expect(byId.staleness).toBe('New');
  });

  it('answers 404 for the id of a flag of another project', async () => {
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'elsewhere' });
    const foreign = await createFlag(
      server,
      { key: 'foreign', type: 'Boolean' },
      '/api/v1/orgs/acme/projects/elsewhere/flags',
    );
    const response = await server.call('member', 'GET', `${base}/flags/${foreign.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });

  it('suggests the close key on a 404 for a mistyped flag key', async () => {
    const response = await server.call('member', 'GET', `${base}/flags/new-chekout`);
    expect(response.statusCode).toBe(404);
    expect(response.json().did_you_mean).toContain('new-checkout');
    for (const key of ['abc1', 'abc2', 'abc3', 'abc4']) await createFlag(server, { key, type: 'Boolean' });
    const many = await server.call('member', 'GET', `${base}/flags/abc`);
    expect(many.statusCode).toBe(404);
    expect(many.json().did_you_mean.length, 'up to 3 suggestions').toBeLessThanOrEqual(3);
    const unknownId = await server.call(
      'member',
      'GET',
      `${base}/flags/00000000-0000-4000-8000-000000000000`,
    );
    expect(unknownId.statusCode).toBe(404);
  });

  it('suggests the closest type names for a bad type', async () => {
    const response = await server.call('member', 'POST', `${base}/flags`, { key: 'case', type: 'boolean' });
    await expectValidation(response, 'type');
    expect(response.json().did_you_mean).toEqual(['Boolean']);
  });
});

describe('flag list filters (§8, document rule 2)', () => {
  beforeAll(async () => {
    await createFlag(server, { key: 'flt-alpha', name: 'First', type: 'Boolean', tags: ['ui', 'beta'] });
    await createFlag(server, {
      key: 'flt-beta',
      name: 'The ALPHA one',
      type: 'String',
      tags: ['ui'],
      variations: [{ key: 'a', value: 'A' }],
    });
    await createFlag(server, {
      key: 'flt-gamma',
      name: 'Third',
      type: 'Number',
      tags: ['backend'],
      variations: [{ key: 'a', value: '1' }],
    });
    await createFlag(server, {
      key: 'flt-delta',
      name: 'Alpha archived',
      type: 'Json',
      tags: ['ui'],
      variations: [{ key: 'a', value: '{}' }],
    });
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
