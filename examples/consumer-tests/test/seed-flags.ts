/** Puts the flags the app reads into a fresh mock, through the SDK like any client would. */
import type { FlagplaneClient } from '@flagplane/sdk';

export async function seedCheckoutFlags(client: FlagplaneClient): Promise<void> {
  await client.projects.create('acme', { key: 'shop' });
  await client.flags.create('acme', 'shop', { key: 'new-checkout', type: 'Boolean' });
  await client.flags.create('acme', 'shop', {
    key: 'banner-text',
    type: 'String',
    variations: [
      { key: 'plain', value: 'Welcome' },
      { key: 'sale', value: 'Sale: 20% off' },
    ],
  });
}
