/** The example's main function, end to end, against the reference server started in this process. */
import { createClient } from '@flagplane/sdk';
import { buildServer } from '@flagplane/server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { main } from '../src/main.js';
import { serveFlags } from '../src/serve-flags.js';

const token = `fp_pat_${'example'.padEnd(40, '0')}`;
let app: Awaited<ReturnType<typeof buildServer>>;
let baseUrl: string;

beforeAll(async () => {
  app = await buildServer({
    identities: {
      organizations: [{ slug: 'default', name: 'Default', plan: 'Solo' }],
      users: [
        { email: 'admin@localhost', name: 'Admin', memberships: { default: 'Owner' }, tokens: [token] },
      ],
      serviceTokens: [],
    },
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => app.close());

test('the example creates its flags, walks them, and meets a ValidationError and a NotFoundError', async () => {
  const lines: string[] = [];

  const summary = await main({ baseUrl, token, project: 'example', log: (line) => lines.push(line) });

  expect(summary.project).toBe('example');
  expect(summary.flagKeys).toEqual(['banner-text', 'new-checkout', 'search-page-size']);
  expect(Object.keys(summary.validationFields).sort()).toEqual(['key', 'variations']);
  expect(summary.didYouMean).toEqual(['new-checkout']);
  expect(lines[0]).toBe('Signed in as Admin (user).');
  expect(lines).toContain('  banner-text (String) tags: marketing');
  expect(
    lines.some((line) => line.startsWith('Not found: 404 not_found: Flag "new-chekout" was not found.')),
  ).toBe(true);
});

test('the example leaves the rollout and the rule in place', async () => {
  await main({ baseUrl, token, project: 'example-2', log: () => {} });

  const client = createClient({ baseUrl, token });
  const banner = await client.flagEnvironments.retrieve('default', 'example-2', 'banner-text', 'production');
  expect(banner).toMatchObject({ isEnabled: true, strategy: 'PercentageRollout' });
  expect(banner.percentageRollout?.map((entry) => entry.weight)).toEqual([80, 20]);
  const checkout = await client.flagEnvironments.retrieve(
    'default',
    'example-2',
    'new-checkout',
    'production',
  );
  expect(checkout).toMatchObject({ isEnabled: true, strategy: 'TargetedRollout' });
  expect(checkout.rules.map((rule) => rule.description)).toEqual(['Beta testers in the Netherlands']);
});

test('the flags it created are served through OpenFeature as the server evaluates them', async () => {
  await main({ baseUrl, token, project: 'example-3', log: () => {} });
  const client = createClient({ baseUrl, token });
  const lines: string[] = [];
  const served = await serveFlags(client, { baseUrl, org: 'default', project: 'example-3' }, (line) =>
    lines.push(line),
  );
  expect(served.betaTester).toBe(true);
  expect(served.someoneElse).toBe(false);
  // The provider's answer for user-1 is the server's: ask its playground.
  const playground = await client.environments.evaluate('default', 'example-3', 'production', {
    context: { key: 'user-1' },
    flags: ['banner-text'],
  });
  expect(served.banner).toBe(playground.items[0]?.value);
  expect(lines[0]).toBe('new-checkout: true for a Dutch beta tester, false for someone else.');
});
