/**
 * Read-only accessors over a document that has not passed the schema yet. The cross-reference checks use
 * them so that one run reports every problem at once: a wrong type in one flag must not hide an unknown
 * variation in another.
 */
export type LenientObject = Readonly<Record<string, unknown>>;

export function asObject(value: unknown): LenientObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as LenientObject)
    : undefined;
}

export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `[index, object]` for every element of an array property that is an object. */
export function objectsIn(value: unknown): [number, LenientObject][] {
  const entries: [number, LenientObject][] = [];
  asArray(value).forEach((element, index) => {
    const object = asObject(element);
    if (object) entries.push([index, object]);
  });
  return entries;
}
