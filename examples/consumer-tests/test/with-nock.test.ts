/** The same mock for a suite that uses nock instead of msw (nock and msw each patch fetch: one per file). */
import { createFlagplaneMock } from '@flagplane/mock';
import { createClient } from '@flagplane/sdk';
import nock from 'nock';
import { afterAll, expect, it } from 'vitest';
import { checkoutSettings } from '../src/checkout-settings.js';
import { seedCheckoutFlags } from './seed-flags.js';

it('reads the flags through nock interceptors', async () => {
  const mock = await createFlagplaneMock({ baseUrl: 'http://flagplane-nock.mock' });
  const installation = await mock.nock();
  nock.disableNetConnect();
  afterAll(async () => {
    installation.remove();
    nock.enableNetConnect();
    await mock.close();
  });
  const client = createClient({ baseUrl: mock.baseUrl, token: mock.tokens.owner });
  await seedCheckoutFlags(client);
  await client.flagEnvironments.toggle('acme', 'shop', 'new-checkout', 'production', { enabled: true });
  expect(await checkoutSettings(client, { org: 'acme', project: 'shop', environment: 'production' })).toEqual(
    {
      newCheckout: true,
      banner: null,
    },
  );
});
