/** Black-box checks of request bodies and wire details against docs/api/decisions.md §2, §3, §15 and §16. */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useWebProject } from './spec-helpers.js';

const server = useWebProject();
const org = '/api/v1/orgs/acme';
const base = `${org}/projects/web`;

type Response = LightMyRequestResponse;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[47][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Unlike the shared `expectValidation`, takes any number of fields and checks every message is a string. */
function expectValidation(response: Response, ...fields: string[]) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body.error, response.body).toBe('validation_failed');
  for (const field of fields) expect(Object.keys(body.fields ?? {}), response.body).toContain(field);
  for (const messages of Object.values(body.fields ?? {})) {
    expect(
      Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string'),
    ).toBe(true);
  }
}

/** Walks a body: every `id`/`…Id` is a v4/v7 UUID, every `…At` a UTC date-time with milliseconds. */
function checkWire(value: unknown, path = '$'): string[] {
  const problems: string[] = [];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) problems.push(...checkWire(item, `${path}.${index}`));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = `${path}.${key}`;
      if ((key === 'id' || key.endsWith('Id')) && typeof item === 'string' && !uuid.test(item))
        problems.push(`${at}=${item}`);
      if (key.endsWith('At') && item !== null && !(typeof item === 'string' && dateTime.test(item)))
        problems.push(`${at}=${item}`);
      problems.push(...checkWire(item, at));
    }
  }
  return problems;
}

describe('unknown properties (§3)', () => {
  it('ignores unknown properties on creation and update', async () => {
    const project = await server.call('member', 'POST', `${org}/projects`, {
      key: 'extra',
      name: 'Extra',
      owner: 'me',
      x: { y: 1 },
    });
    expect(project.statusCode, project.body).toBe(201);
    expect(project.json()).not.toHaveProperty('owner');
    const flag = await server.call('member', 'POST', `${base}/flags`, {
      key: 'extra-flag',
      type: 'Boolean',
      colour: 'red',
      enabled: true,
    });
    expect(flag.statusCode, flag.body).toBe(201);
    const before = (await server.call('member', 'GET', `${base}/flags/extra-flag`)).json();
    expect(
      (await server.call('member', 'PUT', `${base}/flags/extra-flag`, { bogus: 1, archived: true }))
        .statusCode,
    ).toBe(204);
    const after = (await server.call('member', 'GET', `${base}/flags/extra-flag`)).json();
    expect({ ...after, updatedAt: null, staleness: null }).toEqual({
      ...before,
      updatedAt: null,
      staleness: null,
    });
    const config = `${base}/flags/extra-flag/environments/production`;
    expect((await server.call('member', 'PUT', config, { enabledd: true, whatever: [] })).statusCode).toBe(
      204,
    );
    expect((await server.call('member', 'GET', config)).json().isEnabled).toBe(false);
  });
});

