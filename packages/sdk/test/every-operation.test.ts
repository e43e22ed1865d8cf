/**
 * Every operation of the endpoint table, called once through the SDK against the real server. The
 * table of calls must have exactly the contract's operations: a new operation without a call here does
 * not compile (`satisfies`), and the first test fails at run time too.
 */
import { endpoints, matchOperation, type OperationId, operationIds } from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ApiPromise, createClient, EventStream, type FlagplaneClient, Page } from '../src/index.js';
import { createOperationWorld, type OperationWorld } from './support/operation-world.js';
import { type ReferenceServer, startReferenceServer, tokens } from './support/reference-server.js';

/** `sdk`: a client whose token is the world's server-side SDK key, for the operations an application calls. */
type OperationCall = (
  client: FlagplaneClient,
  world: OperationWorld,
  sdk: FlagplaneClient,
) => ApiPromise<unknown> | Promise<EventStream<unknown>>;

const calls = {
  getMe: (client) => client.me.retrieve(),
  listOrgs: (client) => client.orgs.list(),
  getOrg: (client, world) => client.orgs.retrieve(world.org),
  listEvents: (client, world) => client.events.list(world.org, { project: world.project, limit: 5 }),
  listProjects: (client, world) => client.projects.list(world.org, { limit: 1 }),
  createProject: (client, world) =>
    client.projects.create(world.org, { key: 'created-project', name: 'Created' }),
  getProject: (client, world) => client.projects.retrieve(world.org, world.project),
  updateProject: (client, world) =>
    client.projects.update(world.org, world.project, { description: 'The web shop.' }),
  deleteProject: (client, world) => client.projects.delete(world.org, 'doomed-project'),
  listEnvironments: (client, world) => client.environments.list(world.org, world.project),
  createEnvironment: (client, world) =>
    client.environments.create(world.org, world.project, { key: 'staging', color: '#AABBCC' }),
  getEnvironment: (client, world) => client.environments.retrieve(world.org, world.project, 'development'),
  updateEnvironment: (client, world) =>
    client.environments.update(world.org, world.project, 'development', { name: 'Dev' }),
  deleteEnvironment: (client, world) => client.environments.delete(world.org, world.project, 'doomed-env'),
  listFlags: (client, world) => client.flags.list(world.org, world.project, { type: 'Boolean', limit: 2 }),
  createFlag: (client, world) =>
    client.flags.create(world.org, world.project, {
      key: 'created-flag',
      type: 'Number',
      variations: [
        { key: 'low', value: '1' },
        { key: 'high', value: '10' },
      ],
      defaultVariationKey: 'low',
    }),
  getFlag: (client, world) => client.flags.retrieve(world.org, world.project, world.stringFlag),
  updateFlag: (client, world) =>
    client.flags.update(world.org, world.project, world.booleanFlag, { tags: ['checkout', 'q3'] }),
  deleteFlag: (client, world) => client.flags.delete(world.org, world.project, 'doomed-flag'),
  archiveFlag: (client, world) => client.flags.archive(world.org, world.project, 'to-archive'),
  restoreFlag: (client, world) => client.flags.restore(world.org, world.project, 'archived-flag'),
  createVariation: (client, world) =>
    client.variations.create(world.org, world.project, world.stringFlag, {
      key: 'greetings',
      value: 'Greetings',
    }),
  updateVariation: (client, world) =>
    client.variations.update(world.org, world.project, world.stringFlag, 'hello', { name: 'Hello there' }),
  deleteVariation: (client, world) =>
    client.variations.delete(world.org, world.project, world.stringFlag, 'doomed-variation'),
  listFlagEnvironments: (client, world) =>
    client.flagEnvironments.list(world.org, world.project, world.booleanFlag),
  getFlagEnvironment: (client, world) =>
    client.flagEnvironments.retrieve(world.org, world.project, world.booleanFlag, 'production'),
  updateFlagEnvironment: (client, world) =>
    client.flagEnvironments.update(world.org, world.project, world.stringFlag, 'production', {
      strategy: 'PercentageRollout',
      percentageRollout: [
        { variationId: world.variationIds.hello as string, weight: 25 },
        { variationId: world.variationIds.welcome as string, weight: 75 },
      ],
    }),
  evaluateFlags: (client, world) =>
    client.environments.evaluate(world.org, world.project, 'production', {
      context: { key: 'user-1', attributes: { country: 'NL' } },
    }),
  toggleFlag: (client, world) =>
    client.flagEnvironments.toggle(world.org, world.project, world.booleanFlag, 'production', {
      enabled: true,
    }),
  createRule: (client, world) =>
    client.rules.create(world.org, world.project, world.stringFlag, 'development', {
      variationId: world.variationIds.hello as string,
      conditionGroups: [{ conditions: [{ attribute: 'country', operator: 'in', values: ['NL', 'BE'] }] }],
    }),
  reorderRules: (client, world) =>
    client.rules.reorder(world.org, world.project, world.stringFlag, 'production', {
      ruleIds: [...world.reorderableRuleIds].reverse(),
    }),
  updateRule: (client, world) =>
    client.rules.update(world.org, world.project, world.booleanFlag, 'production', world.ruleId, {
      variationId: world.booleanVariationIds.false as string,
      rolloutPercentage: 50,
    }),
  deleteRule: (client, world) =>
    client.rules.delete(world.org, world.project, world.stringFlag, 'development', world.doomedRuleId),
  listSegments: (client, world) => client.segments.list(world.org, world.project),
  createSegment: (client, world) =>
    client.segments.create(world.org, world.project, { key: 'new-segment', excluded: ['user-2'] }),
  getSegment: (client, world) => client.segments.retrieve(world.org, world.project, world.segment),
  updateSegment: (client, world) =>
    client.segments.update(world.org, world.project, world.segment, { included: ['user-1', 'user-3'] }),
  deleteSegment: (client, world) => client.segments.delete(world.org, world.project, 'doomed-segment'),
  listSdkKeys: (client, world) => client.sdkKeys.list(world.org, world.project, 'production'),
  createSdkKey: (client, world) =>
    client.sdkKeys.create(world.org, world.project, 'development', { type: 'ClientSide', name: 'Browser' }),
  getSdkKey: (client, world) =>
    client.sdkKeys.retrieve(world.org, world.project, 'production', world.sdkKeyId),
  updateSdkKey: (client, world) =>
    client.sdkKeys.update(world.org, world.project, 'production', world.sdkKeyId, { description: 'Backend' }),
  revokeSdkKey: (client, world) =>
    client.sdkKeys.revoke(world.org, world.project, 'production', world.doomedSdkKeyId),
  getSdkFlags: (_, __, sdk) => sdk.sdk.flags(),
  evaluateForSdk: (_, __, sdk) => sdk.sdk.evaluate({ context: { key: 'user-1' } }),
  streamSdkChanges: (_, __, sdk) => sdk.sdk.stream(),
  ofrepEvaluateFlag: (_, world, sdk) =>
    sdk.sdk.ofrepEvaluateFlag(world.stringFlag, { context: { targetingKey: 'user-1', country: 'NL' } }),
  ofrepEvaluateFlags: (_, __, sdk) => sdk.sdk.ofrepEvaluateFlags({ context: { targetingKey: 'user-1' } }),
} satisfies Record<OperationId, OperationCall>;

