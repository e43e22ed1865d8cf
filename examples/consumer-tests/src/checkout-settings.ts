/**
 * The app's own code: it decides what the checkout page shows from two flags. It only knows the SDK;
 * the tests run it against @flagplane/mock instead of a real server.
 */
import type { FlagplaneClient } from '@flagplane/sdk';

export interface CheckoutSettings {
  readonly newCheckout: boolean;
  readonly banner: string | null;
}

export async function checkoutSettings(
  client: FlagplaneClient,
  where: { org: string; project: string; environment: string },
): Promise<CheckoutSettings> {
  const { org, project, environment } = where;
  const [checkout, bannerConfiguration, bannerFlag] = await Promise.all([
    client.flagEnvironments.retrieve(org, project, 'new-checkout', environment),
    client.flagEnvironments.retrieve(org, project, 'banner-text', environment),
    client.flags.retrieve(org, project, 'banner-text'),
  ]);
  const served = bannerFlag.variations.find(
    (variation) => variation.id === bannerConfiguration.defaultVariationId,
  );
  return {
    newCheckout: checkout.isEnabled,
    banner: bannerConfiguration.isEnabled ? (served?.value ?? null) : null,
  };
}
