/** Reorder (document rule 8, §10): the requested ids must be exactly the existing ids, each once. */

/** Why `requested` is not a new order of `existing`, naming every offending id; null when it is one. */
export function ruleOrderProblem(existing: readonly string[], requested: readonly string[]): string | null {
  const known = new Set(existing);
  const seen = new Set<string>();
  const duplicate = new Set<string>();
  for (const id of requested) {
    if (seen.has(id)) duplicate.add(id);
    seen.add(id);
  }
  const missing = existing.filter((id) => !seen.has(id));
  const unknown = [...seen].filter((id) => !known.has(id));
  const parts = [
    duplicate.size > 0 && `duplicate: ${[...duplicate].join(', ')}`,
    missing.length > 0 && `missing: ${missing.join(', ')}`,
    unknown.length > 0 && `unknown: ${unknown.join(', ')}`,
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return null;
  return `ruleIds must list every rule of this configuration exactly once (${parts.join('; ')}).`;
}
