import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestMatches, editDistance } from '../src/edit-distance.js';

/** The textbook O(n·m) recurrence, to check the banded version against. */
function reference(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      row[j] = Math.min(
        rows[i - 1]![j]! + 1,
        row[j - 1]! + 1,
        rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
  }
  return rows[a.length]![b.length]!;
}

describe('editDistance', () => {
  it('agrees with the textbook recurrence, exactly within the limit and as limit+1 beyond it', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        fc.integer({ min: 0, max: 5 }),
        (a, b, limit) => {
          const exact = reference(a, b);
          expect(editDistance(a, b)).toBe(exact);
          expect(editDistance(a, b, limit)).toBe(exact <= limit ? exact : limit + 1);
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });

  it('finds the closest among thousands of long candidates', () => {
    const keys = Array.from(
      { length: 5000 },
      (_, index) => `${'k'.repeat(120)}-${String(index).padStart(7, '0')}`,
    );
    expect(closestMatches(`${'k'.repeat(120)}-0000001x`, keys, { maxDistance: 3, max: 3 })).toEqual([
      `${'k'.repeat(120)}-0000001`,
      `${'k'.repeat(120)}-0000000`,
      `${'k'.repeat(120)}-0000002`,
    ]);
  });
});
