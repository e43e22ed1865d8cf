/**
 * Conditions compiled once into predicates over a context (§21): a condition on a missing attribute is
 * false whatever `negate` says; otherwise the operator holds when any attribute value (each element of an
 * array) satisfies it against any of `values`, except `NotEquals`, `NotContains` and `NotIn`, which hold
 * when no pair satisfies the positive form; then `negate` inverts. A side that does not parse for the
 * operator (a number, a date-time, a version) makes that pair false.
 */
import type { Condition, ConditionGroup, ConditionOperator } from '@flagplane/contract';
import { parseRfc3339 } from '@flagplane/contract/format-rules';
import { RE2JS } from 're2js';
import type { EvaluationContext } from './evaluation-types.js';
import { compareSemver, parseSemver, type SemanticVersion } from './semver.js';

export type ContextPredicate = (context: EvaluationContext) => boolean;

/** A test of one attribute value (a string, a number, a boolean) against every value of the condition. */
type ValueTest = (value: string | number | boolean) => boolean;

/** The text a number or boolean compares as for the string operators: its JSON text. */
const text = (value: string | number | boolean): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

function finiteNumber(value: string | number | boolean): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

const parsedVersions = new Map<string, SemanticVersion | null>();

/**
 * Milliseconds since the epoch: an RFC 3339 date-time read as the API validated a rule's values (a leap
 * second, which `Date.parse` refuses, included), another date-time text `Date.parse` reads, or epoch
 * milliseconds as a number. To the millisecond, like `Date.parse`.
 */
function instant(value: string | number | boolean): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const rfc3339 = parseRfc3339(value);
  if (rfc3339) return rfc3339.epochMilliseconds;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

function version(value: string | number | boolean): SemanticVersion | null {
  if (typeof value !== 'string') return null;
  let parsed = parsedVersions.get(value);
  if (parsed === undefined) {
    parsed = parseSemver(value);
    // Versions in traffic are few (the apps' releases): remember the latest ones, boundedly.
    if (parsedVersions.size >= 1024) parsedVersions.delete(parsedVersions.keys().next().value as string);
    parsedVersions.set(value, parsed);
  }
  return parsed;
}

function parsedValues<T>(values: readonly string[], parse: (value: string) => T | null): T[] {
  return values.map(parse).filter((parsed): parsed is T => parsed !== null);
}

function ordered<T>(
  values: readonly string[],
  parse: (value: string | number | boolean) => T | null,
  compare: (a: T, b: T) => number,
  holds: (comparison: number) => boolean,
): ValueTest {
  const wanted = parsedValues(values, parse);
  return (value) => {
    const actual = parse(value);
    return actual !== null && wanted.some((candidate) => holds(compare(actual, candidate)));
  };
}

const numeric = (a: number, b: number) => a - b;

/** Regular expressions compiled once per pattern: rules of many flags share patterns. */
const compiledPatterns = new Map<string, RE2JS | null>();

function pattern(source: string): RE2JS | null {
  let compiled = compiledPatterns.get(source);
  if (compiled === undefined) {
    try {
      compiled = RE2JS.compile(source);
    } catch {
      compiled = null; // refused at write (§10); a pattern that cannot compile matches nothing
    }
    compiledPatterns.set(source, compiled);
  }
  return compiled;
}

/** The positive form of an operator, as a test of one attribute value. */
function positiveTest(operator: ConditionOperator, values: readonly string[]): ValueTest {
  switch (operator) {
    case 'Equals':
    case 'NotEquals':
    case 'In':
    case 'NotIn': {
      const wanted = new Set(values);
      return (value) => wanted.has(text(value));
    }
    case 'Contains':
    case 'NotContains':
      return (value) => values.some((candidate) => text(value).includes(candidate));
    case 'StartsWith':
      return (value) => values.some((candidate) => text(value).startsWith(candidate));
    case 'EndsWith':
      return (value) => values.some((candidate) => text(value).endsWith(candidate));
    case 'GreaterThan':
      return ordered(values, finiteNumber, numeric, (comparison) => comparison > 0);
    case 'GreaterThanOrEqual':
      return ordered(values, finiteNumber, numeric, (comparison) => comparison >= 0);
    case 'LessThan':
      return ordered(values, finiteNumber, numeric, (comparison) => comparison < 0);
    case 'LessThanOrEqual':
      return ordered(values, finiteNumber, numeric, (comparison) => comparison <= 0);
    case 'Before':
      return ordered(values, instant, numeric, (comparison) => comparison < 0);
    case 'After':
      return ordered(values, instant, numeric, (comparison) => comparison > 0);
    case 'SemverEquals':
      return ordered(values, version, compareSemver, (comparison) => comparison === 0);
    case 'SemverGreaterThan':
      return ordered(values, version, compareSemver, (comparison) => comparison > 0);
    case 'SemverGreaterThanOrEqual':
      return ordered(values, version, compareSemver, (comparison) => comparison >= 0);
    case 'SemverLessThan':
      return ordered(values, version, compareSemver, (comparison) => comparison < 0);
    case 'SemverLessThanOrEqual':
      return ordered(values, version, compareSemver, (comparison) => comparison <= 0);
    case 'MatchesRegex': {
      const compiled = values.map(pattern).filter((candidate): candidate is RE2JS => candidate !== null);
      // `test` searches (unanchored) on the DFA path: no capture groups, no Matcher per call.
      return (value) => compiled.some((expression) => expression.test(text(value)));
    }
  }
}

const negativeOperators: ReadonlySet<ConditionOperator> = new Set(['NotEquals', 'NotContains', 'NotIn']);

export function compileCondition(condition: Condition): ContextPredicate {
  const { attribute, operator, values, negate } = condition;
  const test = positiveTest(operator, values);
  const negative = negativeOperators.has(operator);
  return (context) => {
    const raw = attribute === 'key' ? context.key : context.attributes?.[attribute];
    if (raw === undefined || raw === null) return false;
    let satisfied = false;
    if (Array.isArray(raw)) {
      for (const element of raw as readonly string[]) {
        if (test(element)) {
          satisfied = true;
          break;
        }
      }
    } else {
      satisfied = test(raw as string | number | boolean);
    }
    const holds = negative ? !satisfied : satisfied;
    return negate ? !holds : holds;
  };
}

/** Groups joined by AND; a group joins its conditions by its operator (`And` when null); no groups: true. */
export function compileConditionGroups(groups: readonly ConditionGroup[] | null): ContextPredicate {
  const compiled = (groups ?? []).map((group) => {
    const conditions = group.conditions.map(compileCondition);
    return group.operator === 'Or'
      ? (context: EvaluationContext) => conditions.some((condition) => condition(context))
      : (context: EvaluationContext) => conditions.every((condition) => condition(context));
  });
  if (compiled.length === 0) return () => true;
  return (context) => compiled.every((group) => group(context));
}
