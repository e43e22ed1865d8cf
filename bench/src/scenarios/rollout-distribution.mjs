/**
 * §21's bucketing at scale: 1,000,000 evaluations of a 3-way percentage rollout (20 / 30 / 50) by
 * `@flagplane/evaluation`, one context key each, and how far each variation's share lands from its weight.
 */
import { FlagEvaluator } from '@flagplane/evaluation';
import { fmt, num } from '../lib/format.mjs';

const EVALUATIONS = 1_000_000;
/** Percentage points a share may stray from its weight. */
const TARGET = 0.5;
const weights = { a: 20, b: 30, c: 50 };

function rolloutDocument() {
  const id = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const variations = Object.keys(weights).map((key, index) => ({
    id: id(index + 1),
    key,
    value: key.toUpperCase(),
  }));
  return {
    flags: [
      {
        id: '7b0d5c3e-1f2a-4b6c-9d8e-0a1b2c3d4e5f',
        key: 'banner',
        type: 'String',
        isArchived: false,
        variations,
        configuration: {
          isEnabled: true,
          defaultVariationId: id(1),
          strategy: 'PercentageRollout',
          prerequisites: [],
          rules: [],
          percentageRollout: variations.map((variation) => ({
            variationId: variation.id,
            weight: weights[variation.key],
          })),
        },
      },
    ],
    segments: [],
  };
}

export const rolloutDistribution = {
  id: 'rollout-distribution',
  title: '1,000,000 evaluations of a 3-way percentage rollout',
  measures:
    'A String flag rolled out 20 / 30 / 50 % to three variations, evaluated by `FlagEvaluator` for the context ' +
    `keys user-0 … user-${fmt(EVALUATIONS - 1)}. Target: every variation's share within ±${TARGET} percentage points of its weight.`,
  async run() {
    const evaluator = new FlagEvaluator(rolloutDocument());
    const counts = { a: 0, b: 0, c: 0 };
    const started = performance.now();
    for (let index = 0; index < EVALUATIONS; index++) {
      const result = evaluator.evaluate('banner', { key: `user-${index}` });
      counts[result.variationKey] += 1;
    }
    const microsPerEvaluation = ((performance.now() - started) * 1000) / EVALUATIONS;
    const rows = Object.entries(weights).map(([key, weight]) => {
      const share = (counts[key] / EVALUATIONS) * 100;
      return { key, weight, share, deviation: Math.abs(share - weight) };
    });
    const worst = Math.max(...rows.map((row) => row.deviation));
    const pass = worst <= TARGET;
    return {
      title: this.title,
      measures: this.measures,
      targets: [
        {
          label: 'largest deviation of a share from its weight',
          value: `${num(worst)} pp`,
          target: `≤ ${TARGET} pp`,
          pass,
        },
      ],
      tables: [
        {
          columns: ['variation', 'weight', 'evaluations', 'share', 'deviation', 'result'],
          rows: rows.map((row) => [
            row.key,
            `${row.weight} %`,
            fmt(counts[row.key]),
            `${row.share.toFixed(3)} %`,
            `${row.deviation.toFixed(3)} pp`,
            row.deviation <= TARGET ? 'PASS' : 'FAIL',
          ]),
        },
      ],
      notes: [
        `${fmt(EVALUATIONS)} evaluations took ${num(microsPerEvaluation)} µs each (one SHA-256 per evaluation).`,
      ],
    };
  },
};
