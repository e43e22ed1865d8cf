import { describe, expect, it } from 'vitest';
import { prerequisiteCycle } from './prerequisite-cycle.js';

const graph = (edges: Record<string, string[]>) => (flagId: string) => edges[flagId] ?? [];

describe('prerequisiteCycle', () => {
  it('finds no cycle when the new prerequisite does not lead back', () => {
    expect(prerequisiteCycle('a', 'b', graph({ a: ['b'], b: ['c'], c: [] }))).toBeNull();
  });

  it('reports a direct cycle between two flags', () => {
    expect(prerequisiteCycle('a', 'b', graph({ a: ['b'], b: ['a'] }))).toEqual(['a', 'b', 'a']);
  });

  it('reports the shortest of several paths back to the flag', () => {
    const edges = graph({ a: ['b'], b: ['c', 'a'], c: ['d'], d: ['a'] });
    expect(prerequisiteCycle('a', 'b', edges)).toEqual(['a', 'b', 'a']);
  });

  it('reports a long cycle in order', () => {
    const edges = graph({ a: ['b'], b: ['c'], c: ['d'], d: ['a'] });
    expect(prerequisiteCycle('a', 'b', edges)).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('terminates on cycles that do not pass through the flag', () => {
    expect(prerequisiteCycle('a', 'b', graph({ a: ['b'], b: ['c'], c: ['b'] }))).toBeNull();
  });

  it('walks deep chains without recursion', () => {
    const edges: Record<string, string[]> = { a: ['f0'] };
    for (let index = 0; index < 50_000; index++) edges[`f${index}`] = [`f${index + 1}`];
    edges.f50000 = ['a'];
    expect(prerequisiteCycle('a', 'f0', graph(edges))).toHaveLength(50_003);
  });
});
