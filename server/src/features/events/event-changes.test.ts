import { describe, expect, it } from 'vitest';
import { changesBetween } from './event-changes.js';

describe('changesBetween (§19 changes)', () => {
  it('names each changed leaf by its dotted path, leaving out what did not change', () => {
    const before = { name: 'A', isEnabled: false, rules: [{ id: 'r1', variationId: 'v1' }], tags: ['x'] };
    const after = { name: 'A', isEnabled: true, rules: [{ id: 'r1', variationId: 'v2' }], tags: ['x'] };
    expect(changesBetween(before, after)).toEqual([
      { path: 'isEnabled', before: false, after: true },
      { path: 'rules.0.variationId', before: 'v1', after: 'v2' },
    ]);
  });

  it('lists a creation as additions and a deletion as removals, in property order', () => {
    const shape = { key: 'k', variations: [{ value: 'true' }, { value: 'false' }], managedBy: null };
    expect(changesBetween(null, shape)).toEqual([
      { path: 'key', after: 'k' },
      { path: 'variations.0.value', after: 'true' },
      { path: 'variations.1.value', after: 'false' },
      { path: 'managedBy', after: null },
    ]);
    expect(changesBetween(shape, null)).toEqual([
      { path: 'key', before: 'k' },
      { path: 'variations.0.value', before: 'true' },
      { path: 'variations.1.value', before: 'false' },
      { path: 'managedBy', before: null },
    ]);
  });

  it('treats empty arrays and objects as values: filling one removes it and adds its elements', () => {
    expect(changesBetween({ tags: [], meta: {} }, { tags: ['beta'], meta: { a: 1 } })).toEqual([
      { path: 'tags', before: [] },
      { path: 'meta', before: {} },
      { path: 'tags.0', after: 'beta' },
      { path: 'meta.a', after: 1 },
    ]);
    expect(changesBetween({ tags: ['beta'] }, { tags: [] })).toEqual([
      { path: 'tags.0', before: 'beta' },
      { path: 'tags', after: [] },
    ]);
  });

  it('reports a longer or shorter list by its extra elements, removals before additions', () => {
    expect(changesBetween({ a: [1, 2, 3], b: 'x' }, { a: [1], b: 'y' })).toEqual([
      { path: 'a.1', before: 2 },
      { path: 'a.2', before: 3 },
      { path: 'b', before: 'x', after: 'y' },
    ]);
    expect(changesBetween({ a: [1], b: null }, { a: [1, { c: true }], b: { d: 'e' } })).toEqual([
      { path: 'b', before: null },
      { path: 'a.1.c', after: true },
      { path: 'b.d', after: 'e' },
    ]);
  });

  it('finds nothing between equal shapes, even built separately', () => {
    const make = () => ({ rules: [{ conditionGroups: [{ conditions: [{ values: ['NL'] }] }] }], empty: [] });
    expect(changesBetween(make(), make())).toEqual([]);
  });
});
