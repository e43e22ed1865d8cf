/**
 * A small but complete world for contract-driven fuzzing: one project with two environments, a Boolean
 * and a String flag, two targeting rules, a segment and an SDK key, plus one valid request for every
 * operation of the endpoint table. Fuzzers start from these valid requests and break them.
 */
import { endpoints, type OperationId, operationIds, type TokenOperationId } from '@flagplane/contract';
import { expect } from 'vitest';
import type { StoreData } from '../../../src/store/records.js';
import { seedWebProject, startTestServer, type TestServer, tokens } from '../../fixtures.js';

export interface FuzzWorldIds {
  readonly hello: string;
  readonly welcome: string;
  readonly ruleA: string;
  readonly ruleB: string;
  readonly segment: string;
  readonly sdkKey: string;
}

/** The production environment's server-side SDK key: the credential of the SDK-key operations. */
export interface FuzzWorldSecrets {
  readonly serverSideKey: string;
}

/** A valid request of one operation: its path values by parameter name, its query and its body. */
export interface ValidRequest {
  /** The credential it needs: a token (the owner's) unless the operation takes an SDK key. */
  readonly authorization: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface FuzzWorld {
  readonly server: TestServer;
  readonly ids: FuzzWorldIds;
  readonly seed: StoreData;
  readonly valid: Readonly<Record<OperationId, ValidRequest>>;
  /** Puts the world back as it was seeded (after a request that changed it). */
  reset(): Promise<void>;
}

export async function startFuzzWorld(): Promise<FuzzWorld> {
  // The fuzzer sends thousands of requests as one caller: only designed limits may refuse them.
  const server = await startTestServer({ rateLimit: { max: 1_000_000_000, windowSeconds: 60 } });
  await seedWebProject(server);
  const project = '/api/v1/orgs/acme/projects/web';
  const created = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await server.call('owner', method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const banner = await created('GET', `${project}/flags/banner-text`);
  const variationId = (key: string): string =>
    banner.variations.find((variation: { key: string }) => variation.key === key).id;
  const hello = variationId('hello');
  const welcome = variationId('welcome');
  const segment = (await created('POST', `${project}/segments`, { key: 'beta', included: ['u-1'] })).id;
  await created('POST', `${project}/segments`, { key: 'spare' }); // unreferenced, so deleting it succeeds
  const rules = `${project}/flags/banner-text/environments/production/rules`;
  const ruleA = (await created('POST', rules, { variationId: hello, description: 'first' })).id;
  const ruleB = (await created('POST', rules, { variationId: hello, userSegmentId: segment })).id;
  const serverSide = await created('POST', `${project}/environments/production/sdk-keys`, {
    type: 'ServerSide',
  });
  const ids: FuzzWorldIds = { hello, welcome, ruleA, ruleB, segment, sdkKey: serverSide.id };
  const seed = server.app.store.snapshot();
  const valid = validRequests(ids, { serverSideKey: serverSide.key });
  for (const operationId of operationIds) {
    const names = [...endpoints[operationId].path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    expect(Object.keys(valid[operationId].params).sort(), operationId).toEqual(names.sort());
  }
  return { server, ids, seed, valid, reset: () => server.app.store.replace(seed) };
}

const conditionGroups = [
  {
    operator: 'Or',
    conditions: [
      { attribute: 'country', operator: 'In', values: ['DE', 'AT'], negate: false },
      { attribute: 'email', operator: 'matchesregex', values: ['^[a-z]+@acme\\.test$'] },
      { attribute: 'appVersion', operator: 'SemverGreaterThanOrEqual', values: ['2.4.0'] },
      { attribute: 'age', operator: 'GreaterThan', values: ['17.5'] },
      { attribute: 'signup', operator: 'Before', values: ['2026-01-01T00:00:00.000Z'] },
    ],
  },
];

function validRequests(ids: FuzzWorldIds, secrets: FuzzWorldSecrets): Record<OperationId, ValidRequest> {
  const owner = `Bearer ${tokens.owner}`;
  const sdkKey = `Bearer ${secrets.serverSideKey}`;
  const requests = requestsOfTokenOperations(ids);
  const context = { targetingKey: 'u-1', country: 'DE', tags: ['a'], gone: null };
  return {
    ...(Object.fromEntries(
      Object.entries(requests).map(([operationId, request]) => [
        operationId,
        { ...request, authorization: owner },
      ]),
    ) as Record<TokenOperationId, ValidRequest>),
    getSdkFlags: { authorization: sdkKey, params: {} },
    streamSdkChanges: { authorization: sdkKey, params: {} },
    evaluateForSdk: {
      authorization: sdkKey,
      params: {},
      body: { context: { key: 'u-1', attributes: { a: 1 } } },
    },
    ofrepEvaluateFlag: { authorization: sdkKey, params: { key: 'banner-text' }, body: { context } },
    ofrepEvaluateFlags: { authorization: sdkKey, params: {}, body: { context } },
  };
}

function requestsOfTokenOperations(
  ids: FuzzWorldIds,
): Record<TokenOperationId, Omit<ValidRequest, 'authorization'>> {
  const org = { org: 'acme' };
  const project = { ...org, project: 'web' };
  const environment = { ...project, env: 'development' };
  const flag = { ...project, flag: 'new-checkout' };
  const banner = { ...project, flag: 'banner-text' };
  const configuration = { ...banner, env: 'production' };
  const sdkKey = { ...project, env: 'production', sdkKey: ids.sdkKey };
  const segment = { ...project, segment: 'beta' };
  const page = { limit: '2' };
  return {
    getMe: { params: {} },
    listOrgs: { params: {}, query: page },
    getOrg: { params: org },
    listEvents: {
      params: org,
      query: { ...page, project: 'web', flag: 'new-checkout', since: '2020-01-01T00:00:00.000Z' },
    },
    listProjects: { params: org, query: page },
    createProject: {
      params: org,
      body: {
        key: 'fuzzed',
        name: 'Fuzzed',
        environments: [{ key: 'live', color: '#AABBCC', sortOrder: 3 }],
      },
    },
    getProject: { params: project },
    updateProject: { params: project, body: { name: 'Web shop', description: 'The storefront.' } },
    deleteProject: { params: project },
    listEnvironments: { params: project, query: page },
    createEnvironment: {
      params: project,
      body: { key: 'staging', name: 'Staging', color: '#F59E0B', sortOrder: 1 },
    },
    getEnvironment: { params: environment },
    updateEnvironment: { params: environment, body: { name: 'Dev', color: '#0ea5e9', sortOrder: 7 } },
    deleteEnvironment: { params: environment },
    listFlags: {
      params: project,
      query: { search: 'Check', tag: 'checkout', type: 'boolean', archived: 'false', limit: '10' },
    },
    createFlag: {
      params: project,
      body: {
        key: 'checkout.layout',
        type: 'String',
        name: 'Checkout layout',
        description: 'Which checkout design is served.',
        tags: ['checkout', 'team:payments'],
        clientSideVisible: true,
        temporary: true,
        variations: [
          { key: 'control', name: 'Control', value: 'classic' },
          { key: 'treatment', name: 'Treatment', value: 'one-page', description: 'New.' },
        ],
        defaultVariationKey: 'treatment',
      },
    },
    getFlag: { params: flag },
    updateFlag: {
      params: flag,
      body: { name: 'New checkout', tags: ['checkout'], clientSideVisible: true, temporary: false },
    },
    deleteFlag: { params: flag },
    archiveFlag: { params: flag },
    restoreFlag: { params: flag },
    createVariation: { params: banner, body: { key: 'hi', name: 'Hi', value: 'Hi there' } },
    updateVariation: {
      params: { ...banner, variation: 'welcome' },
      body: { name: 'Welcome back', value: 'Welcome back', description: 'Returning users.' },
    },
    deleteVariation: { params: { ...banner, variation: 'welcome' } },
    listFlagEnvironments: { params: banner },
    getFlagEnvironment: { params: configuration },
    updateFlagEnvironment: {
      params: configuration,
      body: {
        isEnabled: true,
        defaultVariationId: ids.welcome,
        strategy: 'PercentageRollout',
        percentageRollout: [
          { variationId: ids.hello, weight: 30 },
          { variationId: ids.welcome, weight: 70 },
        ],
        prerequisites: [{ prerequisiteFlagKey: 'new-checkout', expectedVariationKey: 'true' }],
        rules: [
          { id: ids.ruleB, variationId: ids.welcome, userSegmentId: ids.segment },
          { variationId: ids.hello, rolloutPercentage: 25, conditionGroups },
        ],
      },
    },
    evaluateFlags: {
      params: environment,
      body: {
        context: { key: 'user-1', attributes: { country: 'NL', plan: 'pro', beta: true, groups: ['a'] } },
        flags: ['banner-text'],
      },
    },
    toggleFlag: { params: configuration, body: { enabled: true } },
    createRule: {
      params: configuration,
      body: {
        description: 'DACH',
        variationId: ids.welcome,
        rolloutPercentage: 50,
        userSegmentId: ids.segment,
        conditionGroups,
      },
    },
    reorderRules: { params: configuration, body: { ruleIds: [ids.ruleB, ids.ruleA] } },
    updateRule: {
      params: { ...configuration, ruleId: ids.ruleA },
      body: { description: 'replaced', variationId: ids.welcome, rolloutPercentage: null, conditionGroups },
    },
    deleteRule: { params: { ...configuration, ruleId: ids.ruleA } },
    listSegments: { params: project, query: page },
    createSegment: {
      params: project,
      body: { key: 'staff', name: 'Staff', included: ['u-2'], excluded: ['u-3'], conditionGroups },
    },
    getSegment: { params: segment },
    updateSegment: { params: segment, body: { name: 'Beta', excluded: ['u-9'], description: '' } },
    deleteSegment: { params: { ...project, segment: 'spare' } },
    listSdkKeys: { params: { ...project, env: 'production' }, query: page },
    createSdkKey: {
      params: { ...project, env: 'production' },
      body: { name: 'Checkout', type: 'ClientSide' },
    },
    getSdkKey: { params: sdkKey },
    updateSdkKey: { params: sdkKey, body: { name: 'Checkout (EU)', description: 'eu' } },
    revokeSdkKey: { params: sdkKey },
  };
}

/** The URL of `operationId` with raw (already encoded) path values and a raw query string. */
export function urlOf(
  operationId: OperationId,
  params: Readonly<Record<string, string>>,
  query = '',
): string {
  const path = endpoints[operationId].path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '');
  return query ? `${path}?${query}` : path;
}

export function encodeQuery(query: Readonly<Record<string, string>> | undefined): string {
  return new URLSearchParams(query ?? {}).toString();
}
