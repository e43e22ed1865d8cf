/** A flag's configuration in one environment, with every reference as an object. */
import type { ConditionGroupInput, Strategy } from '@flagplane/contract';
import type { FlagVariation, IFeatureFlag } from './feature-flag.js';
import type { Segment } from './segment.js';

export interface FlagEnvironmentConfiguration {
  /** @default false */
  readonly enabled?: boolean;
  /** @default the flag's `defaultVariation` */
  readonly defaultVariation?: FlagVariation;
  /**
   * `SingleVariation` serves the default variation to everyone; `PercentageRollout` splits by
   * `percentageRollout`; `TargetedRollout` evaluates `rules` in order.
   * @default 'SingleVariation'
   */
  readonly strategy?: Strategy;
  /**
   * Weights (integers summing to 100) by variation, for `PercentageRollout`.
   * @default the stored weights are left alone (the API cannot clear them)
   */
  readonly percentageRollout?: readonly WeightedVariation[];
  /** Flags that must serve a given variation in this environment first (at most 10). @default none */
  readonly prerequisites?: readonly Prerequisite[];
  /** Evaluated in order for `TargetedRollout`; the first match serves (at most 100). @default none */
  readonly rules?: readonly TargetingRule[];
}

export interface WeightedVariation {
  readonly variation: FlagVariation;
  /** 0–100. */
  readonly weight: number;
}

export interface Prerequisite {
  /** Another flag of the same project (declared in this stack, or `FeatureFlag.fromKey`). */
  readonly flag: IFeatureFlag;
  /** The variation of `flag` this flag needs: `flag.variation('on')`, or its key. */
  readonly variation: FlagVariation | string;
}

export interface TargetingRule {
  /** @default no description */
  readonly description?: string;
  /** The variation served to matching contexts. */
  readonly variation: FlagVariation;
  /** The share of matching contexts served this rule's variation; the rest go on to the next rule. @default 100 */
  readonly rolloutPercentage?: number;
  /** Only contexts in this segment (of the same project) match. @default no segment */
  readonly segment?: Segment;
  /** Groups joined by AND; a group's `operator` (`And`, `Or`) joins its conditions. @default none: every context matches */
  readonly conditionGroups?: readonly ConditionGroupInput[];
}
