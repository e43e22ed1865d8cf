/** A configuration, read-only: strategy, default, weights, prerequisites, and the rules in evaluation order. */
import type { ConditionGroup, NestedVariation } from '@flagplane/contract';
import type { FlagEnvironment, Rule, SegmentListItem } from '@flagplane/sdk';
import { consolePaths } from '../../signed-in/console-paths.js';
import type { FlagScope } from './flag-scope.js';
import { strategyLabels } from './strategies.js';
import { variationLabel } from './variations-section.js';

export interface FlagEnvironmentViewProps {
  readonly scope: FlagScope;
  readonly configuration: FlagEnvironment;
  readonly segments: readonly SegmentListItem[];
}

function GroupText({ group }: { readonly group: ConditionGroup }) {
  if (group.conditions.length === 0) return <span class="muted">(no conditions: matches every context)</span>;
  return (
    <>
      {group.conditions.map((condition, index) => (
        <span key={String(index)}>
          {index > 0 && <strong> {group.operator.toUpperCase()} </strong>}
          <code>{condition.attribute}</code> {condition.negate && 'NOT '}
          {condition.operator} {condition.values.map((value) => JSON.stringify(value)).join(', ')}
        </span>
      ))}
    </>
  );
}

function RuleText({
  rule,
  variationName,
  segmentName,
}: {
  readonly rule: Rule;
  readonly variationName: (id: string) => string;
  readonly segmentName: (id: string) => string;
}) {
  const groups = rule.conditionGroups ?? [];
  return (
    <li>
      {rule.description && <p class="rule-description">{rule.description}</p>}
      <p>
        Serve <strong>{variationName(rule.variationId)}</strong>
        {rule.rolloutPercentage !== null &&
          ` to ${rule.rolloutPercentage}% of the matching contexts (the rest go on)`}
        {groups.length === 0 && rule.userSegmentId === null
          ? ' to every context.'
          : ' when all of these match:'}
      </p>
      {(rule.userSegmentId !== null || groups.length > 0) && (
        <ul class="rule-conditions">
          {rule.userSegmentId !== null && (
            <li>
              in the segment <code>{segmentName(rule.userSegmentId)}</code>
            </li>
          )}
          {groups.map((group, index) => (
            <li key={String(index)}>
              <GroupText group={group} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function FlagEnvironmentView({ scope, configuration, segments }: FlagEnvironmentViewProps) {
  const variations: readonly NestedVariation[] = scope.flag.variations;
  const variationName = (id: string) => {
    const variation = variations.find((candidate) => candidate.id === id);
    return variation ? variationLabel(variation) : id;
  };
  const segmentName = (id: string) => segments.find((segment) => segment.id === id)?.key ?? id;
  const strategy = configuration.strategy;
  const unused = (what: string) => <span class="muted"> ({what} kept, not used by this strategy)</span>;
  return (
    <>
      <dl class="flag-settings-list">
        <dt>Strategy</dt>
        <dd>{strategy ? strategyLabels[strategy] : <span class="muted">not set</span>}</dd>
        <dt>Default variation</dt>
        <dd>{variationName(configuration.defaultVariationId)}</dd>
        <dt>Percentage rollout</dt>
        <dd>
          {configuration.percentageRollout === null ? (
            <span class="muted">none</span>
          ) : (
            <>
              {configuration.percentageRollout
                .map((entry) => `${variationName(entry.variationId)} ${entry.weight}%`)
                .join(', ')}
              {strategy !== 'PercentageRollout' && unused('weights')}
            </>
          )}
        </dd>
        <dt>Prerequisites</dt>
        <dd>
          {(configuration.prerequisites ?? []).length === 0 ? (
            <span class="muted">none</span>
          ) : (
            <ul class="flag-plain-list">
              {(configuration.prerequisites ?? []).map((prerequisite) => (
                <li key={prerequisite.prerequisiteFlagKey}>
                  <a
                    href={consolePaths.flag(scope.org, scope.project, prerequisite.prerequisiteFlagKey ?? '')}
                  >
                    {prerequisite.prerequisiteFlagKey}
                  </a>{' '}
                  serves <code>{prerequisite.expectedVariationKey}</code>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <h4>
        Targeting rules
        {configuration.rules.length > 0 && strategy !== 'TargetedRollout' && unused('rules')}
      </h4>
      {configuration.rules.length === 0 ? (
        <p class="muted">No targeting rules.</p>
      ) : (
        <ol class="rule-list" aria-label={`Targeting rules in ${configuration.environmentKey ?? ''}`}>
          {configuration.rules.map((rule) => (
            <RuleText key={rule.id} rule={rule} variationName={variationName} segmentName={segmentName} />
          ))}
        </ol>
      )}
    </>
  );
}
