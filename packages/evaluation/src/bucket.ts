/**
 * §21's bucket: where a context key falls in [0, 1) for a seed (a flag id for percentage rollouts, a rule
 * id for a rule's rollout), the same on every server, SDK and tool: the first 4 bytes of SHA-256 of the
 * UTF-8 text `seed + ":" + key`, as a big-endian unsigned integer, divided by 2^32.
 */
import { sha256Words } from './sha256.js';

const utf8 = new TextEncoder();

export function bucket(seed: string, key: string): number {
  return (sha256Words(utf8.encode(`${seed}:${key}`))[0] as number) / 2 ** 32;
}
