/**
 * A flag's configuration in one environment with every reference as a key, so the live form (ids) and
 * the desired form (keys) compare property by property, and the request body can be built back with ids.
 */
import type { ConditionGroup, FlagEnvironmentUpdateBody } from '@flagplane/contract';
import type { ResolvedConfiguration, ResolvedRule } from '../desired/resolved-state.js';
import type { LiveConfiguration, LiveFlag, LiveSegment } from '../live/live-state.js';
import type { IdRegistry } from './id-registry.js';
import type { PropertyChange } from './plan.js';
import { sameValue } from './property-changes.js';

export interface KeyedRule extends ResolvedRule {
  readonly id?: string;
}

/** The live configuration in the desired form: stored weights are always known (null when none). */
export interface KeyedConfiguration extends Omit<ResolvedConfiguration, 'percentageRollout' | 'rules'> {
  readonly percentageRollout: Readonly<Record<string, number>> | null;
  readonly rules: readonly KeyedRule[];
}

/** What a configuration is when the flag or the environment is new (§8, §7). */
export function initialConfiguration(defaultVariation: string): KeyedConfiguration {
  return {
    enabled: false,
    defaultVariation,
    strategy: 'SingleVariation',
    percentageRollout: null,
    prerequisites: [],
    rules: [],
  };
}

export function keyedLiveConfiguration(
  configuration: LiveConfiguration,
  flag: LiveFlag,
  segments: readonly LiveSegment[],
): KeyedConfiguration {
  const variationKey = (id: string) => flag.variations.find((variation) => variation.id === id)?.key ?? id;
  const segmentKey = (id: string) => segments.find((segment) => segment.id === id)?.key ?? id;
  return {
    enabled: configuration.isEnabled,
    defaultVariation: variationKey(configuration.defaultVariationId),
    strategy: configuration.strategy,
    percentageRollout: configuration.percentageRollout
      ? Object.fromEntries(
          configuration.percentageRollout.map((entry) => [variationKey(entry.variationId), entry.weight]),
        )
      : null,
    prerequisites: configuration.prerequisites,
    rules: configuration.rules.map((rule) => ({
      id: rule.id,
      description: rule.description,
      variation: variationKey(rule.variationId),
      rolloutPercentage: rule.rolloutPercentage,
      segment: rule.userSegmentId === null ? null : segmentKey(rule.userSegmentId),
      conditionGroups: rule.conditionGroups ?? [],
    })),
  };
}

const ruleContent = (rule: ResolvedRule) => ({
  description: rule.description,
  variation: rule.variation,
  rolloutPercentage: rule.rolloutPercentage,
  segment: rule.segment,
  conditionGroups: rule.conditionGroups,
});

/** The properties that differ; `percentageRollout` only when declared (stored weights cannot be cleared). */
export function configurationChanges(
  live: KeyedConfiguration,
  desired: ResolvedConfiguration,
): PropertyChange[] {
  const changes: PropertyChange[] = [];
  const compare = (property: string, before: unknown, after: unknown) => {
    if (!sameValue(before, after)) changes.push({ property, before, after });
  };
  compare('enabled', live.enabled, desired.enabled);
  compare('defaultVariation', live.defaultVariation, desired.defaultVariation);
  compare('strategy', live.strategy, desired.strategy);
  if (desired.percentageRollout !== undefined) {
    compare('percentageRollout', live.percentageRollout, desired.percentageRollout);
  }
  compare('prerequisites', live.prerequisites, desired.prerequisites);
  compare('rules', live.rules.map(ruleContent), desired.rules.map(ruleContent));
  return changes;
}

/**
 * The live rule id each desired rule keeps: an identical rule anywhere in the list keeps its id (a move
 * is not a new rule), then an edited rule keeps the id of the live rule at its position.
 */
export function keptRuleIds(
  live: readonly KeyedRule[],
  desired: readonly ResolvedRule[],
): (string | undefined)[] {
  const used = new Set<string>();
  const ids: (string | undefined)[] = desired.map((rule) => {
    const same = live.find(
      (candidate) =>
        candidate.id && !used.has(candidate.id) && sameValue(ruleContent(candidate), ruleContent(rule)),
    );
    if (same?.id) used.add(same.id);
    return same?.id;
  });
  return ids.map((id, index) => {
    if (id !== undefined) return id;
    const atPosition = live[index]?.id;
    if (atPosition === undefined || used.has(atPosition)) return undefined;
    used.add(atPosition);
    return atPosition;
  });
}

/** The PUT body (§9) carrying exactly the changed properties, references turned into ids. */
export function configurationBody(
  changes: readonly PropertyChange[],
  desired: ResolvedConfiguration,
  liveRules: readonly KeyedRule[],
  where: { readonly project: string; readonly flag: string; readonly ids: IdRegistry },
): FlagEnvironmentUpdateBody {
  const { project, flag, ids } = where;
  const variationId = (key: string) => ids.variation(project, flag, key);
  const body: FlagEnvironmentUpdateBody = {};
  for (const { property } of changes) {
    switch (property) {
      case 'enabled':
        body.isEnabled = desired.enabled;
        break;
      case 'defaultVariation':
        body.defaultVariationId = variationId(desired.defaultVariation);
        break;
      case 'strategy':
        body.strategy = desired.strategy;
        break;
      case 'percentageRollout':
        body.percentageRollout = Object.entries(desired.percentageRollout ?? {}).map(([key, weight]) => ({
          variationId: variationId(key),
          weight,
        }));
        break;
      case 'prerequisites':
        body.prerequisites = desired.prerequisites.map((prerequisite) => ({
          prerequisiteFlagKey: prerequisite.flag,
          expectedVariationKey: prerequisite.variation,
        }));
        break;
      case 'rules': {
        const kept = keptRuleIds(liveRules, desired.rules);
        body.rules = desired.rules.map((rule, index) => ({
          ...(kept[index] ? { id: kept[index] } : {}),
          description: rule.description ?? '',
          variationId: variationId(rule.variation),
          rolloutPercentage: rule.rolloutPercentage,
          userSegmentId: rule.segment === null ? null : ids.segment(project, rule.segment),
          conditionGroups: rule.conditionGroups.map(writeGroup),
        }));
        break;
      }
    }
  }
  return body;
}

function writeGroup(group: ConditionGroup) {
  return {
    operator: group.operator,
    conditions: group.conditions.map((condition) => ({ ...condition, values: [...condition.values] })),
  };
}
