/** Evaluation results (§21) as a table a person reads: flag, value, variation, reason. */
import type { EvaluationResultShape } from '@flagplane/contract';
import type { TerminalStyle } from '../../output/terminal-style.js';

/** A rule's description by its id: what a person wrote to say what the rule is for. */
export type RuleDescriptions = ReadonlyMap<string, string>;

function reasonText(reason: EvaluationResultShape['reason'], rules: RuleDescriptions): string {
  switch (reason.kind) {
    case 'Rule': {
      const number = `Rule #${(reason.ruleIndex ?? 0) + 1}`;
      const description = reason.ruleId ? rules.get(reason.ruleId) : undefined;
      return description ? `${number}: ${description}` : number;
    }
    case 'PrerequisiteFailed':
      return `PrerequisiteFailed (${reason.prerequisiteKey})`;
    case 'Error':
      return `Error${reason.errorCode ? ` (${reason.errorCode})` : ''}${reason.errorMessage ? `: ${reason.errorMessage}` : ''}`;
    default:
      return reason.kind;
  }
}

/** `rules` names the rules that served (by their descriptions); a rule without one is shown by number. */
export function resultsAsText(
  results: readonly EvaluationResultShape[],
  style: TerminalStyle,
  rules: RuleDescriptions = new Map(),
): string {
  if (results.length === 0) return 'No flags.\n';
  const rows = results.map((result) => [
    result.flagKey,
    JSON.stringify(result.value),
    result.variationKey ?? '',
    reasonText(result.reason, rules),
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
