/**
 * The app's OpenFeature flag logic tested against @flagplane/mock: the provider downloads the mock's
 * environment with a server-side SDK key (the mock serves the delivery paths, §21, as the server does).
 */
import { setupFlagplaneMock } from '@flagplane/mock/vitest';
import { FlagplaneProvider } from '@flagplane/openfeature';
import { createClient } from '@flagplane/sdk';
import { OpenFeature } from '@openfeature/server-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { checkoutPage } from '../src/checkout-page.js';
import { seedCheckoutFlags } from './seed-flags.js';

const flagplane = setupFlagplaneMock();

/** A new server-side SDK key of the shop's production environment, as the app is given it. */
async function newSdkKey(api: ReturnType<typeof createClient>): Promise<string> {
  const created = await api.sdkKeys.create('acme', 'shop', 'production', { type: 'ServerSide' });
  if (!created.key) throw new Error('the creation answer carries the plaintext key');
  return created.key;
}
afterEach(() => OpenFeature.close());

/** The flags seeded, the Dutch rolled onto the new checkout, and the provider set up with a new key. */
async function appWithFlags() {
  const api = createClient({ baseUrl: flagplane.mock.baseUrl, token: flagplane.mock.tokens.owner });
  await seedCheckoutFlags(api);
  const checkout = await api.flags.retrieve('acme', 'shop', 'new-checkout');
  const on = checkout.variations.find((variation) => variation.key === 'true');
  if (!on) throw new Error('a Boolean flag always has a "true" variation');
  await api.flagEnvironments.toggle('acme', 'shop', 'new-checkout', 'production', { enabled: true });
  await api.flagEnvironments.update('acme', 'shop', 'new-checkout', 'production', {
    strategy: 'TargetedRollout',
  });
  await api.rules.create('acme', 'shop', 'new-checkout', 'production', {
    variationId: on.id,
    conditionGroups: [{ conditions: [{ attribute: 'country', operator: 'In', values: ['NL'] }] }],
  });
  const sdkKey = await newSdkKey(api);
  await OpenFeature.setProviderAndWait(new FlagplaneProvider({ baseUrl: flagplane.mock.baseUrl, sdkKey }));
  return OpenFeature.getClient();
}

describe('the checkout page through OpenFeature', () => {
  it('shows the new checkout to the Dutch only, and the plain banner while it is off', async () => {
    const flags = await appWithFlags();
    expect(await checkoutPage(flags, { id: 'user-1', country: 'NL' })).toEqual({
      newCheckout: true,
      banner: 'Welcome',
    });
    expect(await checkoutPage(flags, { id: 'user-2', country: 'DE' })).toEqual({
      newCheckout: false,
      banner: 'Welcome',
    });
  });

  it('falls back to the defaults when the flags are not there', async () => {
    const api = createClient({ baseUrl: flagplane.mock.baseUrl, token: flagplane.mock.tokens.owner });
    await api.projects.create('acme', { key: 'shop' });
    const sdkKey = await newSdkKey(api);
    await OpenFeature.setProviderAndWait(new FlagplaneProvider({ baseUrl: flagplane.mock.baseUrl, sdkKey }));
    expect(await checkoutPage(OpenFeature.getClient(), { id: 'user-1', country: 'NL' })).toEqual({
      newCheckout: false,
      banner: '',
    });
  });
});
