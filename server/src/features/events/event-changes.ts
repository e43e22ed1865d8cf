/**
 * §19's `changes`: the properties that differ between two shapes, by dotted path into them
 * (`isEnabled`, `rules.0.variationId`), leaves compared by value. A property only before is a removal
 * (`before` alone), only after an addition (`after` alone); empty arrays and objects are values too, so
 * `tags: [] → ["beta"]` reads as `tags.0` added and `tags` no longer `[]`.
 */
import type { EventChange } from '@flagplane/contract';

/** A non-empty array or object: its elements are the leaves, not itself. An empty one is a leaf value. */
function isContainer(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.length > 0;
  for (const _ in value) return true;
  return false;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Every leaf under `value` (itself, if it is one), in order, as `before`- or `after`-only changes. */
function allLeaves(value: unknown, path: string, side: 'before' | 'after', into: EventChange[]): void {
  if (isContainer(value)) {
    for (const key of Object.keys(value)) allLeaves(value[key], join(path, key), side, into);
  } else if (path !== '') {
    into.push(side === 'before' ? { path, before: value } : { path, after: value });
  }
}

function sameLeaf(a: unknown, b: unknown): boolean {
  return (
    a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b))
  );
}

/**
 * Walks both shapes at once, building a path only where something differs: removals and edits in the
 * order of `before`'s leaves into `changed`, additions in the order of `after`'s into `added`.
 */
function compare(
  before: unknown,
  after: unknown,
  path: string,
  changed: EventChange[],
  added: EventChange[],
) {
  const beforeIsContainer = isContainer(before);
  const afterIsContainer = isContainer(after);
  if (beforeIsContainer && afterIsContainer) {
    for (const key of Object.keys(before)) {
      if (Object.hasOwn(after, key)) compare(before[key], after[key], join(path, key), changed, added);
      else allLeaves(before[key], join(path, key), 'before', changed);
    }
    for (const key of Object.keys(after)) {
      if (!Object.hasOwn(before, key)) allLeaves(after[key], join(path, key), 'after', added);
    }
  } else if (beforeIsContainer || afterIsContainer) {
    allLeaves(before, path, 'before', changed);
    allLeaves(after, path, 'after', added);
  } else if (!sameLeaf(before, after)) {
    changed.push({ path, before, after });
  }
}

export function changesBetween(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): EventChange[] {
  const changed: EventChange[] = [];
  const added: EventChange[] = [];
  if (before === null) allLeaves(after, '', 'after', added);
  else if (after === null) allLeaves(before, '', 'before', changed);
  else compare(before, after, '', changed, added);
  return changed.concat(added);
}
