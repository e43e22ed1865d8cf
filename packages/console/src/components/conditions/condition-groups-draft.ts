/**
 * The one model of condition groups (§10) in the console, for every editor of them (a flag's targeting
 * rules, a segment's conditions): what the person typed, made from the stored groups and turned back into
 * the request body's groups. Groups are joined by AND; each group joins its conditions by its operator.
 *
 * The values are kept as typed (one a line, components/conditions/condition-values.ts); stored values the
 * text box cannot show are kept exactly and sent back unchanged. Everything else is judged where it is
 * judged for every client: the SDK checks the body against the contract before sending, and the API's
 * messages come back at the paths the editor marks (`….conditionGroups.0.conditions.1.values`).
 */
import type { ConditionGroup, ConditionGroupInput, GroupOperator } from '@flagplane/contract';
import { textOfValues, valuesFitLines, valuesOfText } from './condition-values.js';

export interface ConditionDraft {
  /** Stable while the row moves around the form, so focus and typing stay in the right row. */
  readonly key: number;
  readonly attribute: string;
  /** A string, not the contract's enum: an operator stored before the contract grew is kept as it is. */
  readonly operator: string;
  /** One value a line, exactly as typed. */
  readonly valuesText: string;
  /**
   * Stored values the text cannot show (an empty value, a line break inside one), sent back exactly as
   * they are and shown read-only; null when `valuesText` holds the values.
   */
  readonly keptValues: readonly string[] | null;
  /** The condition holds when its test does not (the contract's `negate`; the editor's "Not"). */
  readonly negate: boolean;
}

export interface ConditionGroupDraft {
  readonly key: number;
  readonly operator: GroupOperator;
  readonly conditions: readonly ConditionDraft[];
}

let lastKey = 0;
/** A stable identity for a row of a form while it moves around (list keys must not be indexes). */
export const newRowKey = (): number => {
  lastKey += 1;
  return lastKey;
};

export const emptyCondition = (): ConditionDraft => ({
  key: newRowKey(),
  attribute: '',
  operator: 'Equals',
  valuesText: '',
  keptValues: null,
  negate: false,
});

/** A new group starts with one empty condition: a group is added to hold conditions. */
export const emptyConditionGroup = (): ConditionGroupDraft => ({
  key: newRowKey(),
  operator: 'And',
  conditions: [emptyCondition()],
});

/** The stored groups as the editor holds them. */
export function conditionGroupDrafts(groups: readonly ConditionGroup[]): ConditionGroupDraft[] {
  return groups.map((group) => ({
    key: newRowKey(),
    operator: group.operator,
    conditions: group.conditions.map((condition) => ({
      key: newRowKey(),
      attribute: condition.attribute,
      operator: condition.operator,
      ...(valuesFitLines(condition.values)
        ? { valuesText: textOfValues(condition.values), keptValues: null }
        : { valuesText: '', keptValues: condition.values }),
      negate: condition.negate,
    })),
  }));
}

/** The groups of a request body, in the draft's order, so the API's paths point back at the inputs. */
export function conditionGroupsOf(groups: readonly ConditionGroupDraft[]): ConditionGroupInput[] {
  return groups.map((group) => ({
    operator: group.operator,
    conditions: group.conditions.map((condition) => ({
      attribute: condition.attribute,
      operator: condition.operator,
      values: condition.keptValues ? [...condition.keptValues] : valuesOfText(condition.valuesText),
      negate: condition.negate,
    })),
  }));
}

/**
 * The groups' rows (groups and their conditions) without what is typed in them: when this changes, the
 * API's messages, which name rows by index, would land on other rows.
 */
export function conditionGroupRows(groups: readonly ConditionGroupDraft[]): unknown[] {
  return groups.map((group) => [group.key, group.conditions.map((condition) => condition.key)]);
}
