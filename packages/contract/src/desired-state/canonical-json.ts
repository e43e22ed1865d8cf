/**
 * One JSON text per value: object keys sorted, no whitespace, undefined properties left out. Triggers
 * compare as strings, so the constructs must write the same text for the same desired state on every
 * synth, whatever order the props were written in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedKeys(value));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((element) => (element === undefined ? null : sortedKeys(element)));
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const property = (value as Record<string, unknown>)[key];
    if (property !== undefined) sorted[key] = sortedKeys(property);
  }
  return sorted;
}
