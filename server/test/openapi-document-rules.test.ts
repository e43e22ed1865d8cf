/**
 * The OpenAPI document says what the server enforces, wherever JSON Schema can say it: each body below
 * is validated against the served document's schema (Ajv, JSON Schema 2020-12 with formats) and sent to
 * the server on a real port, and the two must agree. Where JSON Schema cannot say a rule (a default that
 * names one of the variations, unique values, finite numbers, JSON text, bytes), the document accepts,
 * the server refuses, and the schema's description says the rule in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type ServedDocument, serveDocument } from './support/served-document.js';

type Expectation =
  | 'both accept'
  | 'both refuse'
  /** The document accepts what the server refuses: the description at `schema` says `words`. */
  | { readonly schema: string; readonly words: string };

let served: ServedDocument;
let trueVariationId = '';
beforeAll(async () => {
  served = await serveDocument();
  const flag = await served.send('GET', '/api/v1/orgs/acme/projects/web/flags/new-checkout');
  trueVariationId = flag.body?.variations.find((variation: Json) => variation.key === 'true').id;
});
afterAll(() => served?.close());

/** A JSON Schema description at a pointer of the served document. */
function descriptionAt(pointer: string): string {
  const node = pointer
    .slice(2)
    .split('/')
    .reduce<Json>((parent, key) => parent?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], served.document);
  return String(node?.description ?? '');
}

/** Sends `body`, validates it at `schema`, and checks the two verdicts against `expectation`. */
async function compare(method: string, path: string, schema: string, body: Json, expectation: Expectation) {
  const { status, body: answer } = await served.send(method, path, body);
  expect([200, 201, 204, 400], JSON.stringify(answer)).toContain(status);
  if (status === 400) expect(answer?.error).toBe('validation_failed');
  const server = status === 400 ? 'refuses' : 'accepts';
  const document = served.valid(schema, body) ? 'accepts' : 'refuses';
  if (expectation === 'both accept' || expectation === 'both refuse') {
    const both = expectation === 'both accept' ? 'accepts' : 'refuses';
    expect({ server, document }, JSON.stringify(answer)).toEqual({ server: both, document: both });
  } else {
    expect({ server, document }, JSON.stringify(answer)).toEqual({ server: 'refuses', document: 'accepts' });
    expect(descriptionAt(expectation.schema)).toContain(expectation.words);
  }
}

const pair = (a: string, b: string) => [
  { key: 'a', value: a },
  { key: 'b', value: b },
];
const flagRules = '#/components/schemas/FlagCreateBody';

describe("a flag's variations by its type (§8): if/then in FlagCreateBody", () => {
  let flagCount = 0;
  it.each<[string, Json, Expectation]>([
    ['Boolean, no variations', { type: 'Boolean' }, 'both accept'],
    ['Boolean, null variations', { type: 'Boolean', variations: null }, 'both accept'],
    ['Boolean, true and false', { type: 'Boolean', variations: pair('false', 'true') }, 'both accept'],
    [
      'Boolean, no variations, default false',
      { type: 'Boolean', defaultVariationKey: 'false' },
      'both accept',
    ],
    [
      'Boolean, no variations, another default',
      { type: 'Boolean', defaultVariationKey: 'maybe' },
      'both refuse',
    ],
    ['Boolean, an empty list', { type: 'Boolean', variations: [] }, 'both refuse'],
    ['Boolean, true twice', { type: 'Boolean', variations: pair('true', 'true') }, 'both refuse'],
    ['Boolean, yes and no', { type: 'Boolean', variations: pair('yes', 'no') }, 'both refuse'],
    [
      'Boolean, three variations',
      { type: 'Boolean', variations: [...pair('true', 'false'), { key: 'c', value: 'true' }] },
      'both refuse',
    ],
    ['String, no variations', { type: 'String' }, 'both refuse'],
    ['String, null variations', { type: 'String', variations: null }, 'both refuse'],
    ['String, an empty list', { type: 'String', variations: [] }, 'both refuse'],
    [
      'String, one variation',
      { type: 'String', variations: [{ key: 'a', value: 'any text' }] },
      'both accept',
    ],
    ['Number, numbers', { type: 'Number', variations: pair('-2.5', '1e3') }, 'both accept'],
    ['Number, not a number', { type: 'Number', variations: pair('1', 'ten') }, 'both refuse'],
    ['Number, no variations', { type: 'Number' }, 'both refuse'],
    ['Json, JSON text', { type: 'Json', variations: pair('{"a":1}', '[1,2]') }, 'both accept'],
    ['Json, no variations', { type: 'Json', variations: null }, 'both refuse'],
    ['a type in the wrong case', { type: 'number', variations: pair('1', '2') }, 'both refuse'],
    [
      'a key in the form of a UUID',
      { key: '0b7c6f1e-3c1a-4e8e-9a51-2f4d6b8c9e10', type: 'Boolean' },
      'both refuse',
    ],
    [
      'a value over 32,768 characters',
      { type: 'String', variations: [{ key: 'a', value: 'x'.repeat(32_769) }] },
      'both refuse',
    ],
    [
      'Number, a number that is not finite',
      { type: 'Number', variations: pair('1', '1e400') },
      { schema: flagRules, words: 'the text of a finite JSON number (`1e400` is refused)' },
    ],
    [
      'Json, text that is not JSON',
      { type: 'Json', variations: pair('{"a":1}', '{a') },
      { schema: flagRules, words: '`Json` values are JSON text' },
    ],
    [
      'two variations with one value',
      { type: 'String', variations: pair('same', 'same') },
      { schema: flagRules, words: 'Keys and values are unique within the flag' },
    ],
    [
      'a default that names no variation',
      { type: 'String', variations: pair('x', 'y'), defaultVariationKey: 'z' },
      { schema: flagRules, words: '`defaultVariationKey` names one of the variations' },
    ],
    [
      'a value over 32 KiB of UTF-8 in fewer characters',
      { type: 'String', variations: [{ key: 'a', value: 'é'.repeat(20_000) }] },
      {
        schema: '#/components/schemas/VariationCreateBody/properties/value',
        words: 'At most 32768 bytes of UTF-8',
      },
    ],
  ])('%s', async (_name, body, expectation) => {
    const flag = { key: `rules-${++flagCount}`, ...body };
    await compare('POST', '/api/v1/orgs/acme/projects/web/flags', flagRules, flag, expectation);
  });
});

