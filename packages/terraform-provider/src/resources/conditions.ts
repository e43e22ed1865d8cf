/**
 * Condition groups, as targeting rules (flag-environment-*.ts) and segments (segment.ts) declare them:
 * `condition_group` blocks of `condition` blocks. One schema, one mapping to the API's `conditionGroups`
 * and one back, for both.
 */
import type { ConditionGroup, ConditionGroupInput } from '@flagplane/contract';
import { type BlockSpec, type BlockTypeSpec, optionalComputed, required } from '../schema/model.js';
import { blockList, knownBoolean, knownString, knownStrings } from '../values/access.js';
import { listOf } from '../values/cty-type.js';
import { isUnknown, type TerraformValue } from '../values/unknown.js';

const sameIgnoringCase = (configured: TerraformValue, live: TerraformValue) =>
  typeof configured === 'string' &&
  typeof live === 'string' &&
  configured.toLowerCase() === live.toLowerCase();

const conditionBlock: BlockSpec = {
  description: 'A condition on one attribute of the evaluation context.',
  attributes: {
    attribute: required('string', 'The context attribute (`key` is the context key), 1–256 characters.'),
    operator: required(
      'string',
      '`Equals`, `NotEquals`, `Contains`, `NotContains`, `StartsWith`, `EndsWith`, `In`, `NotIn`, `MatchesRegex`, `GreaterThan`, `LessThan`, `GreaterThanOrEqual`, `LessThanOrEqual`, `Before`, `After`, `SemverEquals`, `SemverGreaterThan`, `SemverGreaterThanOrEqual`, `SemverLessThan`, `SemverLessThanOrEqual` (any case).',
      { sameValue: sameIgnoringCase },
    ),
    values: required(
      listOf('string'),
      '1–1,000 values: numbers for the comparisons, ISO 8601 date-times for `Before`/`After`, semantic versions for `Semver*`, a pattern a linear-time engine accepts for `MatchesRegex`.',
    ),
    negate: optionalComputed('bool', 'Inverts the condition. Default `false`.', { default: false }),
  },
};

const conditionGroupBlock: BlockSpec = {
  description: 'Conditions joined by `operator`; a rule matches when every group holds.',
  attributes: {
    operator: optionalComputed('string', '`And` (default) or `Or`.', { default: 'And' }),
  },
  blocks: { condition: { nesting: 'list', block: conditionBlock, apiName: 'conditions', maxItems: 50 } },
};

export const conditionGroupsBlockType: BlockTypeSpec = {
  nesting: 'list',
  block: conditionGroupBlock,
  apiName: 'conditionGroups',
  maxItems: 20,
};

/** The API's `conditionGroups` from planned blocks (all values known at apply). */
export function conditionGroupsBody(value: TerraformValue | undefined): ConditionGroupInput[] {
  return blockList(value).map((group) => ({
    operator: (knownString(group.operator) ?? 'And') as 'And' | 'Or',
    conditions: blockList(group.condition).map((condition) => ({
      attribute: knownString(condition.attribute) ?? '',
      operator: knownString(condition.operator) ?? '',
      values: knownStrings(condition.values) ?? [],
      negate: knownBoolean(condition.negate) ?? false,
    })),
  }));
}

/** The same from configuration blocks, unknown values left out: what the contract checks at plan time. */
export function conditionGroupsForChecks(value: TerraformValue | undefined): unknown {
  if (!Array.isArray(value)) return undefined;
  const keep = (known: TerraformValue | undefined) => (isUnknown(known) ? undefined : known);
  return blockList(value).map((group) => ({
    operator: keep(group.operator),
    conditions: Array.isArray(group.condition)
      ? blockList(group.condition).map((condition) => ({
          attribute: keep(condition.attribute),
          operator: keep(condition.operator),
          values: Array.isArray(condition.values) ? condition.values.map(keep) : keep(condition.values),
          negate: keep(condition.negate),
        }))
      : undefined,
  }));
}

/** Blocks from the API's `conditionGroups`. */
export function conditionGroupsState(groups: readonly ConditionGroup[] | null): TerraformValue {
  return (groups ?? []).map((group) => ({
    operator: group.operator,
    condition: group.conditions.map((condition) => ({
      attribute: condition.attribute,
      operator: condition.operator,
      values: condition.values,
      negate: condition.negate,
    })),
  }));
}
