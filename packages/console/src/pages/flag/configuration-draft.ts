/**
 * A flag's configuration in one environment as the edit form holds it: text as the person typed it (so
 * nothing is lost when the API refuses it), turned into ONE update body on save. The body lists rules,
 * prerequisites and weights in the draft's order, so the API's field paths (`rules.0.conditionGroups.1…`)
 * point straight back at the draft's inputs.
 */

import type { ConditionGroup, NestedVariation } from '@flagplane/contract';
import type { FlagEnvironment, FlagEnvironmentUpdateParams } from '@flagplane/sdk';

export interface ConditionDraft {
  readonly key: number;
  readonly attribute: string;
  readonly operator: string;
  /** One value a line; on a single line, commas separate values (but not for MatchesRegex). */
  readonly valuesText: string;
  readonly negate: boolean;
}

export interface GroupDraft {
  readonly key: number;
  readonly operator: string;
  readonly conditions: readonly ConditionDraft[];
}

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
  readonly groups: readonly GroupDraft[];
}

export interface PrerequisiteDraft {
  readonly key: number;
  readonly flagKey: string;
  readonly variationKey: string;
}

export interface ConfigurationDraft {
  /** Empty when nothing is stored (then the save leaves it as it is). */
  readonly strategy: string;
  readonly defaultVariationId: string;
  /** A weight for every variation of the flag, by variation id; all empty means no rollout is stored. */
  readonly weights: Readonly<Record<string, string>>;
  readonly prerequisites: readonly PrerequisiteDraft[];
  readonly rules: readonly RuleDraft[];
}

let lastKey = 0;
/** A stable identity for a row while it moves around the form (list keys must not be indexes). */
export const newKey = () => {
  lastKey += 1;
  return lastKey;
};

export const emptyCondition = (): ConditionDraft => ({
  key: newKey(),
  attribute: '',
  operator: 'Equals',
  valuesText: '',
  negate: false,
});

export const emptyGroup = (): GroupDraft => ({
  key: newKey(),
  operator: 'And',
  conditions: [emptyCondition()],
});

export const emptyRule = (variationId: string): RuleDraft => ({
  key: newKey(),
  id: null,
  description: '',
  variationId,
  rolloutPercentage: '',
  userSegmentId: '',
  groups: [emptyGroup()],
});

export const emptyPrerequisite = (): PrerequisiteDraft => ({ key: newKey(), flagKey: '', variationKey: '' });

function groupDraft(group: ConditionGroup): GroupDraft {
  return {
    key: newKey(),
    operator: group.operator,
    conditions: group.conditions.map((condition) => ({
      key: newKey(),
      attribute: condition.attribute,
      operator: condition.operator,
      valuesText: condition.values.join('\n'),
      negate: condition.negate,
    })),
  };
}

export function draftOf(
  configuration: FlagEnvironment,
  variations: readonly NestedVariation[],
): ConfigurationDraft {
  const stored = new Map(
    (configuration.percentageRollout ?? []).map((entry) => [entry.variationId, entry.weight]),
  );
  const weights = Object.fromEntries(
    variations.map((variation) => [
      variation.id,
      configuration.percentageRollout ? String(stored.get(variation.id) ?? 0) : '',
    ]),
  );
  return {
    strategy: configuration.strategy ?? '',
    defaultVariationId: configuration.defaultVariationId,
    weights,
    prerequisites: (configuration.prerequisites ?? []).map((prerequisite) => ({
      key: newKey(),
      flagKey: prerequisite.prerequisiteFlagKey ?? '',
      variationKey: prerequisite.expectedVariationKey ?? '',
    })),
    rules: configuration.rules.map((rule) => ({
      key: newKey(),
      id: rule.id,
      description: rule.description ?? '',
      variationId: rule.variationId,
      rolloutPercentage: rule.rolloutPercentage === null ? '' : String(rule.rolloutPercentage),
      userSegmentId: rule.userSegmentId ?? '',
      groups: (rule.conditionGroups ?? []).map(groupDraft),
    })),
  };
}

/** A value list from what was typed: lines when there are several, else comma-separated (trimmed). */
export function parseValues(text: string, operator: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 || operator === 'MatchesRegex') return lines.filter((line) => line.trim() !== '');
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/**
 * A typed number; NaN when it is not one, which the SDK's check of the body (the contract's) refuses
 * with a message at the input's path before anything is sent.
 */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The sum shown next to the weights (empty inputs count as 0). */
export function weightSum(weights: Readonly<Record<string, string>>): number {
  return Object.values(weights).reduce((sum, text) => sum + (text.trim() === '' ? 0 : Number(text)), 0);
}

export function updateBodyOf(
  draft: ConfigurationDraft,
  variations: readonly NestedVariation[],
): FlagEnvironmentUpdateParams {
  const weightTexts = variations.map((variation) => draft.weights[variation.id] ?? '');
  const anyWeight = weightTexts.some((text) => text.trim() !== '');
  return {
    ...(draft.strategy ? { strategy: draft.strategy as FlagEnvironmentUpdateParams['strategy'] } : {}),
    defaultVariationId: draft.defaultVariationId,
    // Every variation, in the flag's order, so `percentageRollout.N` is the Nth weight input.
    ...(anyWeight
      ? {
          percentageRollout: variations.map((variation, index) => ({
            variationId: variation.id,
            weight: (weightTexts[index] ?? '').trim() === '' ? 0 : numberOf(weightTexts[index] ?? ''),
          })),
        }
      : {}),
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
      conditionGroups: rule.groups.map((group) => ({
        operator: group.operator as 'And' | 'Or',
        conditions: group.conditions.map((condition) => ({
          attribute: condition.attribute,
          operator: condition.operator,
          values: parseValues(condition.valuesText, condition.operator),
          negate: condition.negate,
        })),
      })),
    })),
  };
}
