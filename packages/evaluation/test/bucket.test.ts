import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucket } from '../src/bucket.js';
import { sha256Hex } from '../src/sha256.js';

const utf8 = new TextEncoder();

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('matches the FIPS 180-4 vector for %j', (text, digest) => {
    expect(sha256Hex(utf8.encode(text))).toBe(digest);
  });

  it('matches node:crypto for any text, of any length across block boundaries', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(sha256Hex(utf8.encode(text))).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('bucket (§21)', () => {
  it.each([
    ['0b7c3f0e-2d4a-4c59-9f0e-5b8a1d2c3e4f', 'user-1', 0.4718819128],
    ['0b7c3f0e-2d4a-4c59-9f0e-5b8a1d2c3e4f', 'user-2', 0.9467972901],
    ['0b7c3f0e-2d4a-4c59-9f0e-5b8a1d2c3e4f', 'ünïcode-ключ', 0.2541355356],
    ['9d1e8a34-6b2f-4e71-a0c3-7f5d2b9e1a60', 'user-1', 0.1993753656],
  ])('bucket(%s, %s) is %d…', (seed, key, expected) => {
    // The vectors are given to 10 decimal places, rounded.
    expect(Math.abs(bucket(seed, key) - expected)).toBeLessThanOrEqual(0.5e-10);
  });

  it('spreads random keys evenly over [0, 1)', () => {
    const seed = randomUUID();
    const counts = new Array(10).fill(0);
    for (let index = 0; index < 100_000; index++) {
      const position = bucket(seed, `user-${index}-${Math.random()}`);
      expect(position).toBeGreaterThanOrEqual(0);
      expect(position).toBeLessThan(1);
      counts[Math.floor(position * 10)]++;
    }
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(1_000 * 0.5);
  });
});
