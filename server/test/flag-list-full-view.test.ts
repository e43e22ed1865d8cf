/**
 * `GET …/flags?view=full`: each list item carries what a client would otherwise read flag by flag (the
 * detail's description, variations and staleness, and the configuration in every environment), so a whole
 * project reads in one walk of the list. The summary stays the document's list item.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFlag, type Json, useWebProject } from './spec-helpers.js';

const server = useWebProject();
const base = '/api/v1/orgs/acme/projects/web';
const listFields = [
  'clientSideVisible',
  'createdAt',
  'id',
  'isArchived',
  'key',
  'managedBy',
  'name',
  'tags',
  'temporary',
  'type',
  'updatedAt',
];

async function list(query: string, caller: 'viewer' | 'member' = 'viewer'): Promise<Json> {
  const response = await server.call(caller, 'GET', `${base}/flags?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function read(path: string): Promise<Json> {
  const response = await server.call('viewer', 'GET', `${base}${path}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const withoutActions = ({ _actions, ...rest }: Json) => rest;

describe('flag list view=full', () => {
  beforeAll(async () => {
    await createFlag(server, { key: 'full-gate', type: 'Boolean' });
    const flag = await createFlag(server, {
      key: 'full-rollout',
      name: 'Rollout',
      description: 'Checkout redesign',
      type: 'String',
      tags: ['ui'],
      variations: [
        { key: 'old', value: 'old' },
        { key: 'new', value: 'new' },
      ],
    });
    const [oldVariation, newVariation] = flag.variations;
    const configured = await server.call(
      'member',
      'PUT',
      `${base}/flags/full-rollout/environments/production`,
      {
        isEnabled: true,
        strategy: 'PercentageRollout',
        percentageRollout: [
          { variationId: oldVariation.id, weight: 80 },
          { variationId: newVariation.id, weight: 20 },
        ],
        prerequisites: [{ prerequisiteFlagKey: 'full-gate', expectedVariationKey: 'true' }],
        rules: [
          {
            description: 'staff',
            variationId: newVariation.id,
            conditionGroups: [
              { conditions: [{ attribute: 'email', operator: 'EndsWith', values: ['@acme.test'] }] },
            ],
          },
        ],
      },
    );
    expect(configured.statusCode, configured.body).toBe(204);
    await createFlag(server, { key: 'full-retired', type: 'Boolean' });
    expect((await server.call('member', 'POST', `${base}/flags/full-retired/archive`)).statusCode).toBe(204);
  });

  it('gives each flag its detail fields and its configuration in every environment, in environment order', async () => {
    const page = await list('search=full-&view=full');
    expect(page.items.map((item: Json) => item.key)).toEqual(['full-gate', 'full-rollout']);
    for (const item of page.items) {
      const detail = await read(`/flags/${item.key}`);
      const configurations = (await read(`/flags/${item.key}/environments`)) as unknown as Json[];
      const { environments, ...flagFields } = item;
      expect(flagFields).toEqual(withoutActions(detail));
      expect(environments).toEqual(configurations.map(withoutActions));
      expect(environments.map((environment: Json) => environment.environmentKey)).toEqual([
        'development',
        'production',
      ]);
    }
    const rollout = page.items[1].environments[1];
    expect(rollout).toMatchObject({
      isEnabled: true,
      strategy: 'PercentageRollout',
      prerequisites: [{ prerequisiteFlagKey: 'full-gate', expectedVariationKey: 'true' }],
    });
    expect(rollout.rules).toHaveLength(1);
    expect(rollout.percentageRollout.map((weight: Json) => weight.weight)).toEqual([80, 20]);
  });

  it('keeps _actions on the envelope only, never on the nested flags, variations or configurations', async () => {
    const page = await list('search=full-&view=full', 'member');
    expect(page._actions.create).toEqual({ allowed: true, reason: null });
    for (const item of page.items) {
      expect(item).not.toHaveProperty('_actions');
      for (const variation of item.variations) expect(variation).not.toHaveProperty('_actions');
      for (const configuration of item.environments) expect(configuration).not.toHaveProperty('_actions');
    }
  });

  it('combines with the filters, archived flags included', async () => {
    const archived = await list('search=full-&archived=true&view=full');
    expect(archived.items.map((item: Json) => item.key)).toEqual(['full-retired']);
    expect(archived.items[0]).toMatchObject({ isArchived: true, staleness: 'Archived' });
    expect(archived.items[0].environments).toHaveLength(2);
    const tagged = await list('tag=ui&view=full');
    expect(tagged.items.map((item: Json) => item.key)).toEqual(['full-rollout']);
  });

  it('pages like the summary, and a cursor of one view continues the other', async () => {
    const first = await list('search=full-&limit=1&view=full');
    expect(first.items.map((item: Json) => item.key)).toEqual(['full-gate']);
    expect(first.next_cursor).toEqual(expect.any(String));
    const next = await list(`search=full-&limit=1&cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(next.items.map((item: Json) => item.key)).toEqual(['full-rollout']);
    expect(Object.keys(next.items[0]).sort()).toEqual(listFields);
  });

  it('answers the summary for view=summary, an unknown view or none, and reads view case-insensitively', async () => {
    for (const query of ['', '&view=summary', '&view=everything', '&view=']) {
      const page = await list(`search=full-${query}`);
      for (const item of page.items) expect(Object.keys(item).sort(), query).toEqual(listFields);
    }
    const upper = await list('search=full-&view=FULL');
    expect(upper.items[0].environments).toHaveLength(2);
  });
});
