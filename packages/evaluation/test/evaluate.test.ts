/** §21's order of evaluation, reasons and typed values, through `FlagEvaluator`. */
import { describe, expect, it } from 'vitest';
import { bucket, type EvaluationFlag, FlagEvaluator } from '../src/index.js';
import { condition, flag, rule, segment, variationId } from './support/flags.js';

const evaluate = (flags: EvaluationFlag[], flagKey: string, key = 'user-1', attributes = {}) =>
  new FlagEvaluator({ flags, segments: [] }).evaluate(flagKey, { key, attributes });

describe('the order of evaluation', () => {
  it('serves the default with reason Off when disabled, whatever else is configured', () => {
    const off = flag({
      configuration: {
        isEnabled: false,
        strategy: 'TargetedRollout',
        rules: [rule(variationId('checkout', 'true'))],
      },
    });
    expect(evaluate([off], 'checkout')).toEqual({
      flagKey: 'checkout',
      variationKey: 'false',
      value: false,
      reason: { kind: 'Off' },
    });
  });

  it('serves the default with reason Static for SingleVariation, keeping stored rules unevaluated', () => {
    const single = flag({
      configuration: { defaultVariation: 'true', rules: [rule(variationId('checkout', 'false'))] },
    });
    expect(evaluate([single], 'checkout')).toMatchObject({
      variationKey: 'true',
      reason: { kind: 'Static' },
    });
  });

  it('serves the first matching rule, with its id and index, and the default when none matches', () => {
    const first = rule(variationId('checkout', 'true'), {
      conditionGroups: [{ operator: 'And', conditions: [condition('country', 'Equals', ['NL'])] }],
    });
    const second = rule(variationId('checkout', 'false'));
    const targeted = flag({
      configuration: { strategy: 'TargetedRollout', rules: [first, second], defaultVariation: 'true' },
    });
    expect(evaluate([targeted], 'checkout', 'u', { country: 'NL' })).toMatchObject({
      variationKey: 'true',
      reason: { kind: 'Rule', ruleId: first.id, ruleIndex: 0 },
    });
    expect(evaluate([targeted], 'checkout', 'u', { country: 'BE' })).toMatchObject({
      variationKey: 'false',
      reason: { kind: 'Rule', ruleId: second.id, ruleIndex: 1 },
    });
    const none = flag({ configuration: { strategy: 'TargetedRollout', rules: [first] } });
    expect(evaluate([none], 'checkout', 'u', {})).toMatchObject({
      variationKey: 'false',
      reason: { kind: 'Default' },
    });
  });

  it('lets a rule’s rollout take bucket(ruleId, key) < percentage; the rest go on to the next rule', () => {
    const half = rule(variationId('checkout', 'true'), { rolloutPercentage: 50 });
    const targeted = flag({ configuration: { strategy: 'TargetedRollout', rules: [half] } });
    for (let index = 0; index < 50; index++) {
      const key = `user-${index}`;
      const taken = bucket(half.id, key) < 0.5;
      expect(evaluate([targeted], 'checkout', key)).toMatchObject(
        taken
          ? { variationKey: 'true', reason: { kind: 'Rule' } }
          : { variationKey: 'false', reason: { kind: 'Default' } },
      );
    }
  });

  it('serves a percentage rollout by cumulative weight in stored order against bucket(flagId, key)', () => {
    const id = '0b7c3f0e-2d4a-4c59-9f0e-5b8a1d2c3e4f';
    const rollout = flag({
      id,
      key: 'banner',
      type: 'String',
      variations: { a: 'A', b: 'B', c: 'C' },
      configuration: {
        strategy: 'PercentageRollout',
        percentageRollout: [
          { variationId: variationId('banner', 'a'), weight: 40 },
          { variationId: variationId('banner', 'b'), weight: 50 },
          { variationId: variationId('banner', 'c'), weight: 10 },
        ],
      },
    });
    // bucket(id, user-1) = 0.4718…: past a's 0.40, within b's 0.90. user-2 = 0.9467…: c.
    expect(evaluate([rollout], 'banner', 'user-1')).toMatchObject({
      variationKey: 'b',
      value: 'B',
      reason: { kind: 'Rollout' },
    });
    expect(evaluate([rollout], 'banner', 'user-2')).toMatchObject({
      variationKey: 'c',
      reason: { kind: 'Rollout' },
    });
  });

  it('lands 100,000 random keys within ±1 % of each weight', () => {
    const weights = [20, 30, 50];
    const rollout = flag({
      key: 'split',
      type: 'String',
      variations: { a: 'A', b: 'B', c: 'C' },
      configuration: {
        strategy: 'PercentageRollout',
        percentageRollout: ['a', 'b', 'c'].map((key, index) => ({
          variationId: variationId('split', key),
          weight: weights[index] as number,
        })),
      },
    });
    const evaluator = new FlagEvaluator({ flags: [rollout], segments: [] });
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    const total = 100_000;
    for (let index = 0; index < total; index++) {
      const variation = evaluator.evaluate('split', { key: `${Math.random()}-${index}` })?.variationKey ?? '';
      counts[variation] = (counts[variation] ?? 0) + 1;
    }
    ['a', 'b', 'c'].forEach((key, index) => {
      expect(Math.abs((counts[key] as number) / total - (weights[index] as number) / 100)).toBeLessThan(0.01);
    });
  });
});

