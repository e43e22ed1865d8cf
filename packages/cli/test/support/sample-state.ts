/** A desired state that uses every kind of resource and reference, for the tests. */
import type { DesiredStateInput } from '@flagplane/contract';

export function sampleState(): DesiredStateInput {
  return {
    organization: 'acme',
    projects: [
      {
        key: 'web',
        name: 'Web shop',
        environments: [
          { key: 'development', color: '#22c55e' },
          { key: 'production', name: 'Production', color: '#ef4444' },
        ],
        segments: [{ key: 'beta-users', name: 'Beta users', included: ['user-1', 'user-2'] }],
        flags: [
          {
            key: 'new-checkout',
            type: 'Boolean',
            name: 'New checkout',
            tags: ['checkout'],
            environments: {
              production: {
                enabled: true,
                strategy: 'TargetedRollout',
                rules: [
                  { description: 'beta first', variation: 'true', segment: 'beta-users' },
                  {
                    variation: 'true',
                    rolloutPercentage: 25,
                    conditionGroups: [
                      { conditions: [{ attribute: 'country', operator: 'In', values: ['NL', 'BE'] }] },
                    ],
                  },
                ],
              },
            },
          },
          {
            key: 'banner-text',
            type: 'String',
            description: 'The banner on the home page',
            variations: [
              { key: 'hello', value: 'Hello' },
              { key: 'welcome', name: 'Welcome', value: 'Welcome back' },
            ],
            defaultVariation: 'hello',
            environments: {
              development: {
                enabled: true,
                strategy: 'PercentageRollout',
                percentageRollout: { hello: 50, welcome: 50 },
                prerequisites: [{ flag: 'new-checkout', variation: 'false' }],
              },
            },
          },
        ],
        sdkKeys: [{ name: 'web-server', environment: 'production', type: 'ServerSide' }],
      },
    ],
  };
}
