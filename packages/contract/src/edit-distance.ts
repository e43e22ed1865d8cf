/** Suggestions for `did_you_mean` (§3, §15): Levenshtein distance, closest first. */

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidates within `maxDistance` of `input`, closest first (ties keep the candidates' order), at
 * most `max` of them. A case-insensitive match counts as distance 0 so `serverside` suggests `ServerSide`.
 */
export function closestMatches(
  input: string,
  candidates: Iterable<string>,
  { maxDistance, max }: { maxDistance: number; max: number },
): string[] {
  const lowered = input.toLowerCase();
  const scored: { candidate: string; distance: number; order: number }[] = [];
  let order = 0;
  for (const candidate of candidates) {
    // Cheap bound first: lengths further apart than the threshold can never be close enough.
    if (Math.abs(candidate.length - input.length) <= maxDistance) {
      const distance =
        candidate.toLowerCase() === lowered ? 0 : editDistance(lowered, candidate.toLowerCase());
      if (distance <= maxDistance && candidate !== input) scored.push({ candidate, distance, order });
    }
    order++;
  }
  scored.sort((x, y) => x.distance - y.distance || x.order - y.order);
  return scored.slice(0, max).map((entry) => entry.candidate);
}