describe('prerequisites', () => {
  const needs = (key: string, prerequisiteFlagKey: string, expectedVariationKey = 'true', options = {}) =>
    flag({
      key,
      configuration: {
        defaultVariation: 'false',
        strategy: 'TargetedRollout',
        rules: [rule(variationId(key, 'true'))],
        prerequisites: [{ prerequisiteFlagKey, expectedVariationKey }],
        ...options,
      },
    });
  const on = (key: string, serving = 'true') => flag({ key, configuration: { defaultVariation: serving } });

  it('pass when the prerequisite is enabled and serves the expected variation, along a chain', () => {
    const flags = [needs('a', 'b'), needs('b', 'c'), on('c')];
    expect(evaluate(flags, 'a')).toMatchObject({ variationKey: 'true', reason: { kind: 'Rule' } });
  });

  it('fail with the prerequisite named when it serves another variation, is disabled, archived or missing', () => {
    const cases: EvaluationFlag[][] = [
      [needs('a', 'b'), on('b', 'false')],
      [needs('a', 'b'), flag({ key: 'b', configuration: { isEnabled: false, defaultVariation: 'true' } })],
      [needs('a', 'b'), flag({ key: 'b', isArchived: true, configuration: { defaultVariation: 'true' } })],
      [needs('a', 'b')],
      [needs('a', 'b'), needs('b', 'c'), on('c', 'false')],
    ];
    for (const flags of cases) {
      expect(evaluate(flags, 'a')).toEqual({
        flagKey: 'a',
        variationKey: 'false',
        value: false,
        reason: { kind: 'PrerequisiteFailed', prerequisiteKey: 'b' },
      });
    }
  });

  it('never loops on a cycle the API would have refused', () => {
    const flags = [needs('a', 'b'), needs('b', 'a')];
    const result = evaluate(flags, 'a');
    expect(result?.reason.kind).toMatch(/PrerequisiteFailed|Error/);
  });
});

