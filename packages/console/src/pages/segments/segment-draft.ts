/**
 * What a person types into the segment form, and the request bodies made from it. Lists of keys and
 * values are typed one per line (context keys and regex values may hold commas).
 */
import type { ConditionOperator, GroupOperator } from '@flagplane/contract';
import type { Segment, SegmentCreateParams, SegmentUpdateParams } from '@flagplane/sdk';

export interface ConditionDraft {
  /** Stable across edits, so removing a row keeps focus and typing in the right rows. */
  readonly id: number;
  readonly attribute: string;
  readonly operator: ConditionOperator;
  readonly values: string;
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
        values: condition.values.join('\n'),
        negate: condition.negate,
      })),
    })),
  };
}

/** One entry a line; blank lines are dropped, the rest kept as typed (the API judges them). */
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
      values: linesOf(condition.values),
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
