import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';
import { Readiness } from './readiness.js';

/** A store whose database answers as `outcome` says, counting the questions. */
function storeWithDatabase(outcome: { up: boolean }) {
  const calls = { count: 0, timeouts: [] as number[] };
  const store: Store = Object.assign(createMemoryStore(), {
    checkReady: (timeoutMs: number) => {
      calls.count++;
      calls.timeouts.push(timeoutMs);
      return outcome.up
        ? Promise.resolve()
        : Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    },
  });
  return { store, calls };
}

describe('Readiness', () => {
  it('is ready at once on a store that needs no database', async () => {
    expect(await new Readiness(createMemoryStore()).check()).toEqual({ ready: true });
  });

  it('asks the database once for concurrent probes and reuses the outcome for cacheMs', async () => {
    const outcome = { up: true };
    const { store, calls } = storeWithDatabase(outcome);
    const readiness = new Readiness(store, { cacheMs: 1000, timeoutMs: 300 });
    const t0 = Date.now();
    const answers = await Promise.all([readiness.check(t0), readiness.check(t0), readiness.check(t0)]);
    expect(answers).toEqual([{ ready: true }, { ready: true }, { ready: true }]);
    expect(calls).toEqual({ count: 1, timeouts: [300] });

    outcome.up = false;
    expect(await readiness.check(Date.now())).toEqual({ ready: true }); // still the kept outcome
    expect(calls.count).toBe(1);
    const later = await readiness.check(Date.now() + 1001);
    expect(later).toEqual({
      ready: false,
      reason: 'the database does not answer: connect ECONNREFUSED 127.0.0.1:5432',
    });
    expect(calls.count).toBe(2);
  });
});
