import { endpoints, tokenOperationIds } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store/memory-store.js';
import type { StoreData } from '../store/records.js';
import { emptyStoreData } from '../store/store-data.js';
import { type PathParamValues, recordsOfPathParam, resolvePath } from './path-scope.js';
import type { Principal } from './principal.js';

const ids = {
  org: '00000000-0000-4000-8000-000000000001',
  user: '00000000-0000-4000-8000-000000000002',
  project: '00000000-0000-4000-8000-000000000003',
  environment: '00000000-0000-4000-8000-000000000004',
  flag: '00000000-0000-4000-8000-000000000005',
  variation: '00000000-0000-4000-8000-000000000006',
  segment: '00000000-0000-4000-8000-000000000007',
  sdkKey: '00000000-0000-4000-8000-000000000008',
  rule: '00000000-0000-4000-8000-000000000009',
};
const now = '2026-01-01T00:00:00.000Z';

/** One of everything a path can name, each inside the one before. */
function world(): StoreData {
  const data = emptyStoreData();
  data.organizations[ids.org] = {
    id: ids.org,
    slug: 'acme',
    name: 'Acme',
    plan: 'Pro',
    isActive: true,
    createdAt: now,
  };
  data.projects[ids.project] = {
    id: ids.project,
    organizationId: ids.org,
    key: 'web',
    name: 'Web',
    description: null,
    createdAt: now,
    updatedAt: null,
  };
  data.environments[ids.environment] = {
    id: ids.environment,
    projectId: ids.project,
    key: 'production',
    name: 'Production',
    color: '#ef4444',
    sortOrder: 0,
    createdAt: now,
  };
  const rule = {
    id: ids.rule,
    description: null,
    variationId: ids.variation,
    rolloutPercentage: null,
    userSegmentId: null,
    conditionGroups: [],
  };
  data.flags[ids.flag] = {
    id: ids.flag,
    projectId: ids.project,
    key: 'checkout',
    type: 'String',
    name: 'Checkout',
    description: null,
    tags: [],
    clientSideVisible: false,
    isArchived: false,
    variations: [{ id: ids.variation, key: 'new', name: 'New', value: 'new', description: null }],
    defaultVariationId: ids.variation,
    configurations: {
      [ids.environment]: {
        isEnabled: false,
        defaultVariationId: ids.variation,
        strategy: 'SingleVariation',
        percentageRollout: null,
        prerequisites: [],
        rules: [rule],
        updatedAt: now,
      },
    },
    createdAt: now,
    updatedAt: now,
  };
  data.segments[ids.segment] = {
    id: ids.segment,
    projectId: ids.project,
    key: 'beta',
    name: 'Beta',
    description: null,
    included: [],
    excluded: [],
    conditionGroups: [],
    createdAt: now,
    updatedAt: now,
  };
  data.sdkKeys[ids.sdkKey] = {
    id: ids.sdkKey,
    environmentId: ids.environment,
    name: 'Server key',
    description: null,
    type: 'ServerSide',
    hash: 'not-a-real-hash',
    lastFourCharacters: 'abcd',
    isActive: true,
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
    revokedByPrincipalId: null,
  };
  return data;
}

const principal: Principal = {
  type: 'user',
  credentialId: 'credential',
  user: {
    id: ids.user,
    email: 'owner@acme.test',
    name: null,
    emailVerified: true,
    memberships: { [ids.org]: 'Owner' },
  },
};

const paramValues: Record<keyof typeof recordsOfPathParam, string> = {
  org: 'acme',
  project: 'web',
  env: 'production',
  flag: 'checkout',
  variation: 'new',
  segment: 'beta',
  sdkKey: ids.sdkKey,
  ruleId: ids.rule,
};

const paramNames = (path: string) =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as keyof typeof recordsOfPathParam);

describe('resolvePath', () => {
  // The router hands each handler its scope typed as PathScopeOf<path> (routes/register-operations.ts):
  // sound only because the resolver gives exactly those records, which this checks for every operation.
  it.each(tokenOperationIds)('resolves exactly the records the path of %s names', async (operationId) => {
    const names = paramNames(endpoints[operationId].path);
    const params: PathParamValues = Object.fromEntries(names.map((name) => [name, paramValues[name]]));
    const scope = await createMemoryStore(world()).read((view) => resolvePath(view, principal, params));
    const expected = names.flatMap((name) => recordsOfPathParam[name]);
    expect(Object.keys(scope).sort()).toEqual([...expected].sort());
    for (const record of expected) expect(scope[record]).toBeDefined();
  });
});
