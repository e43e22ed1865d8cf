/**
 * The report of a run: the machine, a summary of every target, then each scenario's tables and notes.
 * Printed after a quick run; a full run of every scenario also writes it to bench/RESULTS.md.
 */

import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { renderTable } from './table.mjs';

export function machine() {
  const list = cpus();
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpuCount: list.length,
    cpuModel: list[0]?.model?.trim() ?? 'unknown',
  };
}

/** Every target of every scenario, failing ones included. */
export function targetSummary(results) {
  const rows = [];
  for (const result of results) {
    for (const target of result.targets ?? []) {
      rows.push([result.title, target.label, target.value, target.target, target.pass ? 'PASS' : 'FAIL']);
    }
  }
  return { columns: ['scenario', 'measure', 'ratio', 'target', 'result'], rows };
}

export function renderReport({ mode, startedAt, elapsedMs, results, errors }) {
  const m = machine();
  const lines = [
    '# Flagplane benchmarks',
    '',
    `${mode === 'full' ? 'Full' : 'Quick'} run of ${startedAt.toISOString()} — Node ${m.node}, ${m.cpuCount} CPUs (${m.cpuModel}), ${m.platform}; the run took ${Math.round(elapsedMs / 1000)} s.`,
    '',
    'Every ratio compares Flagplane with a baseline measured in the same run, on the same machine, with the',
    'load generator (autocannon) or the client (SDK, mock) in the bench process and each server in its own',
    'process unless a scenario says otherwise; the CLI runs as its own process. Regenerate with',
    '`npm run bench` at the repository root (see bench/README.md for what each scenario measures).',
    '',
    '## Targets',
    '',
    renderTable(targetSummary(results)),
    '',
  ];
  for (const error of errors) lines.push(`**${error.title}: did not complete** — ${error.message}`, '');
  results.forEach((result, index) => {
    lines.push(`## ${index + 1}. ${result.title}`, '', result.measures, '');
    for (const table of result.tables) lines.push(renderTable(table), '');
    for (const note of result.notes ?? []) lines.push(`- ${note}`);
    if (result.notes?.length) lines.push('');
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

export async function writeReport(path, markdown) {
  await writeFile(path, markdown);
}
