/** Property-by-property comparison of a live resource with its desired form. */
import type { PropertyChange } from './plan.js';

/** Deep equality of plain data (what JSON can hold), key order ignored. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((element, index) => sameValue(element, b[index]))
    );
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** The changes between `before` and `after` over the listed properties, in that order. */
export function propertyChanges<Property extends string>(
  before: { readonly [P in Property]?: unknown },
  after: { readonly [P in Property]?: unknown },
  properties: readonly Property[],
): PropertyChange[] {
  return properties
    .filter((property) => !sameValue(before[property], after[property]))
    .map((property) => ({ property, before: before[property], after: after[property] }));
}
