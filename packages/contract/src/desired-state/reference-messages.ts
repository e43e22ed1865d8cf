/** The wording of a reference that names nothing declared: what was named, and what was probably meant. */
import { closestMatches } from '../edit-distance.js';
import { didYouMean } from './desired-state-problem.js';

export function unknownReference(
  kind: string,
  named: string,
  declared: Iterable<string>,
  owner: string,
): string {
  const candidates = [...declared];
  const close = likelyMeant(named, candidates);
  if (close.length > 0) return `unknown ${kind} "${named}"${didYouMean(close)}`;
  if (candidates.length === 0) return `unknown ${kind} "${named}"; ${owner} declares none`;
  const listed = candidates.slice(0, 10).map((candidate) => `"${candidate}"`);
  const more = candidates.length > 10 ? `, … (${candidates.length} in all)` : '';
  return `unknown ${kind} "${named}"; ${owner} declares ${listed.join(', ')}${more}`;
}

/** The candidate `named` was probably meant to be: a close spelling, else one it abbreviates. */
export function likelyMeant(named: string, candidates: readonly string[]): string[] {
  const close = closestMatches(named, candidates, { maxDistance: 3, max: 1 });
  if (close.length > 0 || named.length < 2) return close;
  // An abbreviation (`prod` for `production`) is too far by edit distance but plainly meant.
  const lowered = named.toLowerCase();
  const extended = candidates.find((candidate) => candidate.toLowerCase().startsWith(lowered));
  return extended === undefined ? [] : [extended];
}

/** Keeps the first place each key appears and reports every later one. */
export class DuplicateKeys {
  readonly #first = new Map<string, string>();

  constructor(private readonly kind: string) {}

  /** The problem message when `key` was already seen, else null (and `key` is remembered at `place`). */
  check(key: string | undefined, place: string): string | null {
    if (key === undefined) return null;
    const first = this.#first.get(key);
    if (first !== undefined) return `duplicate ${this.kind} "${key}" (first declared at ${first})`;
    this.#first.set(key, place);
    return null;
  }
}
