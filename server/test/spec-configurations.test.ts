/** Black-box checks of flag environment configurations against docs/api/decisions.md §9 and the document's toggle. */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFlag, type Json, useWebProject } from './spec-helpers.js';

const server = useWebProject();
const base = '/api/v1/orgs/acme/projects/web';

type Response = LightMyRequestResponse;
const createFlagAsOwner = (body: Json, projectBase = base) =>
  createFlag(server, body, `${projectBase}/flags`, 'owner');
const stringFlag = (key: string, ...values: string[]) =>
  createFlagAsOwner({ key, type: 'String', variations: values.map((value) => ({ key: value, value })) });
const idOf = (flag: Json, key: string) => flag.variations.find((item: Json) => item.key === key).id as string;
const configUrl = (flag: string, env = 'production') => `${base}/flags/${flag}/environments/${env}`;
const getConfig = async (flag: string, env = 'production') => {
  const response = await server.call('member', 'GET', configUrl(flag, env));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const put = (flag: string, body: Json, env = 'production') =>
  server.call('member', 'PUT', configUrl(flag, env), body);
/** Unlike the shared `expectValidation`, `fieldPrefix` need only begin the name of an invalid field. */
async function expectValidation(response: Response, fieldPrefix?: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error).toBe('validation_failed');
  if (fieldPrefix) {
    const fields = Object.keys(response.json().fields ?? {});
    expect(
      fields.some((field) => field.startsWith(fieldPrefix)),
      `${fieldPrefix} in ${response.body}`,
    ).toBe(true);
  }
}
/** A refused PUT must change nothing at all (§9: validated as a whole, applied atomically). */
async function expectRefusedAtomically(flag: string, body: Json, fieldPrefix?: string) {
  const before = await getConfig(flag);
  await expectValidation(await put(flag, body), fieldPrefix);
  expect(await getConfig(flag)).toEqual(before);
}

describe('reading configurations (document, §9, §14)', () => {
  it('lists one configuration per environment, in environment order, each with _actions', async () => {
    for (const [key, sortOrder] of [
      ['zz-first', 0],
      ['qa', 1],
      ['aaa', 5],
    ] as const) {
      expect(
        (await server.call('owner', 'POST', `${base}/environments`, { key, sortOrder })).statusCode,
      ).toBe(201);
    }
    const response = await server.call('viewer', 'GET', `${base}/flags/new-checkout/environments`);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((item: Json) => item.environmentKey)).toEqual([
      'development',
      'zz-first',
      'production',
      'qa',
      'aaa',
    ]);
    for (const item of list) {
      expect(Object.keys(item._actions).sort()).toEqual(['createRule', 'reorderRules', 'toggle', 'update']);
      expect(item._actions.toggle).toEqual({
        allowed: false,
        reason: 'Requires role Member; you have Viewer.',
      });
    }
  });

  it('gets one configuration by environment key or id', async () => {
    const environment = (await server.call('member', 'GET', `${base}/environments/qa`)).json();
    const byKey = await getConfig('new-checkout', 'qa');
    const byId = await getConfig('new-checkout', environment.id);
    expect(byKey).toEqual(byId);
    expect(byKey).toMatchObject({
      environmentId: environment.id,
      environmentKey: 'qa',
      isEnabled: false,
      rules: [],
    });
    expect(byKey._actions.update).toEqual({ allowed: true, reason: null });
    expect((await server.call('member', 'GET', configUrl('new-checkout', 'nowhere'))).statusCode).toBe(404);
  });

  it('tells a member that the configurations of an archived flag cannot change', async () => {
    await createFlagAsOwner({ key: 'archived-cfg', type: 'Boolean' });
    expect((await server.call('member', 'POST', `${base}/flags/archived-cfg/archive`)).statusCode).toBe(204);
    const actions = (await getConfig('archived-cfg'))._actions;
    for (const action of ['update', 'toggle', 'createRule', 'reorderRules']) {
      expect(actions[action], action).toEqual({ allowed: false, reason: expect.any(String) });
    }
  });
});

