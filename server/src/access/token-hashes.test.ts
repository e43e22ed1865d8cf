import { describe, expect, it } from 'vitest';
import { hashSecret } from './principal.js';
import { TokenHashes } from './token-hashes.js';

describe('TokenHashes', () => {
  it('answers the SHA-256 hash of any token, remembered or not', () => {
    const hashes = new TokenHashes(2);
    expect(hashes.hashOf('fp_pat_one')).toBe(hashSecret('fp_pat_one'));
    hashes.remember('fp_pat_one', hashSecret('fp_pat_one'));
    expect(hashes.hashOf('fp_pat_one')).toBe(hashSecret('fp_pat_one'));
    expect(hashes.size).toBe(1);
  });

  it('keeps at most its capacity, the oldest remembered leaving first', () => {
    const hashes = new TokenHashes(2);
    for (const token of ['a', 'b', 'a', 'c']) hashes.remember(token, `hash-of-${token}`);
    expect(hashes.size).toBe(2);
    // `a` was remembered first (remembering it again does not make it newer): it left for `c`.
    expect(hashes.hashOf('a')).toBe(hashSecret('a'));
    expect(hashes.hashOf('b')).toBe('hash-of-b');
    expect(hashes.hashOf('c')).toBe('hash-of-c');
  });
});
