/**
 * A flag's configuration in one environment as the edit form holds it: text as the person typed it (so
 * nothing is lost when the API refuses it), turned into ONE update body on save. The body lists rules,
 * prerequisites and weights in the draft's order, so the API's field paths (`rules.0.conditionGroups.1…`)
 * point straight back at the draft's inputs.
 */

import type { NestedVariation } from '@flagplane/contract';
import type { FlagEnvironment, FlagEnvironmentUpdateParams } from '@flagplane/sdk';
import {
  type ConditionGroupDraft,
  conditionGroupDrafts,
  conditionGroupRows,
  conditionGroupsOf,
  newRowKey,
} from '../../components/conditions/condition-groups-draft.js';

export interface RuleDraft {
  readonly key: number;
  /** The stored rule's id, kept so the rule keeps it (§9); null for a rule added in this form. */
  readonly id: string | null;
  readonly description: string;
  readonly variationId: string;
  /** Empty means every matching context. */
  readonly rolloutPercentage: string;
  /** Empty means no segment. */
  readonly userSegmentId: string;
  readonly groups: readonly ConditionGroupDraft[];
}

export interface PrerequisiteDraft {
  readonly key: number;
  readonly flagKey: string;
  readonly variationKey: string;
}

/** One weight input: the variation and its weight as typed. */
export interface WeightDraft {
  readonly variationId: string;
  readonly text: string;
}

type StoredRollout = FlagEnvironment['percentageRollout'];

export interface ConfigurationDraft {
  /** Empty when nothing is stored (then the save leaves it as it is). */
  readonly strategy: string;
  readonly defaultVariationId: string;
  /**
   * A weight for every variation, in the stored order (evaluation walks the weights in that order, §21),
   * then the variations the stored list lacks, in the flag's order; all empty means no rollout is stored.
   */
  readonly weights: readonly WeightDraft[];
  readonly prerequisites: readonly PrerequisiteDraft[];
  readonly rules: readonly RuleDraft[];
}

/**
 * A rule as "Add a rule" starts it: valid as it is (no condition group: it matches every context, §21),
 * so the form can be saved at once; an empty condition would be refused until filled in.
 */
export const emptyRule = (variationId: string): RuleDraft => ({
  key: newRowKey(),
  id: null,
  description: '',
  variationId,
  rolloutPercentage: '',
  userSegmentId: '',
  groups: [],
});

export const emptyPrerequisite = (): PrerequisiteDraft => ({
  key: newRowKey(),
  flagKey: '',
  variationKey: '',
});

export function draftOf(
  configuration: FlagEnvironment,
  variations: readonly NestedVariation[],
): ConfigurationDraft {
  const stored = configuration.percentageRollout;
  const storedIds = new Set((stored ?? []).map((entry) => entry.variationId));
  const weights: WeightDraft[] = [
    ...(stored ?? []).map((entry) => ({ variationId: entry.variationId, text: String(entry.weight) })),
    ...variations
      .filter((variation) => !storedIds.has(variation.id))
      .map((variation) => ({ variationId: variation.id, text: stored ? '0' : '' })),
  ];
  return {
    strategy: configuration.strategy ?? '',
    defaultVariationId: configuration.defaultVariationId,
    weights,
    prerequisites: (configuration.prerequisites ?? []).map((prerequisite) => ({
      key: newRowKey(),
      flagKey: prerequisite.prerequisiteFlagKey ?? '',
      variationKey: prerequisite.expectedVariationKey ?? '',
    })),
    rules: configuration.rules.map((rule) => ({
      key: newRowKey(),
      id: rule.id,
      description: rule.description ?? '',
      variationId: rule.variationId,
      rolloutPercentage: rule.rolloutPercentage === null ? '' : String(rule.rolloutPercentage),
      userSegmentId: rule.userSegmentId ?? '',
      groups: conditionGroupDrafts(rule.conditionGroups ?? []),
    })),
  };
}

/**
 * A typed number; NaN when it is not one, which the SDK's check of the body (the contract's) refuses
 * with a message at the input's path before anything is sent.
 */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The sum shown next to the weights (empty inputs count as 0). */
export function weightSum(weights: readonly WeightDraft[]): number {
  return weights.reduce((sum, weight) => sum + (weight.text.trim() === '' ? 0 : Number(weight.text)), 0);
}

/** The weights to send, in the draft's order; null when every input is empty. */
function rolloutOf(weights: readonly WeightDraft[]): { variationId: string; weight: number }[] | null {
  if (weights.every((weight) => weight.text.trim() === '')) return null;
  return weights.map(({ variationId, text }) => ({
    variationId,
    weight: text.trim() === '' ? 0 : numberOf(text),
  }));
}

/**
 * Whether two rollouts serve the same variations to the same contexts: the same weights above 0 in the
 * same order (a weight of 0 takes no share, wherever it stands).
 */
function sameRollout(a: StoredRollout, b: StoredRollout): boolean {
  const served = (rollout: StoredRollout) =>
    (rollout ?? [])
      .filter((entry) => entry.weight !== 0)
      .map((entry) => `${entry.variationId}:${entry.weight}`)
      .join(' ');
  return (a === null) === (b === null) && served(a) === served(b);
}

/**
 * The update body. `stored` is the rollout the form started from: the weights are sent only when they
 * differ from it, or when the strategy is PercentageRollout (whose save must carry valid weights).
 * Otherwise they are left out, which the API reads as "keep" (§9): saving an unrelated change leaves the
 * stored weights exactly as they are.
 */
export function updateBodyOf(draft: ConfigurationDraft, stored: StoredRollout): FlagEnvironmentUpdateParams {
  const rollout = rolloutOf(draft.weights);
  const sendRollout =
    rollout !== null && (draft.strategy === 'PercentageRollout' || !sameRollout(rollout, stored));
  return {
    ...(draft.strategy ? { strategy: draft.strategy as FlagEnvironmentUpdateParams['strategy'] } : {}),
    defaultVariationId: draft.defaultVariationId,
    // In the draft's order, so `percentageRollout.N` is the Nth weight input.
    ...(sendRollout ? { percentageRollout: rollout } : {}),
    prerequisites: draft.prerequisites.map((prerequisite) => ({
      prerequisiteFlagKey: prerequisite.flagKey.trim(),
      expectedVariationKey: prerequisite.variationKey.trim(),
    })),
    rules: draft.rules.map((rule) => ({
      ...(rule.id ? { id: rule.id } : {}),
      description: rule.description.trim() === '' ? null : rule.description,
      variationId: rule.variationId,
      rolloutPercentage: rule.rolloutPercentage.trim() === '' ? null : numberOf(rule.rolloutPercentage),
      userSegmentId: rule.userSegmentId === '' ? null : rule.userSegmentId,
      conditionGroups: conditionGroupsOf(rule.groups),
    })),
  };
}

/**
 * The draft's lists as rows (rules, their groups and conditions, prerequisites), without what is typed in
 * them. The API's field messages name rows by index (`rules.1.conditionGroups.0…`): when this changes,
 * the messages would land on other rows, so the form drops them.
 */
export function rowsOf(draft: ConfigurationDraft): string {
  return JSON.stringify([
    draft.rules.map((rule) => [rule.key, conditionGroupRows(rule.groups)]),
    draft.prerequisites.map((prerequisite) => prerequisite.key),
  ]);
}