describe('a context without a key (§23)', () => {
  const evaluateWithoutKey = (flags: EvaluationFlag[], flagKey: string, attributes = {}, segments = []) =>
    new FlagEvaluator({ flags, segments }).evaluate(flagKey, { attributes });

  it('evaluates a kill switch, an off flag, a static flag and rules without percentages', () => {
    expect(evaluateWithoutKey([flag({ configuration: { defaultVariation: 'true' } })], 'checkout')).toEqual({
      flagKey: 'checkout',
      variationKey: 'true',
      value: true,
      reason: { kind: 'Static' },
    });
    const off = flag({ configuration: { isEnabled: false, strategy: 'PercentageRollout' } });
    expect(evaluateWithoutKey([off], 'checkout')).toMatchObject({
      variationKey: 'false',
      reason: { kind: 'Off' },
    });
    const dutch = rule(variationId('checkout', 'true'), {
      conditionGroups: [{ operator: 'And', conditions: [condition('country', 'Equals', ['NL'])] }],
    });
    const targeted = flag({ configuration: { strategy: 'TargetedRollout', rules: [dutch] } });
    expect(evaluateWithoutKey([targeted], 'checkout', { country: 'NL' })).toMatchObject({
      variationKey: 'true',
      reason: { kind: 'Rule', ruleIndex: 0 },
    });
    expect(evaluateWithoutKey([targeted], 'checkout', { country: 'BE' })).toMatchObject({
      variationKey: 'false',
      reason: { kind: 'Default' },
    });
  });

  it('answers TargetingKeyMissing for a percentage rollout, and for a matching rule with a percentage', () => {
    const rollout = flag({
      configuration: {
        strategy: 'PercentageRollout',
        percentageRollout: [
          { variationId: variationId('checkout', 'true'), weight: 50 },
          { variationId: variationId('checkout', 'false'), weight: 50 },
        ],
      },
    });
    expect(evaluateWithoutKey([rollout], 'checkout')).toEqual({
      flagKey: 'checkout',
      variationKey: null,
      value: null,
      reason: {
        kind: 'Error',
        errorCode: 'TargetingKeyMissing',
        errorMessage: expect.stringMatching(/percentage rollout.*key/),
      },
    });
    const half = rule(variationId('checkout', 'true'), {
      rolloutPercentage: 50,
      conditionGroups: [{ operator: 'And', conditions: [condition('country', 'Equals', ['NL'])] }],
    });
    const targeted = flag({ configuration: { strategy: 'TargetedRollout', rules: [half] } });
    expect(evaluateWithoutKey([targeted], 'checkout', { country: 'NL' })?.reason).toMatchObject({
      kind: 'Error',
      errorCode: 'TargetingKeyMissing',
    });
    // The rule does not match: its percentage is never asked, so the key is not needed.
    expect(evaluateWithoutKey([targeted], 'checkout', { country: 'BE' })?.reason).toEqual({
      kind: 'Default',
    });
  });

  it('passes the error of a prerequisite on to the flags that depend on it', () => {
    const rollout = flag({
      key: 'base',
      configuration: {
        strategy: 'PercentageRollout',
        percentageRollout: [{ variationId: variationId('base', 'true'), weight: 100 }],
      },
    });
    const dependent = flag({
      key: 'dependent',
      configuration: { prerequisites: [{ prerequisiteFlagKey: 'base', expectedVariationKey: 'true' }] },
    });
    expect(evaluateWithoutKey([rollout, dependent], 'dependent')?.reason).toMatchObject({
      kind: 'Error',
      errorCode: 'TargetingKeyMissing',
      errorMessage: expect.stringContaining('"dependent" depends on "base"'),
    });
  });

  it("finds no key in a segment's lists, and no attribute `key` for a condition", () => {
    const listed = segment({ included: ['user-1'] });
    const byKey = segment({
      conditionGroups: [{ operator: 'And', conditions: [condition('key', 'NotEquals', ['user-1'])] }],
    });
    const byPlan = segment({
      conditionGroups: [{ operator: 'And', conditions: [condition('plan', 'Equals', ['pro'])] }],
    });
    const served = (beta: ReturnType<typeof segment>, attributes = {}) =>
      evaluateWithoutKey(
        [
          flag({
            configuration: {
              strategy: 'TargetedRollout',
              rules: [rule(variationId('checkout', 'true'), { userSegmentId: beta.id })],
            },
          }),
        ],
        'checkout',
        attributes,
        [beta] as never[],
      )?.value;
    expect(served(listed)).toBe(false);
    // A condition on a missing attribute is false whatever its operator (§21): NotEquals too.
    expect(served(byKey)).toBe(false);
    expect(served(byPlan, { plan: 'pro' })).toBe(true);
  });

  it('reads a null attribute as a missing one', () => {
    const negated = rule(variationId('checkout', 'true'), {
      conditionGroups: [{ operator: 'And', conditions: [condition('plan', 'Equals', ['pro'], true)] }],
    });
    const targeted = flag({ configuration: { strategy: 'TargetedRollout', rules: [negated] } });
    // Missing: false whatever `negate` says, so the rule does not match; "free": negated Equals holds.
    expect(evaluate([targeted], 'checkout', 'u', { plan: null })?.reason).toEqual({ kind: 'Default' });
    expect(evaluate([targeted], 'checkout', 'u', { plan: 'free' })?.reason).toMatchObject({ kind: 'Rule' });
  });
});

describe('segments', () => {
  const withSegment = (beta: ReturnType<typeof segment>, key: string, attributes = {}) =>
    new FlagEvaluator({
      flags: [
        flag({
          configuration: {
            strategy: 'TargetedRollout',
            rules: [rule(variationId('checkout', 'true'), { userSegmentId: beta.id })],
          },
        }),
      ],
      segments: [beta],
    }).evaluate('checkout', { key, attributes })?.value;

  it('contain included keys, never excluded ones, and otherwise those their groups hold for', () => {
    const beta = segment({
      included: ['user-1', 'user-2'],
      excluded: ['user-2', 'user-3'],
      conditionGroups: [{ operator: 'And', conditions: [condition('plan', 'Equals', ['pro'])] }],
    });
    expect(withSegment(beta, 'user-1')).toBe(true);
    expect(withSegment(beta, 'user-2', { plan: 'pro' })).toBe(false);
    expect(withSegment(beta, 'user-3', { plan: 'pro' })).toBe(false);
    expect(withSegment(beta, 'user-4', { plan: 'pro' })).toBe(true);
    expect(withSegment(beta, 'user-4', { plan: 'free' })).toBe(false);
  });

  it('without groups, contain only the keys they list', () => {
    expect(withSegment(segment({ included: ['user-1'] }), 'user-5')).toBe(false);
  });
});

