/** Evaluation results (§21) as a table a person reads: flag, value, variation, reason. */
import type { EvaluationResultShape } from '@flagplane/contract';
import type { TerminalStyle } from '../output/terminal-style.js';

function reasonText(reason: EvaluationResultShape['reason']): string {
  switch (reason.kind) {
    case 'Rule':
      return `Rule #${(reason.ruleIndex ?? 0) + 1}`;
    case 'PrerequisiteFailed':
      return `PrerequisiteFailed (${reason.prerequisiteKey})`;
    case 'Error':
      return `Error${reason.errorCode ? ` (${reason.errorCode})` : ''}${reason.errorMessage ? `: ${reason.errorMessage}` : ''}`;
    default:
      return reason.kind;
  }
}

export function resultsAsText(results: readonly EvaluationResultShape[], style: TerminalStyle): string {
  if (results.length === 0) return 'No flags.\n';
  const rows = results.map((result) => [
    result.flagKey,
    JSON.stringify(result.value),
    result.variationKey ?? '',
    reasonText(result.reason),
  ]);
  const header = ['flag', 'value', 'variation', 'reason'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[style.bold(line(header)), ...rows.map(line)].join('\n')}\n`;
}
