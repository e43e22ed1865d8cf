/**
 * Hostile but well-formed bodies: at and over 1 MiB, deep nesting, arrays far past their limits, regular
 * expressions that ruin backtracking engines (cursors and limits: abuse-paging.test.ts). Every answer is
 * the contract's (checked by `sendChecked`: no 5xx, error bodies, refused requests change nothing) and fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWebProject, startTestServer, type TestServer } from '../fixtures.js';
import { sendAsOwner } from './support/checked-request.js';
import type { Method } from './support/fuzz-arbitraries.js';

let server: TestServer;
let helloId: string;
const project = '/api/v1/orgs/acme/projects/web';
const rules = `${project}/flags/banner-text/environments/production/rules`;
const MiB = 1024 * 1024;

beforeAll(async () => {
  server = await startTestServer({ rateLimit: { max: 1_000_000, windowSeconds: 60 } });
  await seedWebProject(server);
  await server.call('owner', 'POST', `${project}/flags`, { key: 'third', type: 'Boolean' });
  await server.call('owner', 'POST', `${project}/segments`, { key: 'beta' });
  helloId = (await server.call('owner', 'GET', `${project}/flags/banner-text`)).json().variations[0].id;
});
afterAll(() => server.close());

const send = (method: Method, url: string, raw?: string, contentType?: string) =>
  sendAsOwner(server.app, method, url, raw, contentType);

/** A createFlag body of exactly `bytes` bytes, padded with an unknown (ignored) property. */
function flagBodyOfSize(key: string, bytes: number): string {
  const head = `{"key":"${key}","type":"Boolean","padding":"`;
  const text = `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

describe('body size (§3: 1 MiB)', () => {
  it('accepts a body of exactly 1 MiB', async () => {
    const { status } = await send('POST', `${project}/flags`, flagBodyOfSize('exactly-one-mib', MiB));
    expect(status).toBe(201);
  });

  it('refuses one byte more with 413 payload_too_large, storing nothing', async () => {
    const { status, body } = await send(
      'POST',
      `${project}/flags`,
      flagBodyOfSize('one-mib-and-one', MiB + 1),
    );
    expect(status).toBe(413);
    expect(body.error).toBe('payload_too_large');
    expect((await server.call('owner', 'GET', `${project}/flags/one-mib-and-one`)).statusCode).toBe(404);
  });

  it('refuses 5 MiB on an operation without a body, and in a type it would not parse', async () => {
    const big = `"${'y'.repeat(5 * MiB)}"`;
    expect((await send('POST', `${project}/flags/third/archive`, big)).status).toBe(413);
    expect([413, 415]).toContain((await send('POST', `${project}/flags`, big, 'text/plain')).status);
  });
});

describe('deep nesting', () => {
  const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it.each([
    ['100k nested arrays as the body', arrays(100_000)],
    ['100k nested objects as the body', objects(100_000)],
    ['100k nested arrays as tags', `{"key":"deep","type":"Boolean","tags":${arrays(100_000)}}`],
    [
      '100k nested objects as a variation',
      `{"key":"deep","type":"String","variations":[${objects(100_000)}]}`,
    ],
  ])('%s: 400 validation_failed, no stack overflow', async (_, raw) => {
    const { status, body, milliseconds } = await send('POST', `${project}/flags`, raw);
    expect(status).toBe(400);
    expect(body.error).toBe('validation_failed');
    expect(milliseconds).toBeLessThan(2_000);
  });

  it('ignores 100k nested arrays in an unknown property, like any unknown property (§3)', async () => {
    const { status } = await send(
      'POST',
      `${project}/flags`,
      `{"key":"deep-extra","type":"Boolean","x":${arrays(100_000)}}`,
    );
    expect(status).toBe(201);
  });
});

describe('10,000-element arrays where the limit is smaller', () => {
  const many = <T>(count: number, item: (index: number) => T) =>
    Array.from({ length: count }, (_, index) => item(index));
  const condition = (values: string[]) => ({ attribute: 'country', operator: 'In', values });
  const cases: [string, Method, () => string, Record<string, unknown>, string][] = [
    [
      'tags',
      'POST',
      () => `${project}/flags`,
      { key: 'tagged', type: 'Boolean', tags: many(10_000, (i) => `t${i}`) },
      'tags',
    ],
    [
      'variations',
      'POST',
      () => `${project}/flags`,
      { key: 'varied', type: 'String', variations: many(10_000, (i) => ({ key: `k${i}`, value: `v${i}` })) },
      'variations',
    ],
    [
      'environments',
      'POST',
      () => '/api/v1/orgs/acme/projects',
      { key: 'envs', environments: many(10_000, (i) => ({ key: `e${i}` })) },
      'environments',
    ],
    [
      'condition values',
      'POST',
      () => rules,
      { variationId: helloId, conditionGroups: [{ conditions: [condition(many(10_000, (i) => `v${i}`))] }] },
      'conditionGroups.0.conditions.0.values',
    ],
    [
      'conditions',
      'POST',
      () => rules,
      { variationId: helloId, conditionGroups: [{ conditions: many(10_000, () => condition(['DE'])) }] },
      'conditionGroups.0.conditions',
    ],
    [
      'condition groups',
      'POST',
      () => rules,
      { variationId: helloId, conditionGroups: many(10_000, () => ({ conditions: [] })) },
      'conditionGroups',
    ],
    [
      'rules',
      'PUT',
      () => rules.replace(/\/rules$/, ''),
      { rules: many(10_000, () => ({ variationId: helloId })) },
      'rules',
    ],
    [
      'prerequisites',
      'PUT',
      () => rules.replace(/\/rules$/, ''),
      { prerequisites: many(10_000, (i) => ({ prerequisiteFlagKey: `f${i}`, expectedVariationKey: 'on' })) },
      'prerequisites',
    ],
    [
      'segment keys (10,001)',
      'POST',
      () => `${project}/segments`,
      { key: 'crowd', included: many(10_001, (i) => `u${i}`) },
      'included',
    ],
  ];
  it.each(cases)('%s: 400 validation_failed naming the field, fast', async (_, method, url, body, field) => {
    const { status, body: error, milliseconds } = await send(method, url(), JSON.stringify(body));
    expect(status).toBe(400);
    expect(error.error).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(milliseconds).toBeLessThan(1_000);
  });

  it('ruleIds: 10,000 unknown ids are 400 bad_request (§10), fast', async () => {
    const ruleIds = many(10_000, () => crypto.randomUUID());
    const { status, body, milliseconds } = await send('PUT', `${rules}/reorder`, JSON.stringify({ ruleIds }));
    expect(status).toBe(400);
    expect(body.error).toBe('bad_request');
    expect(milliseconds).toBeLessThan(1_000);
  });
});

describe('regular expressions that backtracking engines cannot finish (§10: linear time)', () => {
  const regexRule = (pattern: string) =>
    JSON.stringify({
      variationId: helloId,
      conditionGroups: [
        { conditions: [{ attribute: 'email', operator: 'MatchesRegex', values: [pattern] }] },
      ],
    });

  it.each(['^(a+)+$', '(a|aa)+$', '(.*a){20}', '^(([a-z])+.)+[A-Z]([a-z])+$'])(
    'accepts %s only as a linear-time (RE2) pattern, in bounded time',
    async (pattern) => {
      const { status, milliseconds } = await send('POST', rules, regexRule(pattern));
      expect([201, 400]).toContain(status);
      expect(milliseconds).toBeLessThan(1_000);
    },
  );

  it.each(['(a)\\1', '(?=a)b', '(?<!a)b', '((a{100}){100}){100}', '['])(
    'refuses %s with 400 naming the value, in bounded time',
    async (pattern) => {
      const { status, body, milliseconds } = await send('POST', rules, regexRule(pattern));
      expect(status).toBe(400);
      expect(Object.keys(body.fields)).toEqual(['conditionGroups.0.conditions.0.values.0']);
      expect(milliseconds).toBeLessThan(1_000);
    },
  );

  it('checks 1,000 adversarial semantic versions of 1,000 characters in bounded time', async () => {
    const value = `1.0.0-${'0a.'.repeat(330)}!`;
    const body = JSON.stringify({
      variationId: helloId,
      conditionGroups: [
        { conditions: [{ attribute: 'v', operator: 'SemverEquals', values: Array(1_000).fill(value) }] },
      ],
    });
    const { status, milliseconds } = await send('POST', rules, body);
    expect(status).toBe(400);
    expect(milliseconds).toBeLessThan(2_000);
  });
});
