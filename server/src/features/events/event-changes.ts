/**
 * §19's `changes`: the properties that differ between two shapes, by dotted path into them
 * (`isEnabled`, `rules.0.variationId`), leaves compared by value. A property only before is a removal
 * (`before` alone), only after an addition (`after` alone); empty arrays and objects are values too, so
 * `tags: [] → ["beta"]` reads as `tags.0` added and `tags` no longer `[]`.
 */
import type { EventChange } from '@flagplane/contract';

type Leaves = Map<string, unknown>;

function leavesOf(value: unknown, path: string, into: Leaves): Leaves {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((element, index) => {
      leavesOf(element, path ? `${path}.${index}` : String(index), into);
    });
  } else if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, property] of Object.entries(value))
      leavesOf(property, path ? `${path}.${key}` : key, into);
  } else if (path !== '') {
    into.set(path, value);
  }
  return into;
}

function sameLeaf(a: unknown, b: unknown): boolean {
  return (
    a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b))
  );
}

export function changesBetween(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): EventChange[] {
  const old = before ? leavesOf(before, '', new Map()) : new Map<string, unknown>();
  const now = after ? leavesOf(after, '', new Map()) : new Map<string, unknown>();
  const changes: EventChange[] = [];
  for (const [path, value] of old) {
    if (!now.has(path)) changes.push({ path, before: value });
    else if (!sameLeaf(value, now.get(path))) changes.push({ path, before: value, after: now.get(path) });
  }
  for (const [path, value] of now) if (!old.has(path)) changes.push({ path, after: value });
  return changes;
}