describe('results', () => {
  it('carry typed values', () => {
    const typed = (type: EvaluationFlag['type'], value: string) =>
      evaluate([flag({ key: 'f', type, variations: { v: value } })], 'f')?.value;
    expect(typed('Boolean', 'true')).toBe(true);
    expect(typed('Number', '1.50')).toBe(1.5);
    expect(typed('Json', '{"a":[1,2]}')).toEqual({ a: [1, 2] });
    // A String value is carried verbatim: no interpolation of anything that looks like a placeholder.
    const verbatim = ['Hello $', '{name}'].join('');
    expect(typed('String', verbatim)).toBe(verbatim);
  });

  it('leave archived and unknown flags out, and list the rest in key order', () => {
    const evaluator = new FlagEvaluator({
      flags: [flag({ key: 'b' }), flag({ key: 'a' }), flag({ key: 'z', isArchived: true })],
      segments: [],
    });
    expect(evaluator.evaluateAll({ key: 'u' }).map((result) => result.flagKey)).toEqual(['a', 'b']);
    expect(evaluator.evaluateAll({ key: 'u' }, ['b', 'nope']).map((result) => result.flagKey)).toEqual(['b']);
    expect(evaluator.evaluate('z', { key: 'u' })).toBeNull();
    expect(evaluator.keys()).toEqual(['a', 'b']);
  });

  it('say Error, never throw, for a document that cannot be interpreted', () => {
    const broken: EvaluationFlag[] = [
      flag({ key: 'no-default', configuration: { defaultVariation: 'missing' } }),
      flag({ key: 'bad-json', type: 'Json', variations: { v: '{' } }),
      flag({ key: 'bad-bool', type: 'Boolean', variations: { v: 'yes' } }),
      flag({
        key: 'short-rollout',
        // A fixed id: bucket(id, "user-1") = 0.47… lies past the 1% the weights cover, on every run.
        id: '0b7c3f0e-2d4a-4c59-9f0e-5b8a1d2c3e4f',
        configuration: {
          strategy: 'PercentageRollout',
          percentageRollout: [{ variationId: variationId('short-rollout', 'true'), weight: 1 }],
        },
      }),
      flag({
        key: 'lost-segment',
        configuration: {
          strategy: 'TargetedRollout',
          rules: [
            rule(variationId('lost-segment', 'true'), {
              userSegmentId: '7d0a1c2e-0000-4000-8000-000000000000',
            }),
          ],
        },
      }),
    ];
    const results = new FlagEvaluator({ flags: broken, segments: [] }).evaluateAll({ key: 'user-1' });
    const codeOf = (reason: (typeof results)[number]['reason']) =>
      reason.kind === 'Error' ? reason.errorCode : null;
    expect(
      results.map((result) => [result.flagKey, result.reason.kind, codeOf(result.reason), result.value]),
    ).toEqual([
      ['bad-bool', 'Error', 'General', null],
      ['bad-json', 'Error', 'General', null],
      ['lost-segment', 'Error', 'General', null],
      ['no-default', 'Error', 'General', null],
      ['short-rollout', 'Error', 'General', null],
    ]);
  });
});

describe('dependsOnContext', () => {
  it('is false only where every context is served the same: off, or one variation with no prerequisite', () => {
    const evaluator = new FlagEvaluator({
      flags: [
        flag({ key: 'off', configuration: { isEnabled: false, strategy: 'PercentageRollout' } }),
        flag({ key: 'static' }),
        flag({ key: 'no-rules', configuration: { strategy: 'TargetedRollout' } }),
        flag({
          key: 'ruled',
          configuration: { strategy: 'TargetedRollout', rules: [rule(variationId('ruled', 'true'))] },
        }),
        flag({
          key: 'rollout',
          configuration: {
            strategy: 'PercentageRollout',
            percentageRollout: [{ variationId: variationId('rollout', 'true'), weight: 100 }],
          },
        }),
        flag({
          key: 'gated',
          configuration: {
            prerequisites: [{ prerequisiteFlagKey: 'static', expectedVariationKey: 'false' }],
          },
        }),
      ],
      segments: [],
    });
    const depends = ['off', 'static', 'no-rules', 'ruled', 'rollout', 'gated'].filter((key) =>
      evaluator.dependsOnContext(key),
    );
    expect(depends).toEqual(['ruled', 'rollout', 'gated']);
    // And what it says of the others holds: every context, a key or none, is served the same.
    for (const key of ['off', 'static', 'no-rules']) {
      const served = [{}, { key: 'a' }, { key: 'b', attributes: { country: 'NL' } }].map((context) =>
        JSON.stringify(evaluator.evaluate(key, context)),
      );
      expect(new Set(served).size, key).toBe(1);
    }
  });
});
