/** Suggestions for `did_you_mean` (§3, §15): Levenshtein distance, closest first. */

/**
 * The Levenshtein distance between `a` and `b`, or `limit + 1` as soon as it is certain to exceed
 * `limit`. Only a band of width 2·limit+1 around the diagonal can hold distances within the limit, so a
 * bounded call costs O(length · limit), not O(length²): a 404 that suggests keys among thousands of long
 * ones stays cheap (an unbounded comparison of 128-character keys is ~16k steps each).
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  const band = Number.isFinite(limit) ? limit : Math.max(a.length, b.length);
  const outside = Number.POSITIVE_INFINITY;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => (index <= band ? index : outside));
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(outside);
    if (i <= band) current[0] = i;
    let rowMinimum = current[0] ?? outside;
    for (let j = Math.max(1, i - band); j <= Math.min(b.length, i + band); j++) {
      const substitution = (previous[j - 1] ?? outside) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const value = Math.min((previous[j] ?? outside) + 1, (current[j - 1] ?? outside) + 1, substitution);
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    previous = current;
  }
  const distance = previous[b.length] ?? outside;
  return distance > limit ? limit + 1 : distance;
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
    if (candidate !== input) {
      const distance = editDistance(lowered, candidate.toLowerCase(), maxDistance);
      if (distance <= maxDistance) scored.push({ candidate, distance, order });
    }
    order++;
  }
  scored.sort((x, y) => x.distance - y.distance || x.order - y.order);
  return scored.slice(0, max).map((entry) => entry.candidate);
}
