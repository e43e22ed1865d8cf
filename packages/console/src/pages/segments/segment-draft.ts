/**
 * What a person types into the segment form, and the request bodies made from it. Lists of keys and
 * values are typed one per line (context keys and values may hold commas); condition values exactly as
 * typed, as in every editor of conditions (components/condition-values.ts).
 */
import type { ConditionOperator, GroupOperator } from '@flagplane/contract';
import type { Segment, SegmentCreateParams, SegmentUpdateParams } from '@flagplane/sdk';
import { textOfValues, valuesFitLines, valuesOfText } from '../../components/condition-values.js';

export interface ConditionDraft {
  /** Stable across edits, so removing a row keeps focus and typing in the right rows. */
  readonly id: number;
  readonly attribute: string;
  readonly operator: ConditionOperator;
  /** One value a line, exactly as typed. */
  readonly values: string;
  /**
   * Stored values the text cannot show (an empty value, a line break inside one), sent back exactly as
   * they are and shown read-only; null when `values` holds the values.
   */
  readonly keptValues: readonly string[] | null;
  readonly negate: boolean;
}

export interface GroupDraft {
  readonly id: number;
  readonly operator: GroupOperator;
  readonly conditions: readonly ConditionDraft[];
}

export interface SegmentDraft {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly included: string;
  readonly excluded: string;
  readonly groups: readonly GroupDraft[];
}

let lastDraftId = 0;
export const nextDraftId = (): number => ++lastDraftId;

export const emptyCondition = (): ConditionDraft => ({
  id: nextDraftId(),
  attribute: '',
  operator: 'Equals',
  values: '',
  keptValues: null,
  negate: false,
});

export const emptyGroup = (): GroupDraft => ({
  id: nextDraftId(),
  operator: 'And',
  conditions: [emptyCondition()],
});

export const emptySegmentDraft = (): SegmentDraft => ({
  key: '',
  name: '',
  description: '',
  included: '',
  excluded: '',
  groups: [],
});

export function draftOf(segment: Segment): SegmentDraft {
  return {
    key: segment.key ?? '',
    name: segment.name ?? '',
    description: segment.description ?? '',
    included: segment.included.join('\n'),
    excluded: segment.excluded.join('\n'),
    groups: segment.conditionGroups.map((group) => ({
      id: nextDraftId(),
      operator: group.operator,
      conditions: group.conditions.map((condition) => ({
        id: nextDraftId(),
        attribute: condition.attribute,
        operator: condition.operator,
        ...(valuesFitLines(condition.values)
          ? { values: textOfValues(condition.values), keptValues: null }
          : { values: '', keptValues: condition.values }),
        negate: condition.negate,
      })),
    })),
  };
}

/** One context key a line, trimmed; blank lines are dropped (the API judges the rest). */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

function conditionGroupsOf(draft: SegmentDraft) {
  return draft.groups.map((group) => ({
    operator: group.operator,
    conditions: group.conditions.map((condition) => ({
      attribute: condition.attribute,
      operator: condition.operator,
      values: condition.keptValues ? [...condition.keptValues] : valuesOfText(condition.values),
      negate: condition.negate,
    })),
  }));
}

export function createBodyOf(draft: SegmentDraft): SegmentCreateParams {
  return {
    key: draft.key.trim(),
    // Left empty, the name is the API's default (null), not an empty name it would refuse.
    name: draft.name.trim() === '' ? null : draft.name,
    description: draft.description === '' ? null : draft.description,
    included: linesOf(draft.included),
    excluded: linesOf(draft.excluded),
    conditionGroups: conditionGroupsOf(draft),
  };
}

/**
 * A PUT is partial (§3), so every property is sent as the form shows it: `""` clears the description,
 * `[]` clears a list. An emptied name is sent too, so the API says a name cannot be empty.
 */
export function updateBodyOf(draft: SegmentDraft): SegmentUpdateParams {
  return {
    name: draft.name,
    description: draft.description,
    included: linesOf(draft.included),
    excluded: linesOf(draft.excluded),
    conditionGroups: conditionGroupsOf(draft),
  };
}
