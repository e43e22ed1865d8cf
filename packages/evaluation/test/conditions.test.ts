/**
 * Every condition operator × negate × a missing attribute × an array attribute (§21), through the public
 * evaluator: a TargetedRollout flag whose one rule has the condition serves `true` when it holds.
 */
import type { Condition } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import { type AttributeValue, FlagEvaluator } from '../src/index.js';
import { condition, flag, rule, variationId } from './support/flags.js';

function holds(tested: Condition, attributes: Record<string, AttributeValue>, key = 'user-1'): boolean {
  const evaluator = new FlagEvaluator({
    flags: [
      flag({
        configuration: {
          strategy: 'TargetedRollout',
          rules: [
            rule(variationId('checkout', 'true'), {
              conditionGroups: [{ operator: 'And', conditions: [tested] }],
            }),
          ],
        },
      }),
    ],
    segments: [],
  });
  const result = evaluator.evaluate('checkout', { key, attributes });
  expect(result?.reason.kind).not.toBe('Error');
  return result?.value === true;
}

/** [operator, condition values, an attribute value that satisfies, one that does not] */
const table: [Condition['operator'], string[], AttributeValue, AttributeValue][] = [
  ['Equals', ['NL'], 'NL', 'nl'],
  ['In', ['NL', 'BE'], 'BE', 'DE'],
  ['Contains', ['@acme'], 'mel@acme.test', 'mel@other.test'],
  ['StartsWith', ['beta-'], 'beta-7', 'alpha-7'],
  ['EndsWith', ['.test'], 'a.test', 'a.com'],
  ['GreaterThan', ['10'], 11, 10],
  ['GreaterThanOrEqual', ['10'], 10, 9.5],
  ['LessThan', ['10'], '9.5', '10'],
  ['LessThanOrEqual', ['10'], 10, 11],
  ['Before', ['2026-01-01T00:00:00Z'], '2025-12-31T23:59:59Z', '2026-01-01T00:00:00Z'],
  ['After', ['2026-01-01T00:00:00Z'], Date.parse('2026-06-01T00:00:00Z'), '2025-01-01T00:00:00Z'],
  ['SemverEquals', ['1.2.3'], '1.2.3+build.5', '1.2.4'],
  ['SemverGreaterThan', ['1.2.3'], '1.10.0', '1.2.3-rc.1'],
  ['SemverGreaterThanOrEqual', ['2.0.0-rc.2'], '2.0.0-rc.10', '2.0.0-rc.1'],
  ['SemverLessThan', ['2.0.0'], '2.0.0-alpha', '2.0.0'],
  ['SemverLessThanOrEqual', ['1.0.0'], '1.0.0', '1.0.1'],
  ['MatchesRegex', ['^[a-z]+-\\d{2}$'], 'abc-42', 'abc-4'],
];

/** The negative operators: the positive form's satisfying value makes them false. */
const negatives: [Condition['operator'], string[], AttributeValue, AttributeValue][] = [
  ['NotEquals', ['NL'], 'BE', 'NL'],
  ['NotIn', ['NL', 'BE'], 'DE', 'NL'],
  ['NotContains', ['@acme'], 'mel@other.test', 'mel@acme.test'],
];

describe.each([...table, ...negatives])('%s %j', (operator, values, satisfying, failing) => {
  it('holds for a satisfying value and not for another', () => {
    expect(holds(condition('a', operator, values), { a: satisfying })).toBe(true);
    expect(holds(condition('a', operator, values), { a: failing })).toBe(false);
  });

  it('negate inverts both', () => {
    expect(holds(condition('a', operator, values, true), { a: satisfying })).toBe(false);
    expect(holds(condition('a', operator, values, true), { a: failing })).toBe(true);
  });

  it('is false on a missing attribute, whatever negate says', () => {
    expect(holds(condition('a', operator, values), { other: satisfying })).toBe(false);
    expect(holds(condition('a', operator, values, true), { other: satisfying })).toBe(false);
  });

  it('on an array attribute, holds when any element satisfies (none, for the negative operators)', () => {
    if (typeof satisfying !== 'string' || typeof failing !== 'string') return;
    const negative = negatives.some(([candidate]) => candidate === operator);
    expect(holds(condition('a', operator, values), { a: [failing, satisfying] })).toBe(!negative);
    expect(holds(condition('a', operator, values), { a: [satisfying, satisfying] })).toBe(true);
    expect(holds(condition('a', operator, values), { a: [failing, failing] })).toBe(false);
    // An empty array: the positive operators are false, the negative ones true.
    expect(holds(condition('a', operator, values), { a: [] })).toBe(negative);
  });
});

