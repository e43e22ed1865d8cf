/**
 * `utf8ByteLength` counts what Node's `Buffer.byteLength` counts (the limits in bytes of §2 must mean the
 * same on the server and in a browser, which has no Buffer), for any string: surrogate pairs, lone
 * surrogates, and everything between.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from '../src/formats.js';

describe('utf8ByteLength', () => {
  it('agrees with Buffer.byteLength on fixed cases', () => {
    for (const text of ['', 'a', 'é', '€', '😀', 'a😀b', '\ud800', '\udc00', '\ud800a', 'x'.repeat(10_000)])
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it('agrees with Buffer.byteLength on any string of UTF-16 code units', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({
          unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((code) => String.fromCharCode(code)),
        }),
        (text, surrogates) => {
          expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
          expect(utf8ByteLength(surrogates)).toBe(Buffer.byteLength(surrogates, 'utf8'));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
