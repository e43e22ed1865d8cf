/** `validateInput`: the shape of a failure is the `fields`/`did_you_mean` of a 400 `validation_failed` (§3). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bodyField,
  describeIssues,
  EventListQuery,
  FlagCreateBody,
  knownKeysOf,
  RuleBody,
  SdkKeyCreateBody,
  ToggleBody,
  validateInput,
} from '../src/index.js';

function failureOf(schema: z.ZodType, input: unknown) {
  const result = validateInput(schema, input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return result.failure;
}

describe('validateInput', () => {
  it('answers the parsed value, transforms applied, when the input is valid', () => {
    const result = validateInput(FlagCreateBody, {
      key: 'checkout',
      type: 'Boolean',
      name: '  Checkout  ',
      tags: ['a', 'a'],
    });
    expect(result).toEqual({
      success: true,
      data: { key: 'checkout', type: 'Boolean', name: 'Checkout', tags: ['a'] },
    });
  });

  it('keys fields by dotted paths into the body, array indexes included', () => {
    const failure = failureOf(FlagCreateBody, {
      key: 'checkout',
      type: 'Number',
      variations: [
        { key: 'low', value: '1' },
        { key: 'high', value: 'one' },
      ],
    });
    expect(failure.fields).toEqual({
      'variations.1.value': ['a Number value is the text of a finite JSON number'],
    });
  });

  it('reaches into nested groups and conditions', () => {
    const failure = failureOf(RuleBody, {
      variationId: '0b7c6f1e-3c1a-4e8e-9a51-2f4d6b8c9e10',
      conditionGroups: [
        { conditions: [{ attribute: 'age', operator: 'GreaterThan', values: ['18', 'adult'] }] },
      ],
    });
    expect(Object.keys(failure.fields)).toEqual(['conditionGroups.0.conditions.0.values.1']);
  });

  it('says "is required" for a missing property, at any depth', () => {
    const failure = failureOf(FlagCreateBody, { type: 'String', variations: [{ value: 'a' }] });
    expect(failure.fields).toEqual({ key: ['is required'], 'variations.0.key': ['is required'] });
  });

  it("keeps zod's message for a present value of the wrong type", () => {
    const failure = failureOf(ToggleBody, { enabled: 'yes' });
    expect(failure.fields.enabled).toHaveLength(1);
    expect(failure.fields.enabled?.[0]).not.toBe('is required');
    expect(failure.fields.enabled?.[0]).toMatch(/boolean/);
  });

  it('treats null as present, not missing', () => {
    const failure = failureOf(ToggleBody, { enabled: null });
    expect(failure.fields.enabled?.[0]).not.toBe('is required');
  });

  it(`reports a problem with the body itself under "${bodyField}"`, () => {
    expect(Object.keys(failureOf(ToggleBody, [true]).fields)).toEqual([bodyField]);
    expect(Object.keys(failureOf(ToggleBody, 'enabled').fields)).toEqual([bodyField]);
  });

  it('collects every message of one path in order', () => {
    const failure = failureOf(
      z.object({ code: z.string().min(3, 'too short').regex(/^\d+$/, 'digits only') }),
      {
        code: 'x',
      },
    );
    expect(failure.fields).toEqual({ code: ['too short', 'digits only'] });
  });

  it('names the first problem in the message, with a count of the others', () => {
    expect(failureOf(ToggleBody, {}).message).toBe('Invalid request: enabled: is required.');
    expect(failureOf(SdkKeyCreateBody, { name: '', type: 'Both' }).message).toBe(
      'Invalid request: name: must not be empty (and 1 more).',
    );
  });

  it('suggests the closest allowed names for a bad enum value', () => {
    expect(failureOf(SdkKeyCreateBody, { type: 'serverSide' }).didYouMean).toEqual(['ServerSide']);
    expect(failureOf(FlagCreateBody, { key: 'checkout', type: 'number' }).didYouMean).toEqual(['Number']);
    expect(failureOf(FlagCreateBody, { key: 'checkout', type: 'Strin' }).didYouMean).toEqual(['String']);
  });

  it('suggests the closest names for a bad value of a filter that takes one value or a list', () => {
    const failure = failureOf(EventListQuery, { resourceKind: 'Segmnt' });
    expect(failure.didYouMean).toEqual(['Segment']);
    expect(failure.fields).toEqual({
      resourceKind: [
        'must be one of Project, Environment, Flag, Variation, FlagEnvironment, Rule, Segment, SdkKey',
      ],
    });
  });

  it('suggests nothing when no allowed name is close', () => {
    const failure = failureOf(SdkKeyCreateBody, { type: 'BothSidesOfTheWire' });
    expect(failure.didYouMean).toBeUndefined();
    expect('didYouMean' in failure).toBe(false);
  });

  it('names a missing required property when an unknown one is within edit distance 2', () => {
    expect(failureOf(ToggleBody, { enable: true }).didYouMean).toEqual(['enabled']);
    expect(failureOf(ToggleBody, { enabeld: true }).didYouMean).toEqual(['enabled']);
    expect(failureOf(ToggleBody, { on: true }).didYouMean).toBeUndefined();
  });

  it('passes on the suggestions of custom issues (unknown condition operators)', () => {
    const failure = failureOf(RuleBody, {
      variationId: '0b7c6f1e-3c1a-4e8e-9a51-2f4d6b8c9e10',
      conditionGroups: [{ conditions: [{ attribute: 'v', operator: 'SemverEqual', values: ['1.0.0'] }] }],
    });
    expect(failure.fields['conditionGroups.0.conditions.0.operator']?.[0]).toMatch(
      /^unknown operator "SemverEqual"/,
    );
    expect(failure.didYouMean?.[0]).toBe('SemverEquals');
  });
});

describe('knownKeysOf', () => {
  it('lists the properties of an object schema, through refinements and pipes', () => {
    expect(knownKeysOf(ToggleBody)).toEqual(['enabled']);
    expect(knownKeysOf(FlagCreateBody)).toContain('defaultVariationKey');
    expect(knownKeysOf(z.object({ a: z.string() }).transform((value) => value.a))).toEqual(['a']);
    expect(knownKeysOf(z.string())).toEqual([]);
  });
});

describe('describeIssues', () => {
  it('answers a generic message when there is no issue at all', () => {
    expect(describeIssues([], {})).toEqual({
      message: `Invalid request: ${bodyField}: is invalid.`,
      fields: {},
    });
  });
});
