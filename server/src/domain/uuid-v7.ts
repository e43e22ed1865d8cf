/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, so ids sort by time (§19).
 * Within one millisecond the 12 bits after the version count up, so the ids this process makes sort in
 * the order it made them; when they run out, the time moves on by a millisecond.
 */
import { randomBytes } from 'node:crypto';

let lastMilliseconds = 0;
let sequence = 0;

export function uuidV7(now: number = Date.now()): string {
  if (now > lastMilliseconds) {
    lastMilliseconds = now;
    sequence = randomBytes(2).readUInt16BE(0) & 0x7ff; // start low in the 12 bits: room to count up
  } else if (++sequence > 0xfff) {
    lastMilliseconds++;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  const time = lastMilliseconds;
  bytes.writeUIntBE(time, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
