/**
 * A flag as code: its variations, and its configuration in each environment with every reference (default
 * variation, weights, prerequisites, rule variations and segments) by key, never by id.
 */
import * as z from 'zod';
import {
  Description,
  EnvironmentKey,
  FlagKey,
  limits,
  Name,
  SegmentKey,
  Tags,
  VariationKey,
} from '../formats.js';
import { ConditionGroupsInput } from '../schemas/conditions.js';
import { FlagType, Strategy } from '../schemas/enums.js';
import { VariationValue } from '../schemas/variation-value.js';
import { FlagRemovalPolicy } from './removal-policy.js';

const Percentage = z
  .number()
  .int('must be an integer')
  .min(0, 'must be at least 0')
  .max(100, 'must be at most 100');

export const DesiredVariation = z.strictObject({
  key: VariationKey,
  /** The served value, as text: `"true"`, `"42"`, `"{\"a\":1}"`; checked against the flag's type. */
  value: VariationValue,
  /** @default the key */
  name: Name.optional(),
  description: Description.optional(),
});
export type DesiredVariation = z.infer<typeof DesiredVariation>;

export const DesiredPrerequisite = z.strictObject({
  /** Another flag of the same project, declared in the same document. */
  flag: FlagKey,
  /** The variation of that flag this one needs in the same environment. */
  variation: VariationKey,
});
export type DesiredPrerequisite = z.infer<typeof DesiredPrerequisite>;

export const DesiredRule = z.strictObject({
  description: Description.optional(),
  /** The variation served to matching contexts, by key. */
  variation: VariationKey,
  /** The share of matching contexts served this rule's variation; the rest go on to the next rule. @default all */
  rolloutPercentage: Percentage.optional(),
  /** A segment of the project, by key. */
  segment: SegmentKey.optional(),
  conditionGroups: ConditionGroupsInput.optional(),
});
export type DesiredRule = z.infer<typeof DesiredRule>;
export type DesiredRuleInput = z.input<typeof DesiredRule>;

/** Variation key → weight; the weights sum to exactly 100. */
export const DesiredPercentageRollout = z.record(VariationKey, Percentage);

/**
 * A flag's configuration in one environment. Every property has the value a new flag starts with, so an
 * environment left out of `environments` is declared disabled, serving the flag's default variation.
 */
export const DesiredFlagEnvironment = z.strictObject({
  /** @default false */
  enabled: z.boolean().optional(),
  /** @default the flag's `defaultVariation` */
  defaultVariation: VariationKey.optional(),
  /** @default SingleVariation */
  strategy: Strategy.optional(),
  /**
   * Needed by strategy `PercentageRollout`. The API keeps stored weights when the strategy moves away and
   * cannot clear them, so leaving this out leaves the stored weights alone.
   */
  percentageRollout: DesiredPercentageRollout.optional(),
  /** @default none */
  prerequisites: z
    .array(DesiredPrerequisite)
    .max(
      limits.prerequisitesPerConfiguration,
      `at most ${limits.prerequisitesPerConfiguration} prerequisites`,
    )
    .optional(),
  /** In evaluation order. @default none */
  rules: z
    .array(DesiredRule)
    .max(limits.rulesPerConfiguration, `at most ${limits.rulesPerConfiguration} rules`)
    .optional(),
});
export type DesiredFlagEnvironment = z.infer<typeof DesiredFlagEnvironment>;
export type DesiredFlagEnvironmentInput = z.input<typeof DesiredFlagEnvironment>;

export const DesiredFlag = z.strictObject({
  key: FlagKey,
  /** Immutable once created. */
  type: FlagType,
  /** @default the key */
  name: Name.optional(),
  description: Description.optional(),
  /** @default none */
  tags: Tags.optional(),
  /** @default false */
  clientSideVisible: z.boolean().optional(),
  /** Meant to be removed once it has done its job (a release or an experiment). @default false */
  temporary: z.boolean().optional(),
  /**
   * Required for String, Number and Json flags (1–100). A Boolean flag may leave them out and gets `true`
   * ("On") and `false` ("Off"); if given, exactly two, with values "true" and "false".
   */
  variations: z
    .array(DesiredVariation)
    .max(limits.variationsPerFlag, `at most ${limits.variationsPerFlag} variations`)
    .optional(),
  /** The default variation of every environment that does not name its own. @default `false` of a Boolean flag, else the first variation */
  defaultVariation: VariationKey.optional(),
  /** Environment key → configuration. */
  environments: z.record(EnvironmentKey, DesiredFlagEnvironment).optional(),
  /** @default archive (or the document's `removalPolicies.flag`) */
  removalPolicy: FlagRemovalPolicy.optional(),
});
export type DesiredFlag = z.infer<typeof DesiredFlag>;
export type DesiredFlagInput = z.input<typeof DesiredFlag>;

/** The variations a Boolean flag declared without any gets (§8), in this order. */
export const defaultBooleanVariations: readonly DesiredVariation[] = [
  { key: 'true', name: 'On', value: 'true' },
  { key: 'false', name: 'Off', value: 'false' },
];

/** The variations a flag has once created: its own, or the Boolean defaults. */
export function variationsOf(flag: Pick<DesiredFlag, 'type' | 'variations'>): readonly DesiredVariation[] {
  return flag.variations ?? (flag.type === 'Boolean' ? defaultBooleanVariations : []);
}

/** The flag's default variation key: the declared one, else `false` of a Boolean flag, else the first. */
export function defaultVariationOf(
  flag: Pick<DesiredFlag, 'type' | 'variations' | 'defaultVariation'>,
): string | undefined {
  if (flag.defaultVariation !== undefined) return flag.defaultVariation;
  const variations = variationsOf(flag);
  const fallback =
    flag.type === 'Boolean' ? variations.find((variation) => variation.value === 'false') : undefined;
  return (fallback ?? variations[0])?.key;
}
