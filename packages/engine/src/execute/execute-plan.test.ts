import { describe, expect, it } from 'vitest';
import type { PlannedChange, PlanStep, StepContext } from '../plan/plan.js';
import { executePlan } from './execute-plan.js';

function step(id: string, dependsOn: string[], run: () => Promise<void> = async () => {}): PlanStep {
  const change: PlannedChange = {
    id,
    kind: 'flag',
    project: 'p',
    resource: id,
    action: 'update',
    changes: [],
    destructive: false,
    dependsOn,
  };
  return { change, run };
}

const context = {} as StepContext;

describe('executePlan', () => {
  it('runs a step only after its dependencies, and at most `concurrency` at a time', async () => {
    const order: string[] = [];
    let running = 0;
    let peak = 0;
    const work = (id: string) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(id);
      running--;
    };
    const result = await executePlan(
      [
        step('c', ['a', 'b'], work('c')),
        step('a', [], work('a')),
        step('b', [], work('b')),
        step('d', [], work('d')),
      ],
      context,
      { concurrency: 2 },
    );
    expect(result.failed).toEqual([]);
    expect(order.indexOf('c')).toBeGreaterThan(Math.max(order.indexOf('a'), order.indexOf('b')));
    expect(peak).toBe(2);
  });

  it('skips everything that depends on a failure, transitively, and finishes independent work', async () => {
    const result = await executePlan(
      [
        step('a', [], async () => {
          throw new Error('boom');
        }),
        step('b', ['a']),
        step('c', ['b']),
        step('d', []),
      ],
      context,
      { concurrency: 4 },
    );
    expect(result).toEqual({
      done: ['d'],
      failed: [{ id: 'a', error: 'boom' }],
      skipped: [
        { id: 'b', because: 'a' },
        { id: 'c', because: 'a' },
      ],
    });
  });
});
