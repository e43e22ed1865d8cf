import type { DesiredStateInput } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import { renderCdktfStack } from './render-cdktf-stack.js';

const state: DesiredStateInput = {
  version: 1,
  organization: 'acme',
  projects: [
    {
      key: 'web',
      name: "Web's shop",
      environments: [{ key: 'development', color: '#22c55e' }, { key: 'production' }],
      segments: [{ key: 'beta', included: ['u1'] }],
      flags: [
        {
          key: 'banner',
          type: 'String',
          variations: [
            { key: 'a', value: 'A' },
            { key: 'b', value: 'B', name: 'Bee' },
          ],
          environments: {
            production: {
              enabled: true,
              strategy: 'PercentageRollout',
              percentageRollout: { a: 80, b: 20 },
              prerequisites: [{ flag: 'new-checkout', variation: 'true' }],
            },
          },
        },
        {
          key: 'new-checkout',
          type: 'Boolean',
          environments: {
            production: {
              strategy: 'TargetedRollout',
              rules: [
                {
                  variation: 'true',
                  segment: 'beta',
                  conditionGroups: [
                    { conditions: [{ attribute: 'country', operator: 'In', values: ['NL'] }] },
                  ],
                },
              ],
            },
          },
        },
        {
          key: 'limit',
          type: 'Number',
          variations: [
            { key: 'x', value: '1.50' },
            { key: 'y', value: '2' },
          ],
        },
        {
          key: 'theme',
          type: 'Json',
          variations: [
            { key: 'dark', value: '{"bg":"#000"}' },
            { key: 'spaced', value: '{ "bg": 1 }' },
          ],
        },
      ],
      sdkKeys: [{ name: 'web-server', environment: 'production', type: 'ServerSide', rotation: 2 }],
    },
  ],
};

describe('renderCdktfStack', () => {
  it('writes a CDKTF app using the constructs, references as objects', () => {
    const source = renderCdktfStack(state);
    expect(source).toMatchSnapshot();
    expect(source).toContain(
      "webBanner.configure(webProduction, { enabled: true, strategy: 'PercentageRollout', percentageRollout: [{ variation: webBanner.variation('a'), weight: 80 }, { variation: webBanner.variation('b'), weight: 20 }], prerequisites: [{ flag: webNewCheckout, variation: webNewCheckout.variation('true') }] });",
    );
  });

  it('keeps a value’s exact text where the typed form would spell it differently', () => {
    const source = renderCdktfStack(state);
    expect(source).toContain("{ key: 'x', value: '1.50' }");
    expect(source).toContain("{ key: 'y', value: 2 }");
    expect(source).toContain("{ key: 'dark', value: { bg: '#000' } }");
    expect(source).toContain(`{ key: 'spaced', json: '{ "bg": 1 }' }`);
  });

  it('names the backing resource only when it is not the constructs’ default', () => {
    expect(renderCdktfStack(state)).not.toContain('backingResource');
    expect(renderCdktfStack(state, { backingResource: 'terraform_data' })).toContain(
      "new Flagplane(stack, 'Flagplane', { organization: 'acme', backingResource: 'terraform_data' });",
    );
  });
});
