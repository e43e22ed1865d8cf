/** Black-box checks of targeting rules against docs/api/decisions.md §10 (and the document's rule operations). */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Json, useWebProject } from './spec-helpers.js';

const server = useWebProject();
const base = '/api/v1/orgs/acme/projects/web';
const config = `${base}/flags/rf/environments/production`;
const rules = `${config}/rules`;
let a: string;
let b: string;
beforeAll(async () => {
  const flag = await server.call('member', 'POST', `${base}/flags`, {
    key: 'rf',
    type: 'String',
    variations: [
      { key: 'a', value: 'A' },
      { key: 'b', value: 'B' },
    ],
  });
  expect(flag.statusCode).toBe(201);
  [a, b] = flag.json().variations.map((variation: { id: string }) => variation.id);
});

type Response = LightMyRequestResponse;
const post = (body: Json, url = rules) => server.call('member', 'POST', url, body);
const readRules = async (url = config) => (await server.call('member', 'GET', url)).json().rules as Json[];
async function createRule(body: Json, url = rules): Promise<Json> {
  const response = await post(body, url);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
/** Unlike the shared `expectValidation`, `field` may also be matched by one of its nested fields (`field.…`). */
async function expectValidation(response: Response, field?: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error).toBe('validation_failed');
  if (field) {
    const fields = Object.keys(response.json().fields ?? {});
    expect(
      fields.some((key) => key === field || key.startsWith(`${field}.`)),
      response.body,
    ).toBe(true);
  }
}
const condition = (operator: string, values: string[], attribute = 'attr') => ({
  attribute,
  operator,
  values,
});
const withConditions = (...conditions: Json[]) => ({ variationId: a, conditionGroups: [{ conditions }] });

describe('rule creation (§10)', () => {
  it('answers 201 with the read shape and appends the rule last', async () => {
    const first = await createRule({
      description: 'Beta users',
      variationId: b,
      rolloutPercentage: 25,
      conditionGroups: [
        { conditions: [{ attribute: 'email', operator: 'endsWith', values: ['@acme.test'] }] },
        {
          operator: 'Or',
          conditions: [{ attribute: 'plan', operator: 'IN', values: ['pro', 'team'], negate: true }],
        },
      ],
    });
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
      description: 'Beta users',
      variationId: b,
      rolloutPercentage: 25,
      userSegmentId: null,
      conditionGroups: [
        {
          operator: 'And',
          conditions: [{ attribute: 'email', operator: 'EndsWith', values: ['@acme.test'], negate: false }],
        },
        {
          operator: 'Or',
          conditions: [{ attribute: 'plan', operator: 'In', values: ['pro', 'team'], negate: true }],
        },
      ],
    });
    const second = await createRule({ variationId: a });
    expect(second).toMatchObject({
      description: null,
      variationId: a,
      rolloutPercentage: null,
      userSegmentId: null,
    });
    const stored = await readRules();
    expect(stored.map((rule) => rule.id)).toEqual([first.id, second.id]);
    expect(stored[0]).toEqual(first);
  });

  it('accepts 100 rules in a configuration and refuses the 101st', async () => {
    const url = `${base}/flags/rf/environments/development`;
    const hundred = Array.from({ length: 100 }, () => ({ variationId: a }));
    expect((await server.call('member', 'PUT', url, { rules: hundred })).statusCode).toBe(204);
    await expectValidation(await post({ variationId: a }, `${url}/rules`));
    expect(await readRules(url)).toHaveLength(100);
    await expectValidation(
      await server.call('member', 'PUT', url, { rules: [...hundred, { variationId: a }] }),
      'rules',
    );
  });

  it('requires a variationId of the flag', async () => {
    const foreign = (await server.call('member', 'GET', `${base}/flags/banner-text`)).json().variations[0].id;
    await expectValidation(await post({ description: 'none' }), 'variationId');
    await expectValidation(await post({ variationId: 'a' }), 'variationId');
    await expectValidation(await post({ variationId: foreign }), 'variationId');
    await expectValidation(
      await post({ variationId: '00000000-0000-4000-8000-000000000000' }),
      'variationId',
    );
  });

  it('takes rolloutPercentage null or an integer 0–100', async () => {
    for (const rolloutPercentage of [-1, 101, 50.5, '50']) {
      await expectValidation(await post({ variationId: a, rolloutPercentage }), 'rolloutPercentage');
    }
    for (const rolloutPercentage of [0, 100, null]) {
      expect((await createRule({ variationId: a, rolloutPercentage })).rolloutPercentage).toBe(
        rolloutPercentage,
      );
    }
  });

  it("takes userSegmentId null or a segment of the project; another project's segment is refused", async () => {
    const own = (await server.call('member', 'POST', `${base}/segments`, { key: 'own' })).json();
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'other' });
    const foreign = (
      await server.call('owner', 'POST', '/api/v1/orgs/acme/projects/other/segments', { key: 'own' })
    ).json();
    expect((await createRule({ variationId: a, userSegmentId: own.id })).userSegmentId).toBe(own.id);
    await expectValidation(await post({ variationId: a, userSegmentId: foreign.id }), 'userSegmentId');
    await expectValidation(
      await post({ variationId: a, userSegmentId: '00000000-0000-4000-8000-000000000000' }),
      'userSegmentId',
    );
  });

  it('accepts 20 groups of 50 conditions and refuses 21 groups or 51 conditions', async () => {
    const conditions = (count: number) =>
      Array.from({ length: count }, (_unused, index) => condition('Equals', [`v${index}`]));
    const groups = (count: number, size: number) =>
      Array.from({ length: count }, () => ({ conditions: conditions(size) }));
    expect((await post({ variationId: a, conditionGroups: groups(20, 50) })).statusCode).toBe(201);
    await expectValidation(await post({ variationId: a, conditionGroups: groups(21, 1) }), 'conditionGroups');
    await expectValidation(
      await post({ variationId: a, conditionGroups: groups(1, 51) }),
      'conditionGroups.0.conditions',
    );
  });
});