describe('toggle (document: States and transitions, §3, §9)', () => {
  const toggle = (body: unknown) =>
    server.call('member', 'POST', `${configUrl('new-checkout')}/toggle`, body);

  it('sets isEnabled true and false with 204', async () => {
    for (const enabled of [true, true, false]) {
      const response = await toggle({ enabled });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await getConfig('new-checkout')).isEnabled).toBe(enabled);
    }
  });

  it.each([
    ['missing', {}],
    ['null', { enabled: null }],
    ['the string "true"', { enabled: 'true' }],
    ['the number 1', { enabled: 1 }],
  ])('refuses enabled %s with validation_failed and changes nothing', async (_case, body) => {
    await expectValidation(await toggle(body), 'enabled');
    expect((await getConfig('new-checkout')).isEnabled).toBe(false);
  });

  it('suggests "enabled" for {"enable": true}', async () => {
    const response = await toggle({ enable: true });
    await expectValidation(response);
    expect(response.json().did_you_mean).toEqual(['enabled']);
    expect((await getConfig('new-checkout')).isEnabled).toBe(false);
  });
});

describe('PUT a configuration: properties and strategies (§3, §9)', () => {
  let flag: Json;
  beforeAll(async () => {
    flag = await stringFlag('cfg', 'a', 'b', 'c');
  });

  it('treats every property as optional: {} changes nothing, one property changes only itself', async () => {
    const before = await getConfig('cfg');
    expect((await put('cfg', {})).statusCode).toBe(204);
    expect(await getConfig('cfg')).toEqual(before);
    expect((await put('cfg', { isEnabled: true })).statusCode).toBe(204);
    expect(await getConfig('cfg')).toEqual({ ...before, isEnabled: true });
    expect((await put('cfg', { defaultVariationId: idOf(flag, 'b'), isEnabled: null })).statusCode).toBe(204);
    expect(await getConfig('cfg')).toEqual({
      ...before,
      isEnabled: true,
      defaultVariationId: idOf(flag, 'b'),
    });
  });

  it('refuses a defaultVariationId that is not a variation of the flag', async () => {
    const other = (await server.call('member', 'GET', `${base}/flags/banner-text`)).json();
    await expectRefusedAtomically(
      'cfg',
      { defaultVariationId: other.variations[0].id },
      'defaultVariationId',
    );
    await expectRefusedAtomically(
      'cfg',
      { defaultVariationId: '00000000-0000-4000-8000-000000000000' },
      'defaultVariationId',
    );
  });

  it('refuses an unknown strategy, suggesting the closest name', async () => {
    const before = await getConfig('cfg');
    const response = await put('cfg', { strategy: 'percentagerollout' });
    await expectValidation(response, 'strategy');
    expect(response.json().did_you_mean).toEqual(['PercentageRollout']);
    expect(await getConfig('cfg')).toEqual(before);
  });

  it('refuses PercentageRollout with no weights stored or given', async () => {
    await expectRefusedAtomically('cfg', { strategy: 'PercentageRollout' });
    await expectRefusedAtomically('cfg', { strategy: 'PercentageRollout', percentageRollout: null });
  });

  it.each([
    [
      'summing to 90',
      [
        ['a', 40],
        ['b', 50],
      ],
    ],
    [
      'summing to 110',
      [
        ['a', 60],
        ['b', 50],
      ],
    ],
    [
      'naming a variation twice',
      [
        ['a', 50],
        ['a', 50],
      ],
    ],
    [
      'with a fractional weight',
      [
        ['a', 50.5],
        ['b', 49.5],
      ],
    ],
    [
      'with a negative weight',
      [
        ['a', -10],
        ['b', 110],
      ],
    ],
    [
      'with a weight over 100',
      [
        ['a', 101],
        ['b', 0],
      ],
    ],
    ['that are empty', []],
  ] as [string, [string, number][]][])('refuses weights %s', async (_case, weights) => {
    const percentageRollout = weights.map(([key, weight]) => ({ variationId: idOf(flag, key), weight }));
    await expectRefusedAtomically(
      'cfg',
      { strategy: 'PercentageRollout', percentageRollout },
      'percentageRollout',
    );
  });

  it('refuses a weight for a variation of another flag', async () => {
    const other = (await server.call('member', 'GET', `${base}/flags/banner-text`)).json();
    const percentageRollout = [
      { variationId: idOf(flag, 'a'), weight: 50 },
      { variationId: other.variations[0].id, weight: 50 },
    ];
    await expectRefusedAtomically(
      'cfg',
      { strategy: 'PercentageRollout', percentageRollout },
      'percentageRollout',
    );
  });

  it('lets any strategy follow any other, keeping rules and weights', async () => {
    const percentageRollout = [
      { variationId: idOf(flag, 'a'), weight: 30 },
      { variationId: idOf(flag, 'b'), weight: 70 },
      { variationId: idOf(flag, 'c'), weight: 0 },
    ];
    expect((await put('cfg', { strategy: 'PercentageRollout', percentageRollout })).statusCode).toBe(204);
    const rule = await server.call('member', 'POST', `${configUrl('cfg')}/rules`, {
      variationId: idOf(flag, 'c'),
    });
    expect(rule.statusCode).toBe(201);
    for (const strategy of [
      'TargetedRollout',
      'SingleVariation',
      'PercentageRollout',
      'SingleVariation',
      'TargetedRollout',
    ]) {
      const response = await put('cfg', { strategy });
      expect(response.statusCode, `${strategy}: ${response.body}`).toBe(204);
      const current = await getConfig('cfg');
      expect(current.strategy).toBe(strategy);
      expect(current.percentageRollout).toEqual(percentageRollout);
      expect(current.rules.map((item: Json) => item.id)).toEqual([rule.json().id]);
    }
  });
});

