/**
 * fast-check arbitraries for hostile HTTP requests: odd strings and values, mutations of a valid body,
 * path values, query strings, content types, methods and callers.
 */
import fc from 'fast-check';
import { type Caller, tokens } from '../../fixtures.js';
import { mutate, mutation } from './body-mutations.js';
import { weirdString } from './odd-values.js';

/** What goes on the wire as the body: JSON of a value, raw text, or nothing. */
export type Payload = { readonly json: unknown } | { readonly raw: string } | null;

function rawBodies(valid: unknown): fc.Arbitrary<string> {
  const text = JSON.stringify(valid ?? {});
  return fc.oneof(
    fc.constantFrom(
      '',
      '   ',
      'null',
      '[]',
      '"a string"',
      '{',
      '{"a":1,}',
      "{'key':'single'}",
      '\uFEFF{}',
      text.slice(0, Math.max(1, text.length - 1)),
      text.replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},'),
      text.replace(/^\{/, '{"key":"dup-1",').replace(/\}$/, ',"key":"dup-2"}'),
      '[1,2,3]'.repeat(3),
    ),
    fc.string({ maxLength: 60 }),
  );
}

/** Bodies for an operation whose valid body is `valid` (undefined: the operation takes none). */
export function payloadFor(valid: unknown): fc.Arbitrary<Payload> {
  const anyJson = fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json }));
  const raw = rawBodies(valid).map((text) => ({ raw: text }));
  if (valid === undefined)
    return fc.oneof(
      { arbitrary: fc.constant(null), weight: 6 },
      { arbitrary: anyJson, weight: 1 },
      { arbitrary: raw, weight: 1 },
    );
  return fc.oneof(
    { arbitrary: fc.constant({ json: valid }), weight: 1 },
    { arbitrary: mutation.map((change) => ({ json: mutate(valid, change) })), weight: 6 },
    {
      arbitrary: fc
        .array(mutation, { minLength: 2, maxLength: 4 })
        .map((changes) => ({ json: changes.reduce<unknown>((body, change) => mutate(body, change), valid) })),
      weight: 3,
    },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: raw, weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
}

const notablePathValues = [
  '..',
  '.',
  '%2e%2e',
  '%00',
  'a%00b',
  '%2F',
  'a%2Fb',
  '%5C',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%C0%AF',
  '%FF',
  '%u0041',
  'reorder',
  'toggle',
  ';',
  '~',
  '%20',
  'x'.repeat(501),
  'z'.repeat(3_000),
  '__proto__',
  'constructor',
  'hasOwnProperty',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  'acme',
  'web',
  'production',
  'banner-text',
  'hello',
  'beta',
  encodeURIComponent('Ünïcödé 🚩'),
  'Ünïcödé',
];

/** Odd path values (raw, as they go into the URL), `others` being real values of the world. */
export function oddPathValue(others: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...notablePathValues, ...others),
    fc.uuid(),
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,140}$/),
    weirdString.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))),
    weirdString.map((text) => `${text.replace(/[\uD800-\uDFFF/?#%]/g, '')}/`),
  );
}

/** Path values: the valid ones, or (three times in ten) one of them replaced by an odd value. */
export function pathValues(
  valid: Readonly<Record<string, string>>,
  others: readonly string[],
): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(valid);
  if (names.length === 0) return fc.constant({});
  return fc.oneof(
    { arbitrary: fc.constant({ ...valid }), weight: 7 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...names),
          fc.oneof(
            oddPathValue(others),
            fc.constantFrom(...names.map((name) => (valid[name] ?? '').toUpperCase())),
          ),
        )
        .map(([name, value]) => ({ ...valid, [name]: value })),
      weight: 3,
    },
  );
}

const queryNames = ['limit', 'cursor', 'search', 'tag', 'type', 'archived', '__proto__', 'constructor'];
const queryValues = ['-1', '0', '1e9', 'NaN', '1.5', ' 7', '0x10', '99999999999999999999999', '', 'true'];

/** Raw query strings: the valid one, plus odd names and values, repeated names, broken escapes. */
export function queryString(valid: string): fc.Arbitrary<string> {
  const pair = fc
    .tuple(
      fc.oneof(fc.constantFrom(...queryNames), fc.string({ maxLength: 10 })),
      fc.oneof(
        fc.constantFrom(...queryValues),
        fc.base64String({ maxLength: 120 }),
        weirdString.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))),
        fc.constantFrom('%', '%ZZ', '%00', 'a&b', '%E0%A4%A'),
      ),
    )
    .map(([name, value]) => `${encodeURIComponent(name)}=${value}`);
  return fc
    .tuple(fc.boolean(), fc.array(pair, { maxLength: 4 }))
    .map(([keepValid, pairs]) => [...(keepValid && valid ? [valid] : []), ...pairs].join('&'));
}

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/vnd.flagplane+json',
      'application/jsonx',
      'application/json;',
      'application/xml',
      '',
      '*/*',
    ),
    weight: 3,
  },
);

export const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
export type Method = (typeof methods)[number];

export function method(declared: Method): fc.Arbitrary<Method> {
  return fc.oneof(
    { arbitrary: fc.constant(declared), weight: 9 },
    { arbitrary: fc.constantFrom(...methods), weight: 1 },
  );
}

/** The Authorization header: mostly the owner, sometimes another caller, a wrong scheme or nothing. */
/** Mostly the credential that works (`valid`: a token, or an SDK key), sometimes any other. */
export const authorization = (valid = `Bearer ${tokens.owner}`): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { arbitrary: fc.constant(valid), weight: 12 },
    {
      arbitrary: fc.oneof(
        fc.constantFrom(...(Object.keys(tokens) as Caller[])).map((caller) => `Bearer ${tokens[caller]}`),
        fc.constantFrom(undefined, 'Bearer', 'Bearer  ', `Basic ${tokens.owner}`, `bearer ${tokens.owner}`),
        weirdString.map((text) => `Bearer ${text.replace(/[^\x21-\x7e]/g, '')}`),
      ),
      weight: 3,
    },
  );
