/** A desired-state document evaluated with no server (`@flagplane/evaluation/desired-state`). */
import { validateDesiredState } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import { evaluationDataFromDesiredState } from '../src/from-desired-state.js';
import { FlagEvaluator } from '../src/index.js';

function state(document: unknown) {
  const validation = validateDesiredState(document);
  if (!validation.state) throw new Error(JSON.stringify(validation.problems));
  return validation.state;
}

const document = state({
  organization: 'acme',
  projects: [
    {
      key: 'web',
      environments: [{ key: 'development' }, { key: 'production' }],
      segments: [{ key: 'beta-users', included: ['user-9'] }],
      flags: [
        {
          key: 'new-checkout',
          type: 'Boolean',
          environments: {
            production: {
              enabled: true,
              strategy: 'TargetedRollout',
              rules: [
                { variation: 'true', segment: 'beta-users' },
                {
                  variation: 'true',
                  conditionGroups: [
                    { conditions: [{ attribute: 'country', operator: 'In', values: ['NL'] }] },
                  ],
                },
              ],
            },
          },
        },
        {
          key: 'banner-text',
          type: 'String',
          variations: [
            { key: 'hello', value: 'Hello' },
            { key: 'welcome', value: 'Welcome back' },
          ],
          environments: {
            production: {
              enabled: true,
              defaultVariation: 'welcome',
              prerequisites: [{ flag: 'new-checkout', variation: 'true' }],
            },
          },
        },
      ],
    },
  ],
});

const evaluate = (environment: string, key: string, attributes = {}) =>
  new FlagEvaluator(evaluationDataFromDesiredState(document, { environment })).evaluateAll({
    key,
    attributes,
  });

describe('evaluationDataFromDesiredState', () => {
  it('serves rules, segments and prerequisites as a server would', () => {
    expect(evaluate('production', 'user-1', { country: 'NL' })).toEqual([
      { flagKey: 'banner-text', variationKey: 'welcome', value: 'Welcome back', reason: { kind: 'Static' } },
      {
        flagKey: 'new-checkout',
        variationKey: 'true',
        value: true,
        reason: { kind: 'Rule', ruleId: 'rule:new-checkout@production/1', ruleIndex: 1 },
      },
    ]);
    expect(evaluate('production', 'user-9')[1]).toMatchObject({ value: true, reason: { ruleIndex: 0 } });
    expect(evaluate('production', 'user-2', { country: 'DE' })).toEqual([
      {
        flagKey: 'banner-text',
        variationKey: 'welcome',
        value: 'Welcome back',
        reason: { kind: 'PrerequisiteFailed', prerequisiteKey: 'new-checkout' },
      },
      { flagKey: 'new-checkout', variationKey: 'false', value: false, reason: { kind: 'Default' } },
    ]);
  });

  it('declares an environment a flag leaves out disabled, serving its default', () => {
    expect(evaluate('development', 'user-1', { country: 'NL' })).toEqual([
      { flagKey: 'banner-text', variationKey: 'hello', value: 'Hello', reason: { kind: 'Off' } },
      { flagKey: 'new-checkout', variationKey: 'false', value: false, reason: { kind: 'Off' } },
    ]);
  });

  it('names what is missing: an environment, a project, or which of several projects', () => {
    expect(() => evaluationDataFromDesiredState(document, { environment: 'staging' })).toThrow(
      'project web declares no environment "staging" (it has development, production)',
    );
    expect(() =>
      evaluationDataFromDesiredState(document, { project: 'app', environment: 'production' }),
    ).toThrow('the document declares no project "app"');
    const two = state({
      organization: 'acme',
      projects: [
        { key: 'a', environments: [{ key: 'e' }] },
        { key: 'b', environments: [{ key: 'e' }] },
      ],
    });
    expect(() => evaluationDataFromDesiredState(two, { environment: 'e' })).toThrow(
      'the document declares 2 projects (a, b): name one',
    );
  });
});
