import { describe, expect, it } from 'vitest';
import { ruleOrderProblem } from './rule-order.js';

describe('ruleOrderProblem', () => {
  it('accepts every existing id once, in any order', () => {
    expect(ruleOrderProblem(['r1', 'r2', 'r3'], ['r3', 'r1', 'r2'])).toBeNull();
  });

  it('accepts an empty list for a configuration without rules', () => {
    expect(ruleOrderProblem([], [])).toBeNull();
  });

  it('names duplicate, missing and unknown ids together', () => {
    const problem = ruleOrderProblem(['r1', 'r2', 'r3'], ['r1', 'r1', 'r4']);
    expect(problem).toContain('duplicate: r1');
    expect(problem).toContain('missing: r2, r3');
    expect(problem).toContain('unknown: r4');
  });

  it('refuses a duplicate even when nothing is missing', () => {
    expect(ruleOrderProblem(['r1', 'r2'], ['r1', 'r2', 'r2'])).toContain('duplicate: r2');
  });

  it('names only the kinds of mismatch that occur', () => {
    const problem = ruleOrderProblem(['r1', 'r2'], ['r1']);
    expect(problem).toContain('missing: r2');
    expect(problem).not.toContain('duplicate');
    expect(problem).not.toContain('unknown');
  });
});
