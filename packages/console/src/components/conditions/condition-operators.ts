/**
 * The operators of a condition and of a condition group, and what the values of each condition operator
 * must be: one list for every editor of conditions (a flag's targeting rules, a segment's conditions).
 * The names are the contract's enums themselves. Only the editors' pages (chunks loaded when opened) read
 * them: the contract is not in the first page's scripts, and the SDK loads the same chunk to check a body.
 */
import { ConditionOperator, GroupOperator } from '@flagplane/contract';
import { oneValuePerLine } from './condition-values.js';

export const conditionOperators: readonly ConditionOperator[] = ConditionOperator.options;

/** How a group joins its conditions; groups themselves are always joined by AND (§10). */
export const groupOperators: readonly GroupOperator[] = GroupOperator.options;

/** False for an operator stored before the contract grew: editors keep it as it is. */
export function isConditionOperator(name: string): name is ConditionOperator {
  return (conditionOperators as readonly string[]).includes(name);
}

/** What the values of each operator must be (§10 "Values by operator"); a Record, so none is missing. */
const valueKinds: Readonly<Record<ConditionOperator, string>> = {
  Equals: 'any text',
  NotEquals: 'any text',
  Contains: 'any text',
  NotContains: 'any text',
  GreaterThan: 'numbers',
  LessThan: 'numbers',
  GreaterThanOrEqual: 'numbers',
  LessThanOrEqual: 'numbers',
  In: 'any text',
  NotIn: 'any text',
  MatchesRegex: 'patterns (RE2 syntax: no backreferences or lookaround)',
  StartsWith: 'any text',
  EndsWith: 'any text',
  Before: 'ISO 8601 date-times, such as 2025-01-31T00:00:00Z',
  After: 'ISO 8601 date-times, such as 2025-01-31T00:00:00Z',
  SemverEquals: 'semantic versions, such as 2.0.0',
  SemverGreaterThan: 'semantic versions, such as 2.0.0',
  SemverGreaterThanOrEqual: 'semantic versions, such as 2.0.0',
  SemverLessThan: 'semantic versions, such as 2.0.0',
  SemverLessThanOrEqual: 'semantic versions, such as 2.0.0',
};

/**
 * The hint next to a condition's values box, the same in every editor: what the operator's values must be
 * ("GreaterThan takes numbers.") and how they are typed. An operator the list does not know gets only the
 * latter: only the API can judge its values.
 */
export function valuesHint(operator: string): string {
  const kind = isConditionOperator(operator) ? `${operator} takes ${valueKinds[operator]}. ` : '';
  return `${kind}${oneValuePerLine}`;
}