describe('prerequisites (§9)', () => {
  const prerequisite = (prerequisiteFlagKey: string, expectedVariationKey = 'true') => ({
    prerequisiteFlagKey,
    expectedVariationKey,
  });
  beforeAll(async () => {
    for (let index = 0; index < 11; index++)
      await createFlagAsOwner({ key: `pre-${index}`, type: 'Boolean' });
    await createFlagAsOwner({ key: 'pre-target', type: 'Boolean' });
  });

  it('stores and reads back prerequisites as {prerequisiteFlagKey, expectedVariationKey}', async () => {
    const response = await put('pre-target', {
      prerequisites: [prerequisite('pre-0'), prerequisite('pre-1', 'false')],
    });
    expect(response.statusCode, response.body).toBe(204);
    expect((await getConfig('pre-target')).prerequisites).toEqual([
      { prerequisiteFlagKey: 'pre-0', expectedVariationKey: 'true' },
      { prerequisiteFlagKey: 'pre-1', expectedVariationKey: 'false' },
    ]);
  });

  it('accepts 10 prerequisites and refuses 11', async () => {
    const all = Array.from({ length: 11 }, (_unused, index) => prerequisite(`pre-${index}`));
    expect((await put('pre-target', { prerequisites: all.slice(0, 10) }, 'development')).statusCode).toBe(
      204,
    );
    await expectRefusedAtomically('pre-target', { prerequisites: all }, 'prerequisites');
  });

  it('refuses the flag itself, an unknown flag, and a flag of another project', async () => {
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'other' });
    await createFlagAsOwner({ key: 'pre-elsewhere', type: 'Boolean' }, '/api/v1/orgs/acme/projects/other');
    await expectRefusedAtomically(
      'pre-target',
      { prerequisites: [prerequisite('pre-target')] },
      'prerequisites',
    );
    await expectRefusedAtomically(
      'pre-target',
      { prerequisites: [prerequisite('no-such-flag')] },
      'prerequisites',
    );
    await expectRefusedAtomically(
      'pre-target',
      { prerequisites: [prerequisite('pre-elsewhere')] },
      'prerequisites',
    );
  });

  it('refuses an archived flag, an unknown expectedVariationKey, and the same flag twice', async () => {
    await createFlagAsOwner({ key: 'pre-archived', type: 'Boolean' });
    expect((await server.call('owner', 'POST', `${base}/flags/pre-archived/archive`)).statusCode).toBe(204);
    await expectRefusedAtomically(
      'pre-target',
      { prerequisites: [prerequisite('pre-archived')] },
      'prerequisites',
    );
    await expectRefusedAtomically(
      'pre-target',
      { prerequisites: [prerequisite('pre-2', 'yes')] },
      'prerequisites',
    );
    await expectRefusedAtomically(
      'pre-target',
      { prerequisites: [prerequisite('pre-3'), prerequisite('pre-3', 'false')] },
      'prerequisites',
    );
  });

  it('refuses a cycle within one environment, but not across environments', async () => {
    await createFlagAsOwner({ key: 'cyc-a', type: 'Boolean' });
    await createFlagAsOwner({ key: 'cyc-b', type: 'Boolean' });
    await createFlagAsOwner({ key: 'cyc-c', type: 'Boolean' });
    expect((await put('cyc-a', { prerequisites: [prerequisite('cyc-b')] })).statusCode).toBe(204);
    await expectRefusedAtomically('cyc-b', { prerequisites: [prerequisite('cyc-a')] });
    expect((await put('cyc-b', { prerequisites: [prerequisite('cyc-a')] }, 'development')).statusCode).toBe(
      204,
    );
    expect((await put('cyc-b', { prerequisites: [prerequisite('cyc-c')] })).statusCode).toBe(204);
    await expectRefusedAtomically('cyc-c', { prerequisites: [prerequisite('cyc-a')] });
  });
});

