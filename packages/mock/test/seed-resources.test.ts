/** One desired-state fixture seeds the mock (with the CLI's engine) and survives every reset. */
import { createClient } from '@flagplane/sdk';
import { expect, it } from 'vitest';
import { setupFlagplaneMock } from '../src/vitest.js';

const flagplane = setupFlagplaneMock({
  baseUrl: 'http://seeded.test',
  seed: {
    resources: [
      {
        organization: 'acme',
        projects: [
          {
            key: 'web',
            environments: [{ key: 'production' }],
            segments: [{ key: 'beta', included: ['user-1'] }],
            flags: [
              {
                key: 'new-checkout',
                type: 'Boolean',
                temporary: true,
                environments: {
                  production: { enabled: true, rules: [{ variation: 'true', segment: 'beta' }] },
                },
              },
            ],
          },
        ],
      },
    ],
  },
});

const client = () => createClient({ baseUrl: flagplane.mock.baseUrl, token: flagplane.mock.tokens.owner });

it('starts with the declared project, flag (temporary), segment and configuration', async () => {
  const configuration = await client().flagEnvironments.retrieve('acme', 'web', 'new-checkout', 'production');
  const segment = await client().segments.retrieve('acme', 'web', 'beta');
  expect(configuration.isEnabled).toBe(true);
  expect(configuration.rules.map((rule) => rule.userSegmentId)).toEqual([segment.id]);
  expect(flagplane.mock.requests).toHaveLength(2);
  expect((await client().flags.retrieve('acme', 'web', 'new-checkout')).temporary).toBe(true);
  await client().flags.update('acme', 'web', 'new-checkout', { temporary: false });
  await client().flags.archive('acme', 'web', 'new-checkout');
});

it('goes back to the seeded resources after a test changed them', async () => {
  const flag = await client().flags.retrieve('acme', 'web', 'new-checkout');
  expect(flag.isArchived).toBe(false);
  expect(flag.temporary).toBe(true);
});

it('refuses a seed document with problems, naming them', async () => {
  const { createFlagplaneMock } = await import('../src/index.js');
  await expect(
    createFlagplaneMock({
      seed: {
        resources: [
          { organization: 'acme', projects: [{ key: 'web', flags: [{ key: 'f', type: 'Bool' }] }] },
        ],
      },
    }),
  ).rejects.toThrow(/type/);
});
