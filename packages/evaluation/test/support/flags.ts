/** Flags and segments for the evaluator's tests, in the wire shapes the evaluator reads. */
import { randomUUID } from 'node:crypto';
import type { Condition, FlagType, Rule } from '@flagplane/contract';
import type { EvaluationConfiguration, EvaluationFlag, EvaluationSegment } from '../../src/index.js';

export interface FlagOptions {
  readonly id?: string;
  readonly key?: string;
  readonly type?: FlagType;
  readonly isArchived?: boolean;
  /** Variation key → value text. */
  readonly variations?: Record<string, string>;
  readonly configuration?: Partial<Omit<EvaluationConfiguration, 'defaultVariationId'>> & {
    readonly defaultVariation?: string;
  };
}

/** A flag whose variation ids are `<flag key>:<variation key>`, enabled, serving `false` (or the first). */
export function flag(options: FlagOptions = {}): EvaluationFlag {
  const key = options.key ?? 'checkout';
  const variations = Object.entries(options.variations ?? { true: 'true', false: 'false' }).map(
    ([variationKey, value]) => ({ id: variationId(key, variationKey), key: variationKey, value }),
  );
  const { defaultVariation, ...configuration } = options.configuration ?? {};
  return {
    id: options.id ?? randomUUID(),
    key,
    type: options.type ?? 'Boolean',
    isArchived: options.isArchived ?? false,
    variations,
    configuration: {
      isEnabled: true,
      strategy: 'SingleVariation',
      prerequisites: null,
      rules: [],
      percentageRollout: null,
      ...configuration,
      defaultVariationId: variationId(key, defaultVariation ?? firstOf(variations.map((v) => v.key))),
    },
  };
}

export const variationId = (flagKey: string, variationKey: string) => `${flagKey}:${variationKey}`;

export function rule(variationId: string, options: Partial<Omit<Rule, 'variationId'>> = {}): Rule {
  return {
    id: randomUUID(),
    description: null,
    rolloutPercentage: null,
    userSegmentId: null,
    conditionGroups: null,
    ...options,
    variationId,
  };
}

export function condition(
  attribute: string,
  operator: Condition['operator'],
  values: string[],
  negate = false,
): Condition {
  return { attribute, operator, values, negate };
}

export function segment(options: Partial<EvaluationSegment> = {}): EvaluationSegment {
  return { id: randomUUID(), key: 'beta', included: [], excluded: [], conditionGroups: [], ...options };
}

/** A Boolean flag's `false`, else the first variation: what a new configuration serves (§8). */
function firstOf(keys: readonly string[]): string {
  return keys.includes('false') ? 'false' : (keys[0] ?? '');
}
