/** What a context is served (§21): per flag, the variation, its value and why (a rule by its description). */
import type { EvaluationResults } from '@flagplane/sdk';
import type { RulePlace } from '@flagplane/sdk/names';
import { shortId } from '../../names/short-id.js';
import { consolePaths } from '../../signed-in/console-paths.js';

type Result = EvaluationResults['items'][number];
type ReasonKind = Result['reason']['kind'];

const reasonLabels: Readonly<Record<ReasonKind, string>> = {
  Off: 'Off: the flag is disabled here, so it serves its default',
  Static: 'Static: one variation for everyone',
  Default: 'Default: no rule matched',
  Rollout: 'Percentage rollout',
  Rule: 'Targeting rule',
  PrerequisiteFailed: 'Prerequisite not met',
  Error: 'Error',
};

const errorCodeLabels: Readonly<Record<NonNullable<Result['reason']['errorCode']>, string>> = {
  TargetingKeyMissing: 'Needs a context key (a percentage rollout)',
  TypeMismatch: 'Type mismatch',
  General: 'Cannot be evaluated',
};

export interface EvaluationResultsTableProps {
  readonly org: string;
  readonly project: string;
  readonly items: readonly Result[];
  /** The rules that served, by id (rule-places.ts). */
  readonly rules: ReadonlyMap<string, RulePlace>;
  /** What the table answers, for its caption ("What user-1 is served in production"). */
  readonly caption: string;
}

/** "rule 1: Germany"; a rule without a description, or not found, by its number (and short id). */
function ruleText(index: number, ruleId: string | undefined, rules: ReadonlyMap<string, RulePlace>): string {
  const rule = ruleId === undefined ? undefined : rules.get(ruleId);
  if (rule?.description) return `rule ${index + 1}: ${rule.description}`;
  return rule || ruleId === undefined ? `rule ${index + 1}` : `rule ${index + 1} (${shortId(ruleId)})`;
}

function ReasonCell({
  org,
  project,
  result,
  rules,
}: {
  readonly org: string;
  readonly project: string;
  readonly result: Result;
  readonly rules: ReadonlyMap<string, RulePlace>;
}) {
  const { reason } = result;
  return (
    <>
      <span class={reason.kind === 'Error' ? 'badge stale' : 'badge'}>{reason.kind}</span>{' '}
      {reasonLabels[reason.kind]}
      {reason.kind === 'Rule' && reason.ruleIndex !== undefined && (
        <div class="muted">{ruleText(reason.ruleIndex, reason.ruleId, rules)}</div>
      )}
      {reason.prerequisiteKey && (
        <div class="muted">
          prerequisite{' '}
          <a href={consolePaths.flag(org, project, reason.prerequisiteKey)}>
            <code>{reason.prerequisiteKey}</code>
          </a>
        </div>
      )}
      {reason.errorCode && (
        <div class="field-error">
          {errorCodeLabels[reason.errorCode]}
          {reason.errorMessage && `: ${reason.errorMessage}`}
        </div>
      )}
    </>
  );
}

export function EvaluationResultsTable({ org, project, items, rules, caption }: EvaluationResultsTableProps) {
  return (
    <table class="data">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Flag</th>
          <th scope="col">Variation</th>
          <th scope="col">Value</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        {items.map((result) => (
          <tr key={result.flagKey}>
            <td>
              <a href={consolePaths.flag(org, project, result.flagKey)}>
                <code>{result.flagKey}</code>
              </a>
            </td>
            <td data-label="Variation">
              {result.variationKey === null ? (
                <span class="muted">none</span>
              ) : (
                <code>{result.variationKey}</code>
              )}
            </td>
            <td data-label="Value">
              <code class="evaluation-value">{JSON.stringify(result.value) ?? 'null'}</code>
            </td>
            <td data-label="Reason">
              <ReasonCell org={org} project={project} result={result} rules={rules} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
