/**
 * The SHA-256 hashes of bearer tokens that recently named a credential, by token. Hashing the token is
 * the largest single cost of an authenticated read (an A/B of two builds on `GET …/flags/{flag}`: ~18 %
 * more requests per second with the hash remembered), and a token's hash never changes.
 *
 * What is and is not remembered:
 * - only tokens that named a credential, so a stream of made-up tokens cannot push real ones out, and at
 *   most `capacity` of them, the oldest remembered leaving first;
 * - the hash only: the credential is still looked up by hash on every request, so a revoked or expired
 *   token stops working at once;
 * - in this process's memory only, like the request headers that carry the tokens: never written to the
 *   data file, never logged (§5 is about what is stored and logged).
 */
import { hashSecret } from './principal.js';

export class TokenHashes {
  readonly #hashes = new Map<string, string>();

  constructor(private readonly capacity = 1_024) {}

  /** The hash, if `token` has named a credential recently. */
  remembered(token: string): string | undefined {
    return this.#hashes.get(token);
  }

  hashOf(token: string): string {
    return this.#hashes.get(token) ?? hashSecret(token);
  }

  /** Call once the hash has named a credential. */
  remember(token: string, hash: string): void {
    if (this.#hashes.has(token)) return;
    if (this.#hashes.size >= this.capacity) {
      const oldest = this.#hashes.keys().next();
      if (!oldest.done) this.#hashes.delete(oldest.value);
    }
    this.#hashes.set(token, hash);
  }

  get size(): number {
    return this.#hashes.size;
  }
}
