/**
 * An environment's flags and segments, compiled once for many evaluations: conditions into predicates,
 * variations by id, segments by id, rollout thresholds summed. `evaluate` (evaluate.ts) walks these.
 */
import type { FlagType, Strategy } from '@flagplane/contract';
import { compareKeys } from '@flagplane/contract/format-rules';
import { type ContextPredicate, compileConditionGroups } from './conditions.js';
import type {
  EvaluationContext,
  EvaluationData,
  EvaluationFlag,
  EvaluationSegment,
  EvaluationVariation,
} from './evaluation-types.js';

export interface CompiledRule {
  readonly id: string;
  readonly variationId: string;
  /** null: every matching context; otherwise the share (0–1) of matching contexts served. */
  readonly share: number | null;
  readonly segmentId: string | null;
  readonly conditions: ContextPredicate;
}

export interface CompiledFlag {
  readonly source: EvaluationFlag;
  readonly key: string;
  readonly id: string;
  readonly type: FlagType;
  readonly isArchived: boolean;
  readonly isEnabled: boolean;
  readonly strategy: Strategy | null;
  readonly defaultVariationId: string;
  readonly variations: ReadonlyMap<string, EvaluationVariation>;
  readonly prerequisites: readonly { readonly flagKey: string; readonly variationKey: string }[];
  readonly rules: readonly CompiledRule[];
  /** Cumulative weights (0–1) in stored order, with the variation each ends. */
  readonly rollout: readonly { readonly upTo: number; readonly variationId: string }[];
}

export interface CompiledSegment {
  readonly included: ReadonlySet<string>;
  readonly excluded: ReadonlySet<string>;
  readonly hasConditions: boolean;
  readonly conditions: ContextPredicate;
}

export interface CompiledEnvironment {
  /** By key, in key order. */
  readonly flags: ReadonlyMap<string, CompiledFlag>;
  readonly segments: ReadonlyMap<string, CompiledSegment>;
}

export function compileEnvironment(data: EvaluationData): CompiledEnvironment {
  const flags = [...data.flags].sort(compareKeys);
  return {
    flags: new Map(flags.map((flag) => [flag.key, compileFlag(flag)])),
    segments: new Map(data.segments.map((segment) => [segment.id, compileSegment(segment)])),
  };
}

function compileFlag(flag: EvaluationFlag): CompiledFlag {
  const configuration = flag.configuration;
  let cumulative = 0;
  const rollout = (configuration.percentageRollout ?? []).map((weight) => {
    cumulative += weight.weight;
    return { upTo: cumulative / 100, variationId: weight.variationId };
  });
  return {
    source: flag,
    key: flag.key,
    id: flag.id,
    type: flag.type,
    isArchived: flag.isArchived,
    isEnabled: configuration.isEnabled,
    strategy: configuration.strategy,
    defaultVariationId: configuration.defaultVariationId,
    variations: new Map(flag.variations.map((variation) => [variation.id, variation])),
    prerequisites: (configuration.prerequisites ?? []).map((prerequisite) => ({
      flagKey: prerequisite.prerequisiteFlagKey ?? '',
      variationKey: prerequisite.expectedVariationKey ?? '',
    })),
    rules: configuration.rules.map((rule) => ({
      id: rule.id,
      variationId: rule.variationId,
      share: rule.rolloutPercentage === null ? null : rule.rolloutPercentage / 100,
      segmentId: rule.userSegmentId,
      conditions: compileConditionGroups(rule.conditionGroups),
    })),
    rollout,
  };
}

function compileSegment(segment: EvaluationSegment): CompiledSegment {
  return {
    included: new Set(segment.included),
    excluded: new Set(segment.excluded),
    hasConditions: segment.conditionGroups.length > 0,
    conditions: compileConditionGroups(segment.conditionGroups),
  };
}

/**
 * §21: a segment contains a context whose key is in `included` and not in `excluded`, or, listed in
 * neither, whose condition groups all hold; without groups, a key listed nowhere is not contained. A
 * context without a key (§23) is in neither list.
 */
export function segmentContains(segment: CompiledSegment, context: EvaluationContext): boolean {
  const key = context.key;
  if (key !== undefined) {
    if (segment.excluded.has(key)) return false;
    if (segment.included.has(key)) return true;
  }
  return segment.hasConditions && segment.conditions(context);
}
