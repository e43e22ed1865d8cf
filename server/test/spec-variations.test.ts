/** Black-box checks of variations against docs/api/decisions.md §8 (and §2 for their formats). */
import { describe, expect, it } from 'vitest';
import { createFlag, expectValidation, getFlag, type Json, useWebProject } from './spec-helpers.js';

const server = useWebProject();
const base = '/api/v1/orgs/acme/projects/web';
const stringFlag = (key: string, ...values: string[]) =>
  createFlag(server, {
    key,
    type: 'String',
    variations: values.map((value) => ({ key: value, value: value.toUpperCase() })),
  });
const variationUrl = (flag: string, variation: string) => `${base}/flags/${flag}/variations/${variation}`;
const addVariation = (flag: string, body: Json) =>
  server.call('member', 'POST', `${base}/flags/${flag}/variations`, body);
const updateConfiguration = async (flag: string, env: string, body: Json) => {
  const response = await server.call('member', 'PUT', `${base}/flags/${flag}/environments/${env}`, body);
  expect(response.statusCode, response.body).toBe(204);
};

describe('adding a variation (document rule 5, §8)', () => {
  it('answers 201 with the persisted variation and _actions update and delete', async () => {
    const response = await addVariation('banner-text', {
      key: 'hi',
      name: 'Hi',
      value: 'Hi there',
      description: 'Short',
    });
    expect(response.statusCode, response.body).toBe(201);
    const variation = response.json();
    expect(variation).toMatchObject({ key: 'hi', name: 'Hi', value: 'Hi there', description: 'Short' });
    expect(variation.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    expect(Object.keys(variation._actions).sort()).toEqual(['delete', 'update']);
    expect(variation._actions.update).toEqual({ allowed: true, reason: null });
    const flag = await getFlag(server, 'banner-text');
    expect(flag.variations.find((item: Json) => item.key === 'hi')).toEqual({
      id: variation.id,
      key: 'hi',
      name: 'Hi',
      value: 'Hi there',
      description: 'Short',
    });
  });

  it('refuses a variation for a Boolean flag', async () => {
    await expectValidation(await addVariation('new-checkout', { key: 'maybe', value: 'maybe' }));
    expect((await getFlag(server, 'new-checkout')).variations).toHaveLength(2);
  });

  it('refuses the 101st variation', async () => {
    await createFlag(server, {
      key: 'full',
      type: 'String',
      variations: Array.from({ length: 100 }, (_unused, index) => ({ key: `v${index}`, value: `${index}` })),
    });
    await expectValidation(await addVariation('full', { key: 'extra', value: 'extra' }));
    expect((await getFlag(server, 'full')).variations).toHaveLength(100);
  });

  it('refuses a duplicate key and a duplicate value', async () => {
    const duplicateKey = await addVariation('banner-text', { key: 'hello', value: 'Something new' });
    expect([400, 409], duplicateKey.body).toContain(duplicateKey.statusCode);
    await expectValidation(await addVariation('banner-text', { key: 'fresh', value: 'Hello' }), 'value');
  });

  it('type-checks the value against the flag type', async () => {
    await createFlag(server, { key: 'num', type: 'Number', variations: [{ key: 'one', value: '1' }] });
    await createFlag(server, { key: 'obj', type: 'Json', variations: [{ key: 'empty', value: '{}' }] });
    await expectValidation(await addVariation('num', { key: 'two', value: 'two' }), 'value');
    await expectValidation(await addVariation('num', { key: 'inf', value: 'Infinity' }), 'value');
    await expectValidation(await addVariation('obj', { key: 'broken', value: '{"a"' }), 'value');
    expect((await addVariation('num', { key: 'two', value: '2.5' })).statusCode).toBe(201);
    expect((await addVariation('obj', { key: 'list', value: '[1]' })).statusCode).toBe(201);
  });

  it('requires key and value, and refuses a malformed key', async () => {
    await expectValidation(await addVariation('banner-text', { value: 'No key' }), 'key');
    await expectValidation(await addVariation('banner-text', { key: 'no-value' }), 'value');
    await expectValidation(await addVariation('banner-text', { key: '-dash', value: 'Dash' }), 'key');
    const uuidKey = { key: '0b7c3a52-64e4-4c3e-9a59-1c1f2d3e4f50', value: 'Uuid' };
    await expectValidation(await addVariation('banner-text', uuidKey), 'key');
  });
});

describe('updating a variation (§3, §8)', () => {
  it('changes name, description and value by key or id; omitted and null keep', async () => {
    await stringFlag('upd-var', 'a', 'b');
    const a = (await getFlag(server, 'upd-var')).variations.find((item: Json) => item.key === 'a');
    const put = (ref: string, body: Json) => server.call('member', 'PUT', variationUrl('upd-var', ref), body);
    expect((await put('a', { name: 'Alpha', description: 'First' })).statusCode).toBe(204);
    expect((await put(a.id, { value: 'A2', name: null })).statusCode).toBe(204);
    let stored = (await getFlag(server, 'upd-var')).variations.find((item: Json) => item.id === a.id);
    expect(stored).toMatchObject({ key: 'a', name: 'Alpha', description: 'First', value: 'A2' });
    expect((await put('a', { description: '' })).statusCode).toBe(204);
    stored = (await getFlag(server, 'upd-var')).variations.find((item: Json) => item.id === a.id);
    expect(stored).toMatchObject({ name: 'Alpha', description: null, value: 'A2' });
  });

  it('refuses a value that breaks the type or duplicates another', async () => {
    await createFlag(server, {
      key: 'num-upd',
      type: 'Number',
      variations: [
        { key: 'one', value: '1' },
        { key: 'two', value: '2' },
      ],
    });
    await expectValidation(
      await server.call('member', 'PUT', variationUrl('num-upd', 'one'), { value: 'x' }),
      'value',
    );
    await expectValidation(
      await server.call('member', 'PUT', variationUrl('num-upd', 'one'), { value: '2' }),
      'value',
    );
    const values = (await getFlag(server, 'num-upd')).variations.map((item: Json) => item.value).sort();
    expect(values).toEqual(['1', '2']);
  });

  it("never changes a Boolean flag's values, but renames its variations", async () => {
    await createFlag(server, { key: 'bool-var', type: 'Boolean' });
    await expectValidation(
      await server.call('member', 'PUT', variationUrl('bool-var', 'true'), { value: 'false' }),
    );
    expect(
      (await server.call('member', 'PUT', variationUrl('bool-var', 'true'), { name: 'Enabled' })).statusCode,
    ).toBe(204);
    const on = (await getFlag(server, 'bool-var')).variations.find((item: Json) => item.key === 'true');
    expect(on).toMatchObject({ name: 'Enabled', value: 'true' });
  });

  it('answers 404 for an unknown variation and for a variation of another flag', async () => {
    expect(
      (await server.call('member', 'PUT', variationUrl('banner-text', 'nope'), { name: 'X' })).statusCode,
    ).toBe(404);
    const typo = await server.call('member', 'PUT', variationUrl('banner-text', 'helo'), { name: 'X' });
    expect(typo.statusCode).toBe(404);
    expect(typo.json().did_you_mean).toContain('hello');
    const foreign = (await getFlag(server, 'upd-var')).variations[0];
    const response = await server.call('member', 'PUT', variationUrl('banner-text', foreign.id), {
      name: 'X',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });
});

describe('deleting a variation (§8)', () => {
  const remove = (flag: string, variation: string) =>
    server.call('member', 'DELETE', variationUrl(flag, variation));
  const idOf = async (flag: string, key: string) =>
    (await getFlag(server, flag)).variations.find((item: Json) => item.key === key).id as string;

  it("refuses the flag's last variation", async () => {
    await stringFlag('lonely', 'only');
    await expectValidation(await remove('lonely', 'only'));
  });

  it('refuses a Boolean variation, even one that is no default', async () => {
    await expectValidation(await remove('new-checkout', 'true'));
    expect((await getFlag(server, 'new-checkout')).variations).toHaveLength(2);
  });

  it('refuses the default variation of any configuration', async () => {
    await stringFlag('defaults', 'a', 'b', 'c');
    await updateConfiguration('defaults', 'development', { defaultVariationId: await idOf('defaults', 'c') });
    await expectValidation(await remove('defaults', 'c'));
    // `a` is still the production default (the first variation).
    await expectValidation(await remove('defaults', 'a'));
    expect((await remove('defaults', 'b')).statusCode).toBe(204);
  });

  it('refuses the variation of a rule', async () => {
    await stringFlag('ruled', 'a', 'b');
    const rule = await server.call('member', 'POST', `${base}/flags/ruled/environments/development/rules`, {
      variationId: await idOf('ruled', 'b'),
    });
    expect(rule.statusCode, rule.body).toBe(201);
    await expectValidation(await remove('ruled', 'b'));
  });

  it('refuses a variation with a weight above 0 in a percentage rollout, allows weight 0', async () => {
    await stringFlag('rolled', 'a', 'b', 'c');
    const [a, b, c] = [await idOf('rolled', 'a'), await idOf('rolled', 'b'), await idOf('rolled', 'c')];
    await updateConfiguration('rolled', 'production', {
      strategy: 'PercentageRollout',
      percentageRollout: [
        { variationId: a, weight: 40 },
        { variationId: b, weight: 60 },
        { variationId: c, weight: 0 },
      ],
    });
    await expectValidation(await remove('rolled', 'b'));
    expect((await remove('rolled', 'c')).statusCode).toBe(204);
    const configuration = (
      await server.call('member', 'GET', `${base}/flags/rolled/environments/production`)
    ).json();
    const rolloutIds = (configuration.percentageRollout ?? []).map((weight: Json) => weight.variationId);
    expect(rolloutIds).not.toContain(c);
  });

  it("refuses a variation another flag's prerequisite expects", async () => {
    await stringFlag('upstream', 'x', 'y');
    await createFlag(server, { key: 'downstream', type: 'Boolean' });
    await updateConfiguration('downstream', 'production', {
      prerequisites: [{ prerequisiteFlagKey: 'upstream', expectedVariationKey: 'y' }],
    });
    const refused = await remove('upstream', 'y');
    await expectValidation(refused);
  });

  it('deletes an unused variation with 204', async () => {
    await stringFlag('spare', 'keep', 'drop');
    const response = await remove('spare', 'drop');
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect((await getFlag(server, 'spare')).variations.map((item: Json) => item.key)).toEqual(['keep']);
    expect((await remove('spare', 'drop')).statusCode).toBe(404);
  });
});
