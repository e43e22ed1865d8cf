/**
 * §3: PUT bodies are partial. An omitted or null property keeps its value; a description can also be
 * cleared, which a client says with `""` (§2: an empty description is none, stored as null).
 */
import { storedDescription } from './creation-defaults.js';

/** The description after a partial update: omitted or null keeps `stored`; `""` clears it; text replaces it. */
export function updatedDescription(
  stored: string | null,
  requested: string | null | undefined,
): string | null {
  return requested === undefined || requested === null ? stored : storedDescription(requested);
}
