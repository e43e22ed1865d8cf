/**
 * The result of a scenario that loads two write servers in turns (the event log on and off, PostgreSQL
 * and the file store): one target on the median of the per-round ratios, and one table of toggles/s,
 * latency and memory, its columns named after the two.
 */
import { mb, num, range, ratio } from './format.mjs';
import { summarize } from './stats.mjs';
import { targetColumns, verdict } from './table.mjs';

/**
 * @param {object} spec
 * @param {string} spec.title
 * @param {string} spec.measures
 * @param {string} spec.label the target's label
 * @param {number} spec.target the lowest acceptable ratio
 * @param {number} spec.result the median of the per-round ratios
 * @param {{ name: string, runs: object[], memory: { rss: number } }} spec.subject
 * @param {{ name: string, runs: object[], memory: { rss: number } }} spec.baseline
 * @param {string[]} spec.notes
 */
export function writeComparisonResult({ title, measures, label, target, result, subject, baseline, notes }) {
  const rates = (runs) => range(summarize(runs.map((run) => run.requestsPerSecond)));
  const latency = (runs) => `${num(runs.at(-1).latencyMs.p50)} / ${num(runs.at(-1).latencyMs.p99)} ms`;
  return {
    title,
    measures,
    targets: [{ label, value: ratio(result), target: `≥ ${target}×`, pass: result >= target }],
    tables: [
      {
        columns: targetColumns.map((column) =>
          column === 'Flagplane' ? subject.name : column === 'baseline' ? baseline.name : column,
        ),
        rows: [
          [
            'toggles/s (median (min–max))',
            rates(subject.runs),
            rates(baseline.runs),
            ratio(result),
            `≥ ${target}×`,
            verdict(result, target),
          ],
          ['latency p50 / p99 (last round)', latency(subject.runs), latency(baseline.runs), '', '', ''],
          ['memory after (RSS)', mb(subject.memory.rss), mb(baseline.memory.rss), '', '', ''],
        ],
      },
    ],
    notes,
  };
}