describe('condition operators and values (§2, §10)', () => {
  it('accepts operators case-insensitively and stores the document spelling', async () => {
    const rule = await createRule(
      withConditions(
        condition('semvergreaterthanorequal', ['1.2.3']),
        condition('NOTCONTAINS', ['x']),
        condition('matchesregex', ['^a']),
      ),
    );
    expect(rule.conditionGroups[0].conditions.map((item: Json) => item.operator)).toEqual([
      'SemverGreaterThanOrEqual',
      'NotContains',
      'MatchesRegex',
    ]);
  });

  it('refuses an unknown operator at its dotted path, with did_you_mean', async () => {
    const response = await post({
      variationId: a,
      conditionGroups: [
        { conditions: [condition('Equals', ['x']), condition('Equals', ['y']), condition('Equalz', ['z'])] },
      ],
    });
    await expectValidation(response, 'conditionGroups.0.conditions.2.operator');
    expect(response.json().did_you_mean).toContain('Equals');
  });

  it.each([
    ['GreaterThan', ['abc']],
    ['LessThanOrEqual', ['1', 'ten']],
    ['Before', ['yesterday']],
    ['After', ['2024-13-01T00:00:00Z']],
    ['SemverEquals', ['1.2']],
    ['SemverLessThan', ['v1.2.3']],
    ['MatchesRegex', ['(a)\\1']],
    ['MatchesRegex', ['(?=a)a']],
    ['MatchesRegex', ['(?<=a)b']],
    ['MatchesRegex', ['(unclosed']],
    ['MatchesRegex', ['a'.repeat(1025)]],
  ])('refuses %s with values %j', async (operator, values) => {
    const response = await post(withConditions(condition(operator, values)));
    await expectValidation(response);
    const fields = Object.keys(response.json().fields ?? {});
    expect(
      fields.every((field) => field.startsWith('conditionGroups.0.conditions.0')),
      response.body,
    ).toBe(true);
  });

  it.each([
    ['GreaterThan', ['10', '-1.5', '2e3']],
    ['Before', ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00.123+02:00']],
    ['SemverEquals', ['1.2.3', '1.0.0-beta.1+build.5']],
    ['MatchesRegex', ['^(a+)+$', '[a-z]{2,}@acme\\.test']],
    ['Contains', ['anything at all', '']],
  ])('accepts %s with values %j', async (operator, values) => {
    expect((await post(withConditions(condition(operator, values)))).statusCode).toBe(201);
  });

  it('refuses an empty values list, an empty attribute, and an attribute over 256 characters', async () => {
    await expectValidation(
      await post(withConditions(condition('Equals', []))),
      'conditionGroups.0.conditions.0.values',
    );
    await expectValidation(
      await post(withConditions(condition('Equals', ['x'], ''))),
      'conditionGroups.0.conditions.0.attribute',
    );
    await expectValidation(
      await post(withConditions(condition('Equals', ['x'], 'k'.repeat(257)))),
      'conditionGroups.0.conditions.0.attribute',
    );
  });
});

describe('rule update and deletion (document rule 9, §1, §10)', () => {
  it('replaces the rule wholesale: omitted properties become null', async () => {
    const segment = (await server.call('member', 'POST', `${base}/segments`, { key: 'wholesale' })).json();
    const rule = await createRule({
      description: 'Before',
      rolloutPercentage: 20,
      userSegmentId: segment.id,
      ...withConditions(condition('Equals', ['x'])),
    });
    const response = await server.call('member', 'PUT', `${rules}/${rule.id}`, { variationId: b });
    expect(response.statusCode, response.body).toBe(204);
    const stored = (await readRules()).find((item) => item.id === rule.id);
    expect(stored).toMatchObject({
      id: rule.id,
      description: null,
      variationId: b,
      rolloutPercentage: null,
      userSegmentId: null,
    });
    expect(stored?.conditionGroups ?? []).toEqual([]);
  });

  it('validates a PUT like a creation and leaves the rule unchanged when refused', async () => {
    const rule = await createRule({ description: 'Keep', variationId: a });
    await expectValidation(
      await server.call('member', 'PUT', `${rules}/${rule.id}`, { description: 'x' }),
      'variationId',
    );
    await expectValidation(
      await server.call('member', 'PUT', `${rules}/${rule.id}`, {
        ...withConditions(condition('Bogus', ['x'])),
        description: 'x',
      }),
    );
    expect((await readRules()).find((item) => item.id === rule.id)).toEqual(rule);
  });

  it('deletes a rule with 204; a second delete is 404', async () => {
    const rule = await createRule({ variationId: a });
    const response = await server.call('member', 'DELETE', `${rules}/${rule.id}`);
    expect(response.statusCode).toBe(204);
    expect((await readRules()).map((item) => item.id)).not.toContain(rule.id);
    expect((await server.call('member', 'DELETE', `${rules}/${rule.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a ruleId that is not a UUID, unknown, of another environment or of another flag', async () => {
    await server.call('member', 'POST', `${base}/environments`, { key: 'elsewhere' });
    const other = await createRule({ variationId: a }, `${base}/flags/rf/environments/elsewhere/rules`);
    const banner = (await server.call('member', 'GET', `${base}/flags/banner-text`)).json();
    const otherFlag = await createRule(
      { variationId: banner.variations[0].id },
      `${base}/flags/banner-text/environments/production/rules`,
    );
    for (const ruleId of [
      'not-a-uuid',
      '123',
      '00000000-0000-4000-8000-000000000000',
      other.id,
      otherFlag.id,
    ]) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await server.call(
          'member',
          method,
          `${rules}/${ruleId}`,
          method === 'PUT' ? { variationId: a } : undefined,
        );
        expect(response.statusCode, `${method} ${ruleId}: ${response.body}`).toBe(404);
        expect(response.json().error).toBe('not_found');
      }
    }
  });
});

describe('reorder (document rule 8, §1, §10)', () => {
  const env = `${base}/flags/rf/environments/qa`;
  const reorder = (body: unknown) => server.call('member', 'PUT', `${env}/rules/reorder`, body);
  let ids: string[];
  beforeAll(async () => {
    await server.call('member', 'POST', `${base}/environments`, { key: 'qa' });
    expect((await reorder({ ruleIds: [] })).statusCode).toBe(204);
    ids = [];
    for (const description of ['r1', 'r2', 'r3'])
      ids.push((await createRule({ description, variationId: a }, `${env}/rules`)).id);
  });

  it('reorders with the exact set of ids (204)', async () => {
    const response = await reorder({ ruleIds: [ids[2], ids[0], ids[1]] });
    expect(response.statusCode, response.body).toBe(204);
    expect((await readRules(env)).map((rule) => rule.description)).toEqual(['r3', 'r1', 'r2']);
    expect((await reorder({ ruleIds: ids })).statusCode).toBe(204);
    expect((await readRules(env)).map((rule) => rule.description)).toEqual(['r1', 'r2', 'r3']);
  });

  it.each([
    ['a duplicate', (all: string[]) => [all[0], all[0], all[1], all[2]], (all: string[]) => [all[0]]],
    ['a missing id', (all: string[]) => [all[0], all[1]], (all: string[]) => [all[2]]],
    ['no ids at all', () => [], (all: string[]) => all],
    [
      'an unknown id',
      (all: string[]) => [...all, '22222222-2222-4222-8222-222222222222'],
      () => ['22222222-2222-4222-8222-222222222222'],
    ],
  ])('refuses %s with 400 bad_request naming the ids, order unchanged', async (_case, make, named) => {
    const response = await reorder({ ruleIds: make(ids) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe('bad_request');
    for (const id of named(ids)) expect(response.json().message).toContain(id);
    expect((await readRules(env)).map((rule) => rule.id)).toEqual(ids);
  });

  it.each([
    ['non-UUID entries', { ruleIds: ['r1', 'r2', 'r3'] }],
    ['a string', { ruleIds: 'all' }],
    ['no ruleIds', {}],
    ['null ruleIds', { ruleIds: null }],
  ])('refuses %s with 400 validation_failed', async (_case, body) => {
    await expectValidation(await reorder(body), 'ruleIds');
  });

  it('routes rules/reorder on its own, never as a ruleId', async () => {
    const response = await server.call('member', 'DELETE', `${env}/rules/reorder`);
    expect(response.statusCode, response.body).toBe(405);
    expect(response.json().error).toBe('method_not_allowed');
  });
});
