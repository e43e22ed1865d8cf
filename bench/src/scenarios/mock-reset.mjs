/**
 * Scenario 8: what going back to a seed of 1,000 flags costs the mock, against what a test typically
 * does between two resets: 10 single-flag creations through the mock.
 */
import { ms, range, ratio, us } from '../lib/format.mjs';
import { createFlagRequest, handleExpecting, mockWithFlags } from '../lib/mock-fixture.mjs';
import { summarize } from '../lib/stats.mjs';
import { targetColumns, verdictAtMost } from '../lib/table.mjs';

const TARGET = 1;

const timed = async (fn) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

export const mockReset = {
  id: 'mock-reset',
  title: 'Mock reset to a seed of 1,000 flags',
  measures:
    'Going back to a state of 1,000 flags (project `web` of organization `acme`, the flags created through ' +
    'the mock), against 10 single-flag creations through the mock (`mock.handle` of `POST …/flags`, what ' +
    'msw, nock and the mock’s port all call), alternately: reset, 10 creations, reset … (each reset ' +
    'undoes the previous 10). The mock has no public way to make a state its seed (`createFlagplaneMock` ' +
    'seeds identities only; `reset()` restores a private snapshot taken at creation), so the reset ' +
    'measured is what `reset()` does with its seed, `mock.app.store.replace(snapshotWith1000Flags)`. ' +
    'Target: a reset costs at most as much as 10 creations (≤ 1×).',
  async run(ctx) {
    const { flags, creations, warmupRounds, rounds } = ctx.settings.reset;
    const built = performance.now();
    const mock = await mockWithFlags(flags);
    const buildMs = performance.now() - built;
    try {
      const seed = mock.snapshot();
      const requests = Array.from({ length: creations }, (_, i) => createFlagRequest(mock, `extra-${i}`));
      const reset = () => mock.app.store.replace(seed);
      const create = async () => {
        for (const request of requests) await handleExpecting(mock, request, 201);
      };
      const resetTimes = [];
      const createTimes = [];
      for (let round = 0; round < warmupRounds + rounds; round++) {
        const resetMs = await timed(reset);
        const createMs = await timed(create);
        if (round < warmupRounds) continue;
        resetTimes.push(resetMs);
        createTimes.push(createMs);
      }
      const flagsAfter = Object.keys(mock.snapshot().flags).length;
      if (flagsAfter !== flags + creations) {
        throw new Error(`expected ${flags + creations} flags after a round, found ${flagsAfter}`);
      }
      const resetSummary = summarize(resetTimes);
      const createSummary = summarize(createTimes);
      const ratios = summarize(resetTimes.map((r, i) => r / createTimes[i]));
      const pass = ratios.median <= TARGET;
      return {
        title: this.title,
        measures: this.measures,
        targets: [
          {
            label: `reset (1,000 flags) vs ${creations} creations`,
            value: ratio(ratios.median),
            target: `≤ ${TARGET}×`,
            pass,
          },
        ],
        tables: [
          {
            columns: targetColumns,
            rows: [
              [
                `reset vs ${creations} creations (median (min–max))`,
                range(resetSummary, ms),
                range(createSummary, ms),
                ratio(ratios.median),
                `≤ ${TARGET}×`,
                verdictAtMost(ratios.median, TARGET),
              ],
              [
                'per flag of the seed / per creation',
                us((resetSummary.median * 1000) / flags),
                us((createSummary.median * 1000) / creations),
                '',
                '',
                '',
              ],
            ],
          },
        ],
        notes: [
          `${rounds} rounds after ${warmupRounds} warm-up rounds; the ratio is the median of the per-round ratios (reset ÷ the ${creations} creations that follow it), min–max ${ratio(ratios.min)}–${ratio(ratios.max)}.`,
          `Building the mock and creating its ${flags} flags one by one took ${Math.round(buildMs)} ms (once, not measured).`,
          '`reset()` also clears the rate-limit counts, the faults and the request log; none of those grows with the seed.',
        ],
      };
    } finally {
      await mock.close();
    }
  },
};
