/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, so ids sort by time (§19).
 * Within one millisecond the 12 bits after the version count up, so the ids this process makes sort in
 * the order it made them; when they run out, the time moves on by a millisecond.
 *
 * One id per write, on the write path: the random bits come from a pool filled 4 KiB at a time (as
 * node's own randomUUID does), and the hex from a table, so an id costs no allocation but its string.
 */
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** `count` random bytes from the pool, at the returned offset (valid until the next call). */
function randomAt(count: number): number {
  if (poolOffset + count > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const offset = poolOffset;
  poolOffset += count;
  return offset;
}

const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * A generator of its own: the last millisecond and the count within it. The server uses one (`uuidV7`);
 * a test makes its own, so that no other code's ids decide where it starts.
 */
export function uuidV7Generator(): (now?: number) => string {
  let lastMilliseconds = 0;
  let sequence = 0;
  return (now = Date.now()) => {
    if (now > lastMilliseconds) {
      lastMilliseconds = now;
      const at = randomAt(2);
      sequence = ((pool[at] as number) * 256 + (pool[at + 1] as number)) & 0x7ff; // start low: room to count up
    } else if (++sequence > 0xfff) {
      lastMilliseconds++;
      sequence = 0;
    }
    return format(lastMilliseconds, sequence);
  };
}

/** This process's ids (event ids, §19), in the order it made them. */
export const uuidV7 = uuidV7Generator();

function format(time: number, sequence: number): string {
  // 48 bits of milliseconds: the high 16 and the low 32, as 12 hex digits.
  const high = Math.floor(time / 0x1_0000_0000);
  const low = time >>> 0;
  const r = randomAt(8);
  const byte = (index: number) => hex[pool[r + index] as number] as string;
  return (
    hex[(high >>> 8) & 0xff] +
    (hex[high & 0xff] as string) +
    hex[(low >>> 24) & 0xff] +
    hex[(low >>> 16) & 0xff] +
    '-' +
    hex[(low >>> 8) & 0xff] +
    hex[low & 0xff] +
    '-' +
    hex[0x70 | (sequence >> 8)] +
    hex[sequence & 0xff] +
    '-' +
    hex[0x80 | ((pool[r] as number) & 0x3f)] +
    byte(1) +
    '-' +
    byte(2) +
    byte(3) +
    byte(4) +
    byte(5) +
    byte(6) +
    byte(7)
  );
}
