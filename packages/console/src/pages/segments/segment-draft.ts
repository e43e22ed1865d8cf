/**
 * What a person types into the segment form, and the request bodies made from it. Lists of keys and
 * values are typed one per line (context keys and values may hold commas); condition groups in the one
 * model of every editor of conditions (components/conditions/condition-groups-draft.ts).
 */
import type { Segment, SegmentCreateParams, SegmentUpdateParams } from '@flagplane/sdk';
import {
  type ConditionGroupDraft,
  conditionGroupDrafts,
  conditionGroupsOf,
} from '../../components/conditions/condition-groups-draft.js';

export interface SegmentDraft {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly included: string;
  readonly excluded: string;
  readonly groups: readonly ConditionGroupDraft[];
}

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
    groups: conditionGroupDrafts(segment.conditionGroups),
  };
}

/** One context key a line, trimmed; blank lines are dropped (the API judges the rest). */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export function createBodyOf(draft: SegmentDraft): SegmentCreateParams {
  return {
    key: draft.key.trim(),
    // Left empty, the name is the API's default (null), not an empty name it would refuse.
    name: draft.name.trim() === '' ? null : draft.name,
    description: draft.description === '' ? null : draft.description,
    included: linesOf(draft.included),
    excluded: linesOf(draft.excluded),
    conditionGroups: conditionGroupsOf(draft.groups),
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
    conditionGroups: conditionGroupsOf(draft.groups),
  };
}
