/**
 * The app's flag logic as an application evaluates flags: through OpenFeature, with the Flagplane
 * provider set up once at start. What the checkout page shows for a user depends on who they are.
 */
import type { Client } from '@openfeature/server-sdk';

export interface CheckoutPage {
  readonly newCheckout: boolean;
  readonly banner: string;
}

export async function checkoutPage(
  flags: Client,
  user: { id: string; country: string },
): Promise<CheckoutPage> {
  const context = { targetingKey: user.id, country: user.country };
  const [newCheckout, banner] = await Promise.all([
    flags.getBooleanValue('new-checkout', false, context),
    flags.getStringValue('banner-text', '', context),
  ]);
  return { newCheckout, banner };
}