describe('atomicity and rules replacement (§9)', () => {
  let flag: Json;
  beforeAll(async () => {
    flag = await stringFlag('atomic', 'a', 'b');
  });

  it('changes nothing when one property is valid and another is not', async () => {
    await expectRefusedAtomically('atomic', {
      isEnabled: true,
      defaultVariationId: '00000000-0000-4000-8000-000000000000',
    });
    await expectRefusedAtomically('atomic', {
      defaultVariationId: idOf(flag, 'b'),
      prerequisites: [{ prerequisiteFlagKey: 'atomic', expectedVariationKey: 'a' }],
    });
    await expectRefusedAtomically('atomic', {
      isEnabled: true,
      strategy: 'TargetedRollout',
      rules: [{ variationId: idOf(flag, 'a') }, { variationId: '00000000-0000-4000-8000-000000000000' }],
    });
  });

  it('replaces rules wholesale, keeping the ids of existing rules and giving new ids to the others', async () => {
    const first = (
      await server.call('member', 'POST', `${configUrl('atomic')}/rules`, {
        variationId: idOf(flag, 'a'),
        description: 'one',
      })
    ).json();
    const second = (
      await server.call('member', 'POST', `${configUrl('atomic')}/rules`, {
        variationId: idOf(flag, 'b'),
        description: 'two',
      })
    ).json();
    const madeUp = '11111111-1111-4111-8111-111111111111';
    const response = await put('atomic', {
      rules: [
        { id: second.id, variationId: idOf(flag, 'a'), description: 'two changed' },
        { variationId: idOf(flag, 'b'), description: 'new' },
        { id: madeUp, variationId: idOf(flag, 'b'), description: 'made up' },
      ],
    });
    expect(response.statusCode, response.body).toBe(204);
    const rules = (await getConfig('atomic')).rules;
    expect(rules.map((rule: Json) => rule.description)).toEqual(['two changed', 'new', 'made up']);
    expect(rules[0]).toMatchObject({ id: second.id, variationId: idOf(flag, 'a') });
    const ids = rules.map((rule: Json) => rule.id);
    expect(ids).not.toContain(first.id);
    expect(ids[2]).not.toBe(madeUp);
    expect(new Set(ids).size).toBe(3);
    expect((await put('atomic', { rules: [] })).statusCode).toBe(204);
    expect((await getConfig('atomic')).rules).toEqual([]);
  });
});