describe('Before and After read every RFC 3339 date-time the API accepts in a rule', () => {
  it('compares instants across offsets, lower-case t and z, fractions and a leap second', () => {
    const after = (value: string, attribute: AttributeValue) =>
      holds(condition('a', 'After', [value]), { a: attribute });
    // 10:30+01:00 is 09:30Z: a context at 09:30:00.001Z is after it, one at 09:30Z is not.
    expect(after('2026-01-31T10:30:00+01:00', '2026-01-31T09:30:00.001Z')).toBe(true);
    expect(after('2026-01-31T10:30:00+01:00', '2026-01-31T09:30:00Z')).toBe(false);
    expect(after('2026-01-31t09:30:00z', '2026-01-31T09:30:01Z')).toBe(true);
    expect(after('2026-01-31T09:30:00.5Z', '2026-01-31T09:30:00.501Z')).toBe(true);
    expect(after('2026-01-31T09:30:00.5Z', '2026-01-31T09:30:00.500Z')).toBe(false);
    // 1998-12-31T23:59:60Z, which Date.parse refuses, is the instant 1999-01-01T00:00:00Z.
    expect(after('1998-12-31T23:59:60Z', '1999-01-01T00:00:00.001Z')).toBe(true);
    expect(after('1998-12-31T23:59:60Z', '1998-12-31T23:59:59.999Z')).toBe(false);
    expect(
      holds(condition('a', 'Before', ['1998-12-31T15:59:60-08:00']), { a: '1998-12-31T23:59:59Z' }),
    ).toBe(true);
  });
});

describe('values that do not parse', () => {
  it('make that pair false, for numbers, date-times and versions', () => {
    expect(holds(condition('a', 'GreaterThan', ['ten', '5']), { a: 7 })).toBe(true);
    expect(holds(condition('a', 'GreaterThan', ['5']), { a: 'seven' })).toBe(false);
    expect(holds(condition('a', 'GreaterThan', ['5']), { a: true })).toBe(false);
    expect(holds(condition('a', 'Before', ['2026-01-01T00:00:00Z']), { a: 'soon' })).toBe(false);
    expect(holds(condition('a', 'SemverGreaterThan', ['1.0.0']), { a: 'v2' })).toBe(false);
    expect(holds(condition('a', 'SemverGreaterThan', ['1.0.0']), { a: 2 })).toBe(false);
  });

  it('a number or boolean attribute compares as its JSON text for the string operators', () => {
    expect(holds(condition('a', 'Equals', ['42']), { a: 42 })).toBe(true);
    expect(holds(condition('a', 'Equals', ['true']), { a: true })).toBe(true);
    expect(holds(condition('a', 'StartsWith', ['4']), { a: 42 })).toBe(true);
    expect(holds(condition('a', 'MatchesRegex', ['^4\\d$']), { a: 42 })).toBe(true);
  });

  it('strings compare case-sensitively, and MatchesRegex searches without anchoring', () => {
    expect(holds(condition('a', 'Equals', ['NL']), { a: 'nl' })).toBe(false);
    expect(holds(condition('a', 'MatchesRegex', ['acme']), { a: 'mel@acme.test' })).toBe(true);
  });

  it('the attribute `key` is the context key', () => {
    expect(holds(condition('key', 'StartsWith', ['user-']), {}, 'user-9')).toBe(true);
    expect(holds(condition('key', 'Equals', ['x']), { key: 'x' }, 'user-9')).toBe(false);
  });
});

describe('condition groups', () => {
  const evaluatorWith = (groups: NonNullable<ReturnType<typeof rule>['conditionGroups']>) =>
    new FlagEvaluator({
      flags: [
        flag({
          configuration: {
            strategy: 'TargetedRollout',
            rules: [rule(variationId('checkout', 'true'), { conditionGroups: groups })],
          },
        }),
      ],
      segments: [],
    });
  const nl = condition('country', 'Equals', ['NL']);
  const pro = condition('plan', 'Equals', ['pro']);

  it('joins a group by its operator and groups by AND; no groups matches everyone', () => {
    const either = evaluatorWith([{ operator: 'Or', conditions: [nl, pro] }]);
    expect(either.evaluate('checkout', { key: 'u', attributes: { plan: 'pro' } })?.value).toBe(true);
    const both = evaluatorWith([{ operator: 'And', conditions: [nl, pro] }]);
    expect(both.evaluate('checkout', { key: 'u', attributes: { plan: 'pro' } })?.value).toBe(false);
    const groups = evaluatorWith([
      { operator: 'Or', conditions: [nl] },
      { operator: 'Or', conditions: [pro] },
    ]);
    expect(groups.evaluate('checkout', { key: 'u', attributes: { country: 'NL' } })?.value).toBe(false);
    expect(groups.evaluate('checkout', { key: 'u', attributes: { country: 'NL', plan: 'pro' } })?.value).toBe(
      true,
    );
    expect(evaluatorWith([]).evaluate('checkout', { key: 'u' })?.value).toBe(true);
  });
});
