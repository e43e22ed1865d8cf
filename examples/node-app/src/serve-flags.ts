/**
 * The other half of an application: serving flags. With a server-side SDK key, the Flagplane
 * OpenFeature provider downloads the production environment and evaluates every flag in this process;
 * the app only ever talks to OpenFeature. Run after `main` (it evaluates the flags `main` created).
 */
import { FlagplaneProvider } from '@flagplane/openfeature';
import type { FlagplaneClient } from '@flagplane/sdk';
import { OpenFeature } from '@openfeature/server-sdk';

export interface ServedFlags {
  /** new-checkout for a Dutch beta tester, and for someone else. */
  readonly betaTester: boolean;
  readonly someoneElse: boolean;
  /** banner-text for user-1 (an 80/20 rollout: the same answer every time for the same user). */
  readonly banner: string;
}

export async function serveFlags(
  client: FlagplaneClient,
  where: { readonly baseUrl: string; readonly org: string; readonly project: string },
  log: (line: string) => void = console.log,
): Promise<ServedFlags> {
  // In an application the key comes from its configuration; here the script issues one.
  const created = await client.sdkKeys.create(where.org, where.project, 'production', { type: 'ServerSide' });
  if (!created.key) throw new Error('the creation answer carries the plaintext key');
  await OpenFeature.setProviderAndWait(
    new FlagplaneProvider({ baseUrl: where.baseUrl, sdkKey: created.key }),
  );
  const flags = OpenFeature.getClient();
  try {
    const betaTester = await flags.getBooleanValue('new-checkout', false, {
      targetingKey: 'user-1',
      country: 'NL',
      plan: 'beta',
    });
    const someoneElse = await flags.getBooleanValue('new-checkout', false, {
      targetingKey: 'user-2',
      country: 'DE',
    });
    const banner = await flags.getStringDetails('banner-text', 'Hi', { targetingKey: 'user-1' });
    log(`new-checkout: ${betaTester} for a Dutch beta tester, ${someoneElse} for someone else.`);
    log(`banner-text for user-1: "${banner.value}" (${banner.reason}, variant ${banner.variant}).`);
    return { betaTester, someoneElse, banner: banner.value };
  } finally {
    await OpenFeature.close();
  }
}