describe('required properties (§3)', () => {
  it.each([
    ['a project', `${org}/projects`, { name: 'No key' }],
    ['an environment', `${base}/environments`, { name: 'No key' }],
    ['a flag', `${base}/flags`, { type: 'Boolean' }],
    ['a segment', `${base}/segments`, { name: 'No key' }],
    ['a variation', `${base}/flags/banner-text/variations`, { value: 'No key' }],
  ])('refuses %s without key: 400 validation_failed with fields.key', async (_case, url, body) => {
    expectValidation(await server.call('member', 'POST', url, body), 'key');
    expectValidation(await server.call('member', 'POST', url, { ...body, key: null }), 'key');
  });

  it('refuses a key of the wrong JSON type', async () => {
    expectValidation(
      await server.call('member', 'POST', `${base}/flags`, { key: 42, type: 'Boolean' }),
      'key',
    );
  });

  it('names the required property in did_you_mean when a close unknown one is given', async () => {
    const project = await server.call('member', 'POST', `${org}/projects`, { kye: 'typo' });
    expectValidation(project, 'key');
    expect(project.json().did_you_mean).toEqual(['key']);
    const flag = await server.call('member', 'POST', `${base}/flags`, { key: 'typo', typ: 'Boolean' });
    expectValidation(flag, 'type');
    expect(flag.json().did_you_mean).toEqual(['type']);
  });

  it.each([
    ['an array', []],
    ['null', null],
    ['a string', 'web'],
    ['a number', 42],
  ])('refuses a JSON body that is %s with validation_failed', async (_case, body) => {
    const response = await server.call('member', 'POST', `${org}/projects`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });
});

describe('formats of properties (§2)', () => {
  it('trims names, refuses a blank one, stores "" descriptions as null and refuses long ones', async () => {
    const created = await server.call('member', 'POST', `${base}/flags`, {
      key: 'trim',
      type: 'Boolean',
      name: '  Spaced  ',
      description: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Spaced', description: null });
    expectValidation(
      await server.call('member', 'POST', `${base}/flags`, { key: 'blank', type: 'Boolean', name: '   ' }),
      'name',
    );
    expectValidation(
      await server.call('member', 'POST', `${base}/flags`, {
        key: 'wordy',
        type: 'Boolean',
        description: 'x'.repeat(2001),
      }),
      'description',
    );
    expectValidation(
      await server.call('member', 'POST', `${base}/flags`, {
        key: 'long',
        type: 'Boolean',
        name: 'n'.repeat(201),
      }),
      'name',
    );
  });
});

describe('dotted field paths (§3)', () => {
  it('points into arrays of flag creation bodies', async () => {
    const response = await server.call('member', 'POST', `${base}/flags`, {
      key: 'paths',
      type: 'Number',
      variations: [
        { key: 'one', value: '1' },
        { key: 'two', value: 'two' },
      ],
    });
    expectValidation(response, 'variations.1.value');
  });

  it('points into condition groups of a rule and of rules in a configuration PUT', async () => {
    const flag = (await server.call('member', 'GET', `${base}/flags/banner-text`)).json();
    const conditions = [
      { attribute: 'a', operator: 'Equals', values: ['x'] },
      { attribute: 'b', operator: 'Equals', values: ['y'] },
      { attribute: 'c', operator: 'Equalish', values: ['z'] },
    ];
    const rule = { variationId: flag.variations[0].id, conditionGroups: [{ conditions }] };
    const config = `${base}/flags/banner-text/environments/production`;
    expectValidation(
      await server.call('member', 'POST', `${config}/rules`, rule),
      'conditionGroups.0.conditions.2.operator',
    );
    expectValidation(
      await server.call('member', 'PUT', config, { rules: [{ variationId: flag.variations[0].id }, rule] }),
      'rules.1.conditionGroups.0.conditions.2.operator',
    );
  });

  it('points into the environments of a project creation', async () => {
    const response = await server.call('member', 'POST', `${org}/projects`, {
      key: 'env-paths',
      environments: [{ key: 'ok' }, { key: 'Not OK!' }],
    });
    expectValidation(response, 'environments.1.key');
  });
});

describe('error bodies omit nulls (document Errors, §15)', () => {
  it('never carries a key with a null value, whatever the error', async () => {
    const cases: [string | null, string, string, unknown][] = [
      ['member', 'POST', `${base}/flags`, { type: 'Boolean' }],
      ['member', 'POST', `${base}/flags`, { key: 'new-checkout', type: 'Boolean' }],
      ['member', 'GET', `${base}/flags/nothing-like-this`, undefined],
      ['member', 'GET', `${base}/flags/new-chekout`, undefined],
      ['member', 'POST', `${base}/flags/new-checkout/environments/production/toggle`, {}],
      [
        'member',
        'PUT',
        `${base}/flags/new-checkout/environments/production/rules/reorder`,
        { ruleIds: ['11111111-1111-4111-8111-111111111111'] },
      ],
      ['viewer', 'PUT', `${base}/flags/new-checkout`, { name: 'x' }],
      ['owner', 'PATCH', base, { name: 'x' }],
      [null, 'GET', '/api/v1/me', undefined],
      ['member', 'GET', '/api/v1/nowhere', undefined],
    ];
    for (const [caller, method, url, body] of cases) {
      const response = await server.call(caller as 'member', method as 'GET', url, body);
      const label = `${method} ${url}: ${response.body}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      for (const [key, value] of Object.entries(response.json()))
        expect(value, `${key} in ${label}`).not.toBeNull();
    }
  });
});

describe('date-times and ids (§16)', () => {
  it('writes every date-time in UTC with milliseconds and Z, and every id as a v4 or v7 UUID', async () => {
    await server.call('member', 'PUT', base, { name: 'Web renamed' });
    const flag = (await server.call('member', 'GET', `${base}/flags/banner-text`)).json();
    await server.call('member', 'POST', `${base}/flags/banner-text/environments/production/rules`, {
      variationId: flag.variations[0].id,
    });
    const segment = (await server.call('member', 'POST', `${base}/segments`, { key: 'wire' })).json();
    const keys = `${base}/environments/production/sdk-keys`;
    const created = await server.call('member', 'POST', keys, { type: 'ClientSide' });
    await server.call('member', 'POST', `${keys}/${created.json().id}/revoke`);
    const bodies: [string, unknown][] = [
      ['sdk key creation', created.json()],
      ['segment creation', segment],
    ];
    for (const url of [
      '/api/v1/me',
      '/api/v1/orgs',
      org,
      `${org}/projects`,
      base,
      `${base}/environments`,
      `${base}/environments/production`,
      `${base}/flags`,
      `${base}/flags/banner-text`,
      `${base}/flags/banner-text/environments`,
      `${base}/flags/banner-text/environments/production`,
      `${base}/segments`,
      `${base}/segments/wire`,
      keys,
      `${keys}/${created.json().id}`,
    ]) {
      const response = await server.call('member', 'GET', url);
      expect(response.statusCode, url).toBe(200);
      bodies.push([url, response.json()]);
    }
    for (const [label, body] of bodies) expect(checkWire(body), label).toEqual([]);
    const project = (await server.call('member', 'GET', base)).json();
    expect(project.updatedAt).toMatch(dateTime);
    const revoked = (await server.call('member', 'GET', `${keys}/${created.json().id}`)).json();
    expect(revoked.revokedAt).toMatch(dateTime);
  });
});
