import { setupFlagplaneMock } from '@flagplane/mock/vitest';
import { createClient, RateLimitError } from '@flagplane/sdk';
import { describe, expect, it } from 'vitest';
import { checkoutSettings } from '../src/checkout-settings.js';
import { seedCheckoutFlags } from './seed-flags.js';

// msw intercepts http://flagplane.mock for this file; the mock goes back to its seed after each test.
const flagplane = setupFlagplaneMock();
const where = { org: 'acme', project: 'shop', environment: 'production' };
const client = () => createClient({ baseUrl: flagplane.mock.baseUrl, token: flagplane.mock.tokens.owner });

describe('checkout settings', () => {
  it('shows the old checkout and no banner while both flags are off', async () => {
    await seedCheckoutFlags(client());
    expect(await checkoutSettings(client(), where)).toEqual({ newCheckout: false, banner: null });
  });

  it('follows the flags once they are turned on', async () => {
    const api = client();
    await seedCheckoutFlags(api);
    const banner = await api.flags.retrieve('acme', 'shop', 'banner-text');
    const sale = banner.variations.find((variation) => variation.key === 'sale')!;
    await api.flagEnvironments.toggle('acme', 'shop', 'new-checkout', 'production', { enabled: true });
    await api.flagEnvironments.update('acme', 'shop', 'banner-text', 'production', {
      isEnabled: true,
      defaultVariationId: sale.id,
    });
    expect(await checkoutSettings(api, where)).toEqual({ newCheckout: true, banner: 'Sale: 20% off' });
  });

  it('starts every test from the seed', async () => {
    await expect(checkoutSettings(client(), where)).rejects.toMatchObject({ status: 404 });
  });

  it('surfaces rate limiting the API imposes', async () => {
    await seedCheckoutFlags(client());
    flagplane.mock.fail('getFlag', { status: 429, retryAfter: 600 });
    await expect(
      checkoutSettings(
        createClient({
          baseUrl: flagplane.mock.baseUrl,
          token: flagplane.mock.tokens.owner,
          maxRetryAfterMs: 1000,
        }),
        where,
      ),
    ).rejects.toBeInstanceOf(RateLimitError);
  });
});
