/** Condition groups, shared by targeting rules (§10) and segments (§11). */
import { RE2JS } from 're2js';
import * as z from 'zod';
import { closestMatches } from '../edit-distance.js';
import { limits, patterns } from '../formats.js';
import { rfc3339Problem } from '../rfc3339.js';
import { ConditionOperator, GroupOperator } from './enums.js';
import { ifThen, partOf } from './json-schema-parts.js';

const canonicalOperators = new Map(ConditionOperator.options.map((name) => [name.toLowerCase(), name]));

/** Operators are accepted case-insensitively and stored in the document's spelling (§10). */
const ConditionOperatorInput = z.string().transform((raw, context) => {
  const canonical = canonicalOperators.get(raw.toLowerCase());
  if (canonical) return canonical;
  context.addIssue({
    code: 'custom',
    message: `unknown operator "${raw}"; expected one of ${ConditionOperator.options.join(', ')}`,
    params: {
      didYouMean: closestMatches(raw, ConditionOperator.options, { maxDistance: 3, max: 3 }),
    },
  });
  return z.NEVER;
});

/** The operators whose values must be more than any text (§10 "Values by operator"). */
const numberOperators: readonly ConditionOperator[] = [
  'GreaterThan',
  'LessThan',
  'GreaterThanOrEqual',
  'LessThanOrEqual',
];
const dateTimeOperators: readonly ConditionOperator[] = ['Before', 'After'];
const semverOperators: readonly ConditionOperator[] = [
  'SemverEquals',
  'SemverGreaterThan',
  'SemverGreaterThanOrEqual',
  'SemverLessThan',
  'SemverLessThanOrEqual',
];

/** Why `value` is not acceptable for `operator`, or null when it is (§10 "Values by operator"). */
export function conditionValueProblem(operator: ConditionOperator, value: string): string | null {
  if (numberOperators.includes(operator)) {
    return patterns.jsonNumber.test(value) && Number.isFinite(Number(value))
      ? null
      : `${operator} needs numbers; "${truncate(value)}" is not a number`;
  }
  if (dateTimeOperators.includes(operator)) {
    return rfc3339Problem(value) === null
      ? null
      : `${operator} needs RFC 3339 date-times such as 2026-01-31T09:30:00Z; "${truncate(value)}" is not one`;
  }
  if (semverOperators.includes(operator)) {
    return patterns.semver.test(value)
      ? null
      : `${operator} needs semantic versions (2.0.0); "${truncate(value)}" is not one`;
  }
  return operator === 'MatchesRegex' ? regexProblem(value) : null;
}

/** A pattern of exactly these names in any case (JSON Schema patterns take no flags). */
export function anyCasePattern(names: readonly string[]): string {
  const anyCase = (name: string) =>
    name.replace(/[A-Za-z]/g, (letter) => `[${letter.toUpperCase()}${letter.toLowerCase()}]`);
  return `^(?:${names.map(anyCase).join('|')})$`;
}

/**
 * The same rules for the OpenAPI document: JSON Schema `if`/`then` on the operator (in any case), and
 * words for what it cannot say (finite numbers, what a linear-time engine compiles).
 */
const conditionValueRules = {
  description:
    'Values by operator (§10): numbers (the text of a finite JSON number) for GreaterThan, LessThan and the ' +
    'OrEqual forms; RFC 3339 date-times for Before and After; semantic versions 2.0.0 for the Semver ' +
    'operators; for MatchesRegex a pattern a linear-time engine compiles (no backreferences or lookaround), ' +
    `at most ${limits.regexPatternLength} characters; any text for the others.`,
  allOf: (
    [
      [numberOperators, { pattern: patterns.jsonNumber.source }],
      [dateTimeOperators, { format: 'date-time' }],
      [semverOperators, { pattern: patterns.semver.source }],
    ] as const
  ).map(([operators, value]) =>
    ifThen(
      partOf({ required: ['operator'], properties: { operator: { pattern: anyCasePattern(operators) } } }),
      partOf({ properties: { values: { items: value } } }),
    ),
  ),
};

/**
 * Patterns must compile in a linear-time engine (RE2 semantics): no backreferences, no lookaround, so
 * no pattern can make evaluation backtrack catastrophically.
 */
function regexProblem(pattern: string): string | null {
  if (pattern.length > limits.regexPatternLength) {
    return `MatchesRegex patterns must be at most ${limits.regexPatternLength} characters`;
  }
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `MatchesRegex pattern is not accepted by a linear-time engine (no backreferences or lookaround): ${reason}`;
  }
}

function truncate(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

export const ConditionInput = z
  .object({
    attribute: z
      .string()
      .min(1, 'must not be empty')
      .max(limits.conditionAttributeLength, `must be at most ${limits.conditionAttributeLength} characters`),
    operator: ConditionOperatorInput,
    values: z
      .array(
        z
          .string()
          .max(limits.conditionValueLength, `must be at most ${limits.conditionValueLength} characters`),
      )
      .min(1, 'must hold at least one value')
      .max(limits.conditionValues, `must hold at most ${limits.conditionValues} values`),
    negate: z
      .boolean()
      .nullish()
      .transform((negate) => negate ?? false),
  })
  .superRefine((condition, context) => {
    condition.values.forEach((value, index) => {
      const problem = conditionValueProblem(condition.operator, value);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: ['values', index] });
    });
  })
  .meta({ id: 'ConditionInput', ...conditionValueRules });
export type ConditionInput = z.input<typeof ConditionInput>;

export const ConditionGroupInput = z
  .object({
    operator: GroupOperator.nullish().transform((operator) => operator ?? 'And'),
    conditions: z
      .array(ConditionInput)
      .max(limits.conditionsPerGroup, `a group holds at most ${limits.conditionsPerGroup} conditions`)
      .nullish()
      .transform((conditions) => conditions ?? []),
  })
  .meta({ id: 'ConditionGroupInput' });
export type ConditionGroupInput = z.input<typeof ConditionGroupInput>;

export const ConditionGroupsInput = z
  .array(ConditionGroupInput)
  .max(limits.conditionGroupsPerRule, `at most ${limits.conditionGroupsPerRule} condition groups`);

export const Condition = z
  .strictObject({
    attribute: z.string(),
    operator: ConditionOperator,
    values: z.array(z.string()),
    negate: z.boolean(),
  })
  .meta({ id: 'Condition' });
export type Condition = z.infer<typeof Condition>;

export const ConditionGroup = z
  .strictObject({
    operator: GroupOperator,
    conditions: z.array(Condition),
  })
  .meta({ id: 'ConditionGroup' });
export type ConditionGroup = z.infer<typeof ConditionGroup>;
