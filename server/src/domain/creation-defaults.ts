/**
 * What a creation body's optional naming properties become (§2, §3): an omitted or null `name` is the
 * key, and an omitted, null or `""` description is none, stored as null.
 */

export interface NamedCreation {
  readonly key: string;
  readonly name?: string | null | undefined;
  readonly description?: string | null | undefined;
}

export function storedDescription(requested: string | null | undefined): string | null {
  return requested || null;
}

/** `key`, `name` and `description` of a new project, flag, variation or segment. */
export function namedAfterKey(body: NamedCreation): {
  key: string;
  name: string;
  description: string | null;
} {
  return { key: body.key, name: body.name ?? body.key, description: storedDescription(body.description) };
}
