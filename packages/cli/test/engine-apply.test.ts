/** The reconcile engine in-process against a real server: apply, re-apply without writes, drift. */
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

describe('apply', () => {
  it('creates everything in dependency order, then a second apply makes zero writes', async () => {
    const flagplane = engine(server.baseUrl);
    const first = await flagplane.apply(sampleState());
    expect(first.result.failed).toEqual([]);
    expect(changesOf(first.plan)).toEqual([
      'create project web',
      'create segment web/beta-users',
      'create flag web/new-checkout',
      'update configuration web/new-checkout@production',
      'create flag web/banner-text',
      'update configuration web/banner-text@development',
      'create sdkKey web/production/web-server',
    ]);
    const bannerConfiguration = first.plan.steps.find(
      (step) => step.change.id === 'configuration web/banner-text@development',
    );
    // Its prerequisite flag is created first; the flag itself too.
    expect(bannerConfiguration?.change.dependsOn).toEqual([
      'flag web/banner-text',
      'project web',
      'flag web/new-checkout',
    ]);

    server.resetCounts();
    const second = await flagplane.apply(sampleState());
    expect(changesOf(second.plan)).toEqual([]);
    expect(server.counts().writes).toBe(0);
  });

  it('stores references by id: default variation, weights, rule variations and segments', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(sampleState());
    const flag = await flagplane.client.flags.retrieve('acme', 'web', 'banner-text');
    const configuration = await flagplane.client.flagEnvironments.retrieve(
      'acme',
      'web',
      'banner-text',
      'development',
    );
    const id = (key: string) => flag.variations.find((variation) => variation.key === key)?.id;
    expect(configuration.percentageRollout).toEqual([
      { variationId: id('hello'), weight: 50 },
      { variationId: id('welcome'), weight: 50 },
    ]);
    expect(configuration.prerequisites).toEqual([
      { prerequisiteFlagKey: 'new-checkout', expectedVariationKey: 'false' },
    ]);
    const segments = await flagplane.client.segments.list('acme', 'web');
    const production = await flagplane.client.flagEnvironments.retrieve(
      'acme',
      'web',
      'new-checkout',
      'production',
    );
    expect(production.rules[0]?.userSegmentId).toBe(segments.items[0]?.id);
  });

  it('keeps the ids of unchanged rules when rules are added, edited and moved', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(sampleState());
    const before = await flagplane.client.flagEnvironments.retrieve(
      'acme',
      'web',
      'new-checkout',
      'production',
    );
    const [betaRule, countryRule] = before.rules;

    const state = sampleState();
    const production = state.projects[0]?.flags?.[0]?.environments?.production;
    if (!production?.rules) throw new Error('sample changed');
    const [beta, country] = production.rules;
    production.rules = [
      {
        variation: 'false',
        description: 'kill switch',
        conditionGroups: [
          { conditions: [{ attribute: 'email', operator: 'EndsWith', values: ['@acme.test'] }] },
        ],
      },
      country!,
      beta!,
    ];
    const { plan, result } = await flagplane.apply(state);
    expect(result.failed).toEqual([]);
    expect(changesOf(plan)).toEqual(['update configuration web/new-checkout@production']);

    const after = await flagplane.client.flagEnvironments.retrieve(
      'acme',
      'web',
      'new-checkout',
      'production',
    );
    expect(after.rules.map((rule) => rule.id)).toEqual([expect.any(String), countryRule?.id, betaRule?.id]);
    expect(after.rules[0]?.id).not.toBe(betaRule?.id);
    expect(after.rules[0]?.id).not.toBe(countryRule?.id);
  });

  it('shows live drift in the plan and reverts it', async () => {
    const flagplane = engine(server.baseUrl);
    await flagplane.apply(sampleState());
    // Another tool toggles the flag off, renames it, and archives the banner.
    await flagplane.client.flagEnvironments.toggle('acme', 'web', 'new-checkout', 'production', {
      enabled: false,
    });
    await flagplane.client.flags.update('acme', 'web', 'new-checkout', { name: 'Renamed elsewhere' });
    await flagplane.client.flagEnvironments.update('acme', 'web', 'banner-text', 'development', {
      prerequisites: [],
    });
    await flagplane.client.flags.archive('acme', 'web', 'banner-text');

    const drift = await flagplane.plan(sampleState());
    expect(
      drift.steps.map((step) => [
        step.change.id,
        step.change.changes.map((change) => [change.property, change.before, change.after]),
      ]),
    ).toEqual([
      ['flag web/new-checkout', [['name', 'Renamed elsewhere', 'New checkout']]],
      ['configuration web/new-checkout@production', [['enabled', false, true]]],
      ['flag web/banner-text', [['isArchived', true, false]]],
      [
        'configuration web/banner-text@development',
        [['prerequisites', [], [{ flag: 'new-checkout', variation: 'false' }]]],
      ],
    ]);

    const { result } = await flagplane.apply(sampleState());
    expect(result.failed).toEqual([]);
    server.resetCounts();
    expect(changesOf(await flagplane.plan(sampleState()))).toEqual([]);
    const flag = await flagplane.client.flags.retrieve('acme', 'web', 'banner-text');
    expect(flag.isArchived).toBe(false);
  });

  it('adds, edits and deletes variations, deleting only after configurations stop using them', async () => {
    const flagplane = engine(server.baseUrl);
    const state = sampleState();
    await flagplane.apply(state);
    const banner = state.projects[0]?.flags?.[1];
    if (!banner) throw new Error('sample changed');
    banner.variations = [
      { key: 'welcome', name: 'Welcome', value: 'Welcome back!' },
      { key: 'sale', value: 'Sale today' },
    ];
    banner.defaultVariation = 'welcome';
    banner.environments = {
      development: {
        enabled: true,
        strategy: 'PercentageRollout',
        percentageRollout: { welcome: 20, sale: 80 },
      },
    };
    const { plan, result } = await flagplane.apply(state);
    expect(result.failed).toEqual([]);
    expect(changesOf(plan)).toEqual([
      'update flag web/banner-text',
      'update configuration web/banner-text@development',
      'update configuration web/banner-text@production',
      'delete variation web/banner-text/hello',
    ]);
    expect(plan.steps.at(-1)?.change.dependsOn).toEqual(
      expect.arrayContaining([
        'configuration web/banner-text@development',
        'configuration web/banner-text@production',
      ]),
    );
    expect(changesOf(await flagplane.plan(state))).toEqual([]);
  });
});