describe("a project's managedBy names no environments (§20): maxItems 0", () => {
  const managed = (environments: unknown) => ({ managedBy: { source: 'file:flags.yaml', environments } });
  let projectCount = 0;
  it.each<[string, Json, Expectation]>([
    ['no environments', managed([]), 'both accept'],
    ['null environments', managed(null), 'both accept'],
    ['an environment', managed(['production']), 'both refuse'],
  ])('%s, at creation and in a PUT', async (_name, body, expectation) => {
    const create = { key: `managed-${++projectCount}`, ...body };
    await compare(
      'POST',
      '/api/v1/orgs/acme/projects',
      '#/components/schemas/ProjectCreateBody',
      create,
      expectation,
    );
    const update = '#/components/schemas/ProjectUpdateBody';
    await compare('PUT', '/api/v1/orgs/acme/projects/web', update, body, expectation);
  });
});

describe('condition values by operator (§10): if/then in ConditionInput', () => {
  const rule = (operator: string, values: string[]) => ({
    variationId: trueVariationId,
    conditionGroups: [{ conditions: [{ attribute: 'a', operator, values }] }],
  });
  it.each<[string, string, string[], Expectation]>([
    ['numbers', 'GreaterThan', ['10', '-2.5e3'], 'both accept'],
    ['numbers, an operator in lower case', 'greaterthanorequal', ['10'], 'both accept'],
    ['not a number', 'lessThan', ['ten'], 'both refuse'],
    [
      'date-times in any offset',
      'Before',
      ['2026-01-01T00:00:00+01:00', '2026-01-01t00:00:00.5z'],
      'both accept',
    ],
    ['a date alone', 'AFTER', ['2026-01-01'], 'both refuse'],
    ['semantic versions', 'SemverGreaterThan', ['1.2.3-rc.1'], 'both accept'],
    ['two-part versions', 'semverlessthan', ['1.2'], 'both refuse'],
    ['any text for the others', 'Contains', ['1.2', 'ten'], 'both accept'],
    ['an unknown operator', 'Equal', ['x'], 'both refuse'],
    [
      'a number that is not finite',
      'GreaterThan',
      ['1e400'],
      { schema: '#/components/schemas/ConditionInput', words: 'the text of a finite JSON number' },
    ],
    [
      'a pattern with a backreference',
      'MatchesRegex',
      ['(a)\\1'],
      { schema: '#/components/schemas/ConditionInput', words: 'no backreferences or lookaround' },
    ],
  ])('%s: %s %j', async (_name, operator, values, expectation) => {
    const path = '/api/v1/orgs/acme/projects/web/flags/new-checkout/environments/production/rules';
    const body = rule(operator, values);
    await compare('POST', path, '#/components/schemas/RuleBody', body, expectation);
  });
});

describe('an evaluation context holds at most 1,000 attributes (§21): maxProperties', () => {
  const attributes = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`a${i}`, i]));
  it.each<[number, Expectation]>([
    [1000, 'both accept'],
    [1001, 'both refuse'],
  ])('%d attributes', async (count, expectation) => {
    const path = '/api/v1/orgs/acme/projects/web/environments/production/evaluate';
    const context = { key: 'user-1', attributes: attributes(count) };
    const { status } = await served.send('POST', path, { context });
    expect(status).toBe(expectation === 'both accept' ? 200 : 400);
    expect(served.valid('#/components/schemas/EvaluationContext', context)).toBe(
      expectation === 'both accept',
    );
  });
});
