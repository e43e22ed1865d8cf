import { describe, expect, it } from 'vitest';
import { uuidV7Generator } from './uuid-v7.js';

const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisecondsOf = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);

// The generator remembers the last time it used; each test moves a clock forward from there. A generator
// of this file's own: what other code made ids for does not decide where it starts.
const uuidV7 = uuidV7Generator();
let clock = Date.now() + 1000;

describe('uuidV7', () => {
  it('is an RFC 9562 version 7 UUID carrying its time in the first 48 bits', () => {
    // Times whose 48 bits exercise both halves of the encoding (below and above 2^32).
    for (const now of [clock, 0x1_0000_0000 * 500 + 0xffff_ffff, 0x1_0000_0000 * 501, 2 ** 47]) {
      const id = uuidV7(now);
      expect(id).toMatch(shape);
      expect(millisecondsOf(id)).toBe(now);
    }
  });

  it('sorts in the order it was made, within one millisecond and past its 4,096 ids', () => {
    const now = 2 ** 47 + 100;
    const ids = Array.from({ length: 6_000 }, () => uuidV7(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(shape);
    // The counter ran out: the time moved on by a millisecond, never back.
    expect(millisecondsOf(ids.at(-1) as string)).toBe(now + 1);
  });

  it('stays in order when the clock goes back', () => {
    const before = uuidV7(2 ** 47 + 200);
    clock = Date.now();
    expect(uuidV7(clock) > before).toBe(true);
  });

  it('has random bits that differ from id to id', () => {
    const tails = new Set(Array.from({ length: 1000 }, () => uuidV7().slice(19)));
    expect(tails.size).toBe(1000);
  });
});
