/**
 * A document that manages flags inside a project someone else owns, with prerequisites on flags someone
 * else owns: the engine never creates, changes or removes what is theirs, and says so when it is missing.
 */
import type { DesiredStateInput } from '@flagplane/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changesOf, engine } from './support/engine-harness.js';
import { type RunningTestServer, startTestServer } from './support/test-server.js';

let server: RunningTestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** What the platform team owns: the project, named and coloured its way, a kill switch, a flag of its own. */
function platformState(): DesiredStateInput {
  return {
    organization: 'acme',
    projects: [
      {
        key: 'platform',
        name: 'Platform (owned by the platform team)',
        environments: [{ key: 'staging', color: '#123456' }, { key: 'production' }],
        flags: [
          { key: 'kill-switch', type: 'Boolean' },
          { key: 'platform-only', type: 'Boolean' },
        ],
      },
    ],
  };
}

/** What the search team declares in it: one flag that needs the kill switch off. */
function searchState(): DesiredStateInput {
  return {
    organization: 'acme',
    removalPolicies: { project: 'delete', environment: 'delete', flag: 'delete' },
    projects: [
      {
        key: 'platform',
        managedElsewhere: true,
        environments: [{ key: 'production' }],
        flagsManagedElsewhere: ['kill-switch'],
        flags: [
          {
            key: 'search-v2',
            type: 'Boolean',
            environments: {
              production: { enabled: true, prerequisites: [{ flag: 'kill-switch', variation: 'false' }] },
            },
          },
        ],
      },
    ],
  };
}

describe('resources managed elsewhere', () => {
  it('manages its own flag in the project and never touches the project, its environments or other flags', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(platformState());
    const { plan, result } = await flagplane.apply(searchState(), true);
    expect(result.failed).toEqual([]);
    // Not renamed to its key, no environment recoloured, nothing pruned although --prune was given.
    expect(changesOf(plan)).toEqual([
      'create flag platform/search-v2',
      'update configuration platform/search-v2@production',
    ]);
    expect(plan.notices).toEqual([]);
    const configuration = await flagplane.client.flagEnvironments.retrieve(
      'acme',
      'platform',
      'search-v2',
      'production',
    );
    expect(configuration.prerequisites).toEqual([
      { prerequisiteFlagKey: 'kill-switch', expectedVariationKey: 'false' },
    ]);
    // The owner's own document still plans no change: nothing of theirs moved.
    expect(changesOf(await flagplane.plan(platformState()))).toEqual([]);
    server.resetCounts();
    expect(changesOf((await flagplane.apply(searchState(), true)).plan)).toEqual([]);
    expect(server.counts().writes).toBe(0);
  });

  it("claims its flag for the environments it names, and leaves the project's others to their owner (§20)", async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(platformState());
    await flagplane.apply({ ...searchState(), source: 'file:search.yaml' });
    const flag = await flagplane.client.flags.retrieve('acme', 'platform', 'search-v2');
    // staging is the platform team's: this document never reconciles the flag there, so it does not claim it.
    expect(flag.managedBy).toMatchObject({ source: 'file:search.yaml', environments: ['production'] });
    await flagplane.client.flagEnvironments.toggle('acme', 'platform', 'search-v2', 'staging', {
      enabled: true,
    });
    expect(changesOf(await flagplane.plan({ ...searchState(), source: 'file:search.yaml' }))).toEqual([]);
  });

  it('destroys only what it declares itself, even with delete as every default policy', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(platformState());
    await flagplane.apply(searchState());
    const { plan, result } = await flagplane.destroy(searchState());
    expect(result.failed).toEqual([]);
    expect(changesOf(plan)).toEqual(['delete flag platform/search-v2']);
    const left = await flagplane.client.flags.list('acme', 'platform');
    expect(left.items.map((flag) => flag.key)).toEqual(['kill-switch', 'platform-only']);
  });

  it('refuses to start while what it relies on is missing, and names each missing thing', async () => {
    const flagplane = engine(server.baseUrl);
    expect((await flagplane.plan(searchState())).conflicts).toEqual([
      'project platform is managed elsewhere and does not exist; create it there first',
    ]);
    const withoutKillSwitch = platformState();
    withoutKillSwitch.projects[0]!.flags = [];
    withoutKillSwitch.projects[0]!.environments = [{ key: 'staging' }];
    await flagplane.apply(withoutKillSwitch);
    const plan = await flagplane.plan(searchState());
    expect(plan.conflicts).toEqual([
      'environment platform/production is managed elsewhere and does not exist',
      'flag platform/kill-switch is managed elsewhere and does not exist',
    ]);
    await expect(flagplane.apply(searchState())).rejects.toThrow('managed elsewhere and does not exist');
    expect(server.counts().writes).toBe(1); // the owner's project creation, nothing of ours
  });

  it('keeps a flag managed elsewhere out of --prune in a project it owns', async () => {
    const flagplane = engine(server.baseUrl);
    const owned = platformState();
    await flagplane.apply(owned);
    const project = owned.projects[0]!;
    project.flags = [{ key: 'platform-only', type: 'Boolean' }];
    project.flagsManagedElsewhere = ['kill-switch'];
    const { plan } = await flagplane.apply(owned, true);
    expect(changesOf(plan)).toEqual([]);
    const flags = await flagplane.client.flags.list('acme', 'platform');
    expect(flags.items.map((flag) => flag.key)).toEqual(['kill-switch', 'platform-only']);
  });
});
