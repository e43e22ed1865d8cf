/** A flag's configuration in one environment (§9) and its targeting rules (§10). */
import * as z from 'zod';
import { Description, FlagKey, limits, Uuid, VariationKey } from '../formats.js';
import { actionsOf } from './common.js';
import { ConditionGroup, ConditionGroupsInput } from './conditions.js';
import { Strategy } from './enums.js';

const RolloutPercentage = z
  .number()
  .int('must be an integer')
  .min(0, 'must be at least 0')
  .max(100, 'must be at most 100');

/** The targeting rule write shape (document), as §10 completes it. */
export const RuleBody = z
  .object({
    description: Description.nullish(),
    variationId: Uuid,
    rolloutPercentage: RolloutPercentage.nullish(),
    userSegmentId: Uuid.nullish(),
    conditionGroups: ConditionGroupsInput.nullish(),
  })
  .meta({ id: 'RuleBody' });
export type RuleBody = z.input<typeof RuleBody>;

export const Rule = z
  .strictObject({
    id: Uuid,
    description: z.string().nullable(),
    variationId: Uuid,
    rolloutPercentage: z.number().int().nullable(),
    userSegmentId: Uuid.nullable(),
    conditionGroups: z.array(ConditionGroup).nullable(),
  })
  .meta({ id: 'Rule' });
export type Rule = z.infer<typeof Rule>;

export const RuleReorderBody = z
  .object({
    // No length cap: a list that is not exactly the stored ids is a `bad_request` (§10), whatever its size.
    ruleIds: z.array(Uuid),
  })
  .meta({ id: 'RuleReorderBody' });
export type RuleReorderBody = z.input<typeof RuleReorderBody>;

export const Prerequisite = z
  .strictObject({
    prerequisiteFlagKey: z.string().nullable(),
    expectedVariationKey: z.string().nullable(),
  })
  .meta({ id: 'Prerequisite' });
export type Prerequisite = z.infer<typeof Prerequisite>;

export const PrerequisiteInput = z.object({
  prerequisiteFlagKey: FlagKey,
  expectedVariationKey: VariationKey,
});

export const Weight = z.strictObject({ variationId: Uuid, weight: z.number().int() }).meta({ id: 'Weight' });
export type Weight = z.infer<typeof Weight>;

export const WeightInput = z.object({
  variationId: Uuid,
  weight: z.number().int('must be an integer').min(0, 'must be at least 0').max(100, 'must be at most 100'),
});

/** Checked as a whole where the flag is not needed: unique variations, weights summing to exactly 100. */
export const PercentageRolloutInput = z.array(WeightInput).superRefine((weights, context) => {
  const seen = new Set<string>();
  weights.forEach((entry, index) => {
    if (seen.has(entry.variationId)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'variationId'],
        message: 'each variation may appear once',
      });
    }
    seen.add(entry.variationId);
  });
  const total = weights.reduce((sum, entry) => sum + entry.weight, 0);
  if (total !== 100) context.addIssue({ code: 'custom', message: `weights must sum to 100, not ${total}` });
});

export const FlagEnvironmentActions = actionsOf(
  ['update', 'toggle', 'createRule', 'reorderRules'],
  'FlagEnvironmentActions',
);

const flagEnvironmentFields = {
  environmentId: Uuid,
  environmentKey: z.string().nullable(),
  isEnabled: z.boolean(),
  defaultVariationId: Uuid,
  strategy: Strategy.nullable(),
  prerequisites: z.array(Prerequisite).nullable(),
  rules: z.array(Rule),
  percentageRollout: z.array(Weight).nullable(),
};

export const FlagEnvironment = z
  .strictObject({ ...flagEnvironmentFields, _actions: FlagEnvironmentActions })
  .meta({ id: 'FlagEnvironment' });
export type FlagEnvironment = z.infer<typeof FlagEnvironment>;

/** A configuration nested in a full flag list item (no `_actions`: nested objects never carry them). */
export const NestedFlagEnvironment = z
  .strictObject(flagEnvironmentFields)
  .meta({ id: 'NestedFlagEnvironment' });
export type NestedFlagEnvironment = z.infer<typeof NestedFlagEnvironment>;

export const FlagEnvironmentList = z.array(FlagEnvironment).meta({ id: 'FlagEnvironmentList' });
export type FlagEnvironmentList = z.infer<typeof FlagEnvironmentList>;

/** §9: every property optional; `rules`, when present, replaces the ordered list (ids kept where given). */
export const FlagEnvironmentUpdateBody = z
  .object({
    isEnabled: z.boolean().nullish(),
    defaultVariationId: Uuid.nullish(),
    strategy: Strategy.nullish(),
    percentageRollout: PercentageRolloutInput.nullish(),
    prerequisites: z
      .array(PrerequisiteInput)
      .max(
        limits.prerequisitesPerConfiguration,
        `at most ${limits.prerequisitesPerConfiguration} prerequisites`,
      )
      .nullish(),
    rules: z
      .array(RuleBody.extend({ id: Uuid.nullish() }))
      .max(limits.rulesPerConfiguration, `at most ${limits.rulesPerConfiguration} rules`)
      .nullish(),
  })
  .meta({ id: 'FlagEnvironmentUpdateBody' });
export type FlagEnvironmentUpdateBody = z.input<typeof FlagEnvironmentUpdateBody>;

/** Toggle (document): `enabled` must be a JSON boolean; omitted or null is 400. */
export const ToggleBody = z.object({ enabled: z.boolean() }).meta({ id: 'ToggleBody' });
export type ToggleBody = z.input<typeof ToggleBody>;
