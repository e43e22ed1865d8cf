/**
 * The resources every operation of the endpoint table needs, created through the SDK on a fresh server:
 * one set that calls read or change, and "doomed" ones that deletions, archiving and revoking use up,
 * so each operation's call stands alone and the calls can run in any order.
 */
import type { FlagplaneClient } from '../../src/index.js';
import { org } from './reference-server.js';

export interface OperationWorld {
  readonly org: string;
  readonly project: string;
  readonly booleanFlag: string;
  readonly stringFlag: string;
  /** The variations of `stringFlag`: key → id. */
  readonly variationIds: Readonly<Record<string, string>>;
  /** The variations of `booleanFlag`: value (`true`, `false`) → id. */
  readonly booleanVariationIds: Readonly<Record<string, string>>;
  readonly segment: string;
  readonly sdkKeyId: string;
  /** The plaintext of `sdkKeyId`, a server-side key of production: the credential of `client.sdk`. */
  readonly serverSideKey: string;
  readonly doomedSdkKeyId: string;
  /** A rule of `booleanFlag` in production. */
  readonly ruleId: string;
  /** A rule of `stringFlag` in development. */
  readonly doomedRuleId: string;
  /** The rules of `stringFlag` in production, in their stored order. */
  readonly reorderableRuleIds: readonly string[];
}

export async function createOperationWorld(client: FlagplaneClient): Promise<OperationWorld> {
  const project = 'web';
  await client.projects.create(org, {
    key: project,
    environments: [{ key: 'development' }, { key: 'production' }, { key: 'doomed-env' }],
  });
  await client.projects.create(org, { key: 'doomed-project' });

  const booleanFlag = await client.flags.create(org, project, { key: 'new-checkout', type: 'Boolean' });
  const stringFlag = await client.flags.create(org, project, {
    key: 'banner',
    type: 'String',
    variations: [
      { key: 'hello', value: 'Hello' },
      { key: 'welcome', value: 'Welcome' },
      { key: 'doomed-variation', value: 'Bye' },
    ],
  });
  await client.flags.create(org, project, { key: 'doomed-flag', type: 'Boolean' });
  await client.flags.create(org, project, { key: 'to-archive', type: 'Boolean' });
  await client.flags.create(org, project, { key: 'archived-flag', type: 'Boolean' });
  await client.flags.archive(org, project, 'archived-flag');

  const variationIds = Object.fromEntries(
    stringFlag.variations.map((variation) => [variation.key ?? '', variation.id]),
  );
  const booleanVariationIds = Object.fromEntries(
    booleanFlag.variations.map((variation) => [variation.value ?? '', variation.id]),
  );
  const welcome = variationIds.welcome as string;

  // By id, not key: path parameters take either (§1).
  const rule = await client.rules.create(org, project, booleanFlag.id, 'production', {
    variationId: booleanVariationIds.true as string,
  });
  const doomedRule = await client.rules.create(org, project, 'banner', 'development', {
    variationId: welcome,
  });
  const reorderable = [
    await client.rules.create(org, project, 'banner', 'production', { variationId: welcome }),
    await client.rules.create(org, project, 'banner', 'production', { variationId: welcome }),
  ];

  await client.segments.create(org, project, { key: 'beta-users', included: ['user-1'] });
  await client.segments.create(org, project, { key: 'doomed-segment' });

  const sdkKey = await client.sdkKeys.create(org, project, 'production', { type: 'ServerSide' });
  const doomedSdkKey = await client.sdkKeys.create(org, project, 'production', { type: 'ClientSide' });

  return {
    org,
    project,
    booleanFlag: 'new-checkout',
    stringFlag: 'banner',
    variationIds,
    booleanVariationIds,
    segment: 'beta-users',
    sdkKeyId: sdkKey.id,
    serverSideKey: sdkKey.key ?? '',
    doomedSdkKeyId: doomedSdkKey.id,
    ruleId: rule.id,
    doomedRuleId: doomedRule.id,
    reorderableRuleIds: reorderable.map((entry) => entry.id),
  };
}
