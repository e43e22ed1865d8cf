/**
 * Bodies a route has already checked, by their text. A polling client asks again and again with the same
 * body (OFREP's bulk evaluation with its context and an ETag, §23): checking it once against the contract
 * is enough, and the same checked value each time lets what is derived from it be remembered by identity
 * (the bulk ETag). Bounded: small bodies only, and the oldest forgotten first.
 */
import type { Endpoint } from '@flagplane/contract';
import { parseInput } from './contract-checks.js';

/** Bodies longer than this are checked every time (a context is a few hundred bytes). */
const longestRemembered = 4096;
/** At most this many bodies per route: under 4 MB of text with the bound above. */
const remembered = 1024;

export class CheckedBodies {
  readonly #schema: NonNullable<Endpoint['body']>;
  readonly #byText = new Map<string, unknown>();

  constructor(schema: NonNullable<Endpoint['body']>) {
    this.#schema = schema;
  }

  /** The checked body (throws the contract's 400 as `parseInput` does); `text` is what was sent. */
  check(value: unknown, text: string | null): unknown {
    if (text === null || text.length > longestRemembered) return parseInput(this.#schema, value);
    const known = this.#byText.get(text);
    if (known !== undefined) return known;
    const checked = parseInput(this.#schema, value);
    if (this.#byText.size >= remembered) this.#byText.delete(this.#byText.keys().next().value as string);
    this.#byText.set(text, checked);
    return checked;
  }
}
