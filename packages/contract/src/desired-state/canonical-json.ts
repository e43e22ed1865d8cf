/**
 * One JSON text per value: object keys sorted, no whitespace, undefined properties left out. Triggers
 * compare as strings, so the constructs must write the same text for the same desired state on every
 * synth, whatever order the props were written in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalForm(value));
}

/**
 * What `canonicalJson` serializes: a copy of `value` with object keys sorted and undefined properties left
 * out (an undefined array element becomes null). `JSON.stringify` of any part of it is the canonical JSON
 * of that part, so a document put in canonical form once can be written out piece by piece (the constructs
 * write every resource's spec and then the whole document) without sorting it again.
 */
export function canonicalForm(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((element) => (element === undefined ? null : canonicalForm(element)));
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const property = (value as Record<string, unknown>)[key];
    if (property !== undefined) sorted[key] = canonicalForm(property);
  }
  return sorted;
}
