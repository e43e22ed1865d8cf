/** Values that have broken parsers, routers and validators somewhere, as fast-check arbitraries. */
import fc from 'fast-check';

/** Strings that have broken parsers, routers and validators somewhere. */
const notableStrings = [
  '',
  ' ',
  '\u0000',
  '\uD800', // a lone surrogate: not encodable as UTF-8
  '\u202Eevil', // right-to-left override
  'zero\u200Bwidth',
  'Ünïcödé ✓ 𝔘𝔫𝔦 🚩👩‍👩‍👧',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'toString',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '$' + '{jndi:ldap://x}', // log4shell-style lookup text
  'true',
  'null',
  '-0',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(2_001),
  'y'.repeat(40_000),
];

export const weirdString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...notableStrings), weight: 3 },
  { arbitrary: fc.string({ maxLength: 80 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
);

/** `depth` arrays or objects inside each other, built without recursion. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'core';
  for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    1e308,
    2 ** 53 + 1,
    2_147_483_648,
    [],
    {},
    ['a'],
    [null],
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc
    .tuple(fc.integer({ min: 2, max: 300 }), fc.constantFrom('array' as const, 'object' as const))
    .map(([depth, kind]) => nested(depth, kind)),
  fc.array(weirdString, { maxLength: 4 }),
  fc.integer({ min: 51, max: 1_200 }).map((length) => Array.from({ length }, (_, index) => `v${index}`)),
  fc.jsonValue({ maxDepth: 3 }),
);
