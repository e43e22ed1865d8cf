/** Removal by policy: `apply --prune` (each policy), `destroy`, and the export round trip. */
import type { DesiredStateInput } from '@flagplane/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changesOf, engine } from './support/engine-harness.js';
import { sampleState } from './support/sample-state.js';
import { type RunningTestServer, startTestServer } from './support/test-server.js';

let server: RunningTestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** The sample plus things the trimmed document will no longer declare. */
function fullState(): DesiredStateInput {
  const state = sampleState();
  const project = state.projects[0]!;
  project.environments.push({ key: 'staging' });
  project.segments!.push({ key: 'internal', included: ['staff-1'] });
  project.flags!.push(
    {
      key: 'legacy-search',
      type: 'Boolean',
      environments: { production: { enabled: true, rules: [{ variation: 'true', segment: 'internal' }] } },
    },
    {
      key: 'legacy-search-v2',
      type: 'Boolean',
      environments: { production: { prerequisites: [{ flag: 'legacy-search', variation: 'true' }] } },
    },
  );
  project.sdkKeys!.push({ name: 'old-client', environment: 'production', type: 'ClientSide' });
  return state;
}

describe('apply --prune', () => {
  it('without --prune only reports what is not declared', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(fullState());
    const plan = await flagplane.plan(sampleState());
    expect(changesOf(plan)).toEqual([]);
    expect(plan.notices.map((notice) => `${notice.resource}: ${notice.message}`)).toEqual([
      'environment staging: not declared; kept even by `apply --prune` (removal policy retain)',
      'flag legacy-search: not declared; `apply --prune` would archive it',
      'flag legacy-search-v2: not declared; `apply --prune` would archive it',
      'segment internal: not declared; `apply --prune` would delete it',
      'sdkKey production/old-client: not declared; `apply --prune` would revoke it',
    ]);
  });

  it('applies the default policies: archive flags (dependants first), delete segments, revoke keys, keep environments', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(fullState());
    const { plan, result } = await flagplane.apply(sampleState(), true);
    expect(result.failed).toEqual([]);
    expect(changesOf(plan)).toEqual([
      'archive flag web/legacy-search',
      'archive flag web/legacy-search-v2',
      'delete segment web/internal',
      `revoke sdkKey web/production/old-client#${plan.steps.at(-1)?.change.resource.split('#')[1]}`,
    ]);
    // legacy-search is needed by legacy-search-v2, and its rule uses the deleted segment.
    expect(plan.steps[0]?.change.dependsOn).toContain('flag web/legacy-search-v2');
    expect(plan.steps[2]?.change.dependsOn).toContain('flag web/legacy-search');
    expect(plan.notices.map((notice) => notice.resource)).toEqual(['environment staging']);

    const archived = await flagplane.client.flags.list('acme', 'web', { archived: true });
    expect(archived.items.map((flag) => flag.key)).toEqual(['legacy-search', 'legacy-search-v2']);
    const keys = await flagplane.client.sdkKeys.list('acme', 'web', 'production');
    expect(keys.items.filter((key) => key.isActive).map((key) => key.name)).toEqual(['web-server']);
    expect(changesOf(await flagplane.plan(sampleState(), true))).toEqual([]);
  });

  it('deletes flags and environments, and retains what the policy says to retain', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(fullState());
    const state = {
      ...sampleState(),
      removalPolicies: { flag: 'delete', environment: 'delete', segment: 'retain', sdkKey: 'retain' },
    } as const;
    const { plan, result } = await flagplane.apply(state, true);
    expect(result.failed).toEqual([]);
    expect(changesOf(plan)).toEqual([
      'delete environment web/staging',
      'delete flag web/legacy-search',
      'delete flag web/legacy-search-v2',
    ]);
    expect(plan.notices.map((notice) => `${notice.resource}: ${notice.message}`)).toEqual([
      'segment internal: not declared (--prune); kept (removal policy retain)',
      'sdkKey production/old-client: not declared (--prune); kept (removal policy retain)',
    ]);
    const flags = [
      ...(await flagplane.client.flags.list('acme', 'web')).items,
      ...(await flagplane.client.flags.list('acme', 'web', { archived: true })).items,
    ];
    expect(flags.map((flag) => flag.key).sort()).toEqual(['banner-text', 'new-checkout']);
    expect(
      (await flagplane.client.environments.list('acme', 'web')).items.map((environment) => environment.key),
    ).toEqual(['development', 'production']);
  });
});

describe('destroy', () => {
  it('removes what the file declares by its policies, and a second destroy has nothing to do', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(sampleState());
    const { plan, result } = await flagplane.destroy(sampleState());
    expect(result.failed).toEqual([]);
    expect(changesOf(plan).map((line) => line.replace(/#.*/, ''))).toEqual([
      'archive flag web/new-checkout',
      'archive flag web/banner-text',
      'delete segment web/beta-users',
      'revoke sdkKey web/production/web-server',
    ]);
    // new-checkout uses the segment that is deleted: its rule goes before it is archived.
    expect(plan.steps[0]?.change.changes).toEqual([
      {
        property: 'new-checkout@production',
        before: 'rules',
        after: 'cleared of references to removed resources',
      },
    ]);
    expect(plan.notices.map((notice) => notice.resource)).toEqual([
      'environment development',
      'environment production',
      'project web',
    ]);
    expect(changesOf((await flagplane.destroy(sampleState())).plan)).toEqual([]);
  });

  it('deletes the whole project when its policy is delete', async () => {
    const flagplane = engine(server.baseUrl);
    const state: DesiredStateInput = { ...sampleState(), removalPolicies: { project: 'delete' } };
    await flagplane.apply(state);
    const { plan, result } = await flagplane.destroy(state);
    expect(result.failed).toEqual([]);
    expect(changesOf(plan)).toEqual(['delete project web']);
    expect((await flagplane.client.projects.list('acme')).items).toEqual([]);
  });
});

describe('export', () => {
  it('writes a desired state that plans as no change (round trip)', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(fullState());
    // Live changes the export must capture: a custom variation name, weights kept after a strategy change.
    await flagplane.client.flagEnvironments.update('acme', 'web', 'banner-text', 'development', {
      strategy: 'SingleVariation',
    });
    const exported = await flagplane.export('acme');
    const plan = await flagplane.plan(exported, true);
    expect(changesOf(plan)).toEqual([]);
    expect(plan.notices).toEqual([]);
    expect(
      exported.projects[0]?.flags?.find((flag) => flag.key === 'banner-text')?.environments?.development,
    ).toEqual({
      enabled: true,
      percentageRollout: { hello: 50, welcome: 50 },
      prerequisites: [{ flag: 'new-checkout', variation: 'false' }],
    });
  });
});