let server: ReferenceServer;
let client: FlagplaneClient;
let sdkClient: FlagplaneClient;
let world: OperationWorld;
/** The operations the server saw, in order, read from each request's method and path. */
const sentOperations: (OperationId | null)[] = [];

beforeAll(async () => {
  server = await startReferenceServer();
  const fetch = (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sentOperations.push(matchOperation(request.method, new URL(request.url).pathname)?.operationId ?? null);
    return globalThis.fetch(input, init);
  };
  client = createClient({ baseUrl: server.baseUrl, token: tokens.owner, fetch });
  world = await createOperationWorld(client);
  sdkClient = createClient({ baseUrl: server.baseUrl, token: world.serverSideKey, fetch });
});

afterAll(() => server.close());

describe('every operation of the endpoint table', () => {
  test('has exactly one call in this test', () => {
    expect(Object.keys(calls).sort()).toEqual([...operationIds].sort());
  });

  test.for(operationIds)('%s answers its success status through the SDK', async (operationId) => {
    sentOperations.length = 0;
    const call = calls[operationId](client, world, sdkClient);
    if (!('withResponse' in call)) {
      // A change stream stays open: its first event is what this proves, then it is closed.
      const stream = await call;
      expect(stream).toBeInstanceOf(EventStream);
      expect(stream.status).toBe(200);
      expect(stream.requestId).toBeTruthy();
      for await (const event of stream) {
        expect(event.data).toMatchObject({ type: 'refetchEvaluation', etag: event.id });
        break;
      }
      stream.close();
      expect(sentOperations).toEqual([operationId]);
      return;
    }
    const response = await call.withResponse();

    expect(sentOperations).toEqual([operationId]);
    expect(response.status).toBe(endpoints[operationId].success.status);
    expect(response.requestId).toBeTruthy();
    if ('list' in endpoints[operationId]) expect(response.data).toBeInstanceOf(Page);
    if (endpoints[operationId].success.status === 204) expect(response.data).toBeUndefined();
  });
});
