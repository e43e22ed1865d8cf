import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClient, type Event, type FetchFunction } from '../src/index.js';
import { findEventNames, idKindOfPath } from '../src/names.js';
import { org, type ReferenceServer, startReferenceServer, tokens } from './support/reference-server.js';

const project = 'names';
let server: ReferenceServer;
const events: Event[] = [];
const ids = { sdkKey: '', rule: '', namelessRule: '', variation: '', segment: '', goneSegment: '' };

beforeAll(async () => {
  server = await startReferenceServer();
  const client = createClient({ baseUrl: server.baseUrl, token: tokens.owner });
  await client.projects.create(org, {
    key: project,
    environments: [{ key: 'staging' }, { key: 'production' }],
  });
  const flag = await client.flags.create(org, project, {
    key: 'banner',
    type: 'String',
    variations: [
      { key: 'plain', value: 'plain' },
      { key: 'festive', value: 'festive' },
    ],
  });
  ids.variation = flag.variations.find((variation) => variation.key === 'festive')?.id ?? '';
  const segment = await client.segments.create(org, project, { key: 'beta', name: 'Beta testers' });
  ids.segment = segment.id;
  const gone = await client.segments.create(org, project, { key: 'old', name: 'Old segment' });
  ids.goneSegment = gone.id;
  // A configuration event: its rules carry a variation id and a segment id.
  await client.flagEnvironments.update(org, project, 'banner', 'staging', {
    strategy: 'TargetedRollout',
    rules: [{ description: 'Beta', variationId: ids.variation, userSegmentId: segment.id }],
  });
  // Rule events, which do not say their flag; the update says no description.
  const rule = await client.rules.create(org, project, 'banner', 'production', {
    description: 'Germany',
    variationId: ids.variation,
  });
  ids.rule = rule.id;
  await client.rules.update(org, project, 'banner', 'production', rule.id, {
    description: 'Germany',
    variationId: ids.variation,
    rolloutPercentage: 50,
  });
  const nameless = await client.rules.create(org, project, 'banner', 'production', {
    variationId: ids.variation,
    userSegmentId: gone.id,
  });
  ids.namelessRule = nameless.id;
  await client.rules.delete(org, project, 'banner', 'production', nameless.id);
  await client.segments.delete(org, project, gone.id);
  // An SDK key event without its name: the revocation.
  const sdkKey = await client.sdkKeys.create(org, project, 'production', {
    name: 'web-frontend',
    type: 'ServerSide',
  });
  ids.sdkKey = sdkKey.id;
  await client.sdkKeys.revoke(org, project, 'production', sdkKey.id);
  for await (const event of client.events.list(org, { project })) events.push(event);
}, 60_000);

afterAll(() => server.close());

/** A client that counts its requests. */
function countingClient() {
  const requests: string[] = [];
  const fetch: FetchFunction = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(`${url.pathname}${url.search}`);
    return globalThis.fetch(input, init);
  };
  return { client: createClient({ baseUrl: server.baseUrl, token: tokens.owner, fetch }), requests };
}

const eventOf = (action: string, resourceId?: string) => {
  const found = events.find(
    (event) => event.action === action && (resourceId === undefined || event.resource.id === resourceId),
  );
  if (!found) throw new Error(`no ${action} event`);
  return found;
};

describe('findEventNames', () => {
  test("names an SDK key event that carries no name from its environment's keys, one request", async () => {
    const { client, requests } = countingClient();
    const revoke = eventOf('revokeSdkKey');
    expect(revoke.resource.key).toBeNull();
    expect(revoke.changes.some((change) => change.path === 'name')).toBe(false);
    const names = await findEventNames(client, org, [revoke]);
    expect(names.get(ids.sdkKey)).toBe('web-frontend');
    expect(requests).toEqual([
      `/api/v1/orgs/${org}/projects/${project}/environments/production/sdk-keys?limit=200`,
    ]);
  });

  test('names the variations and segments a configuration change carries, one request per place', async () => {
    const { client, requests } = countingClient();
    const configuration = eventOf('updateFlagEnvironment');
    const names = await findEventNames(client, org, [configuration]);
    const named = (suffix: string) =>
      configuration.changes
        .filter((change) => change.path.endsWith(suffix))
        .map((change) => names.get(String(change.after)));
    expect(named('.variationId')).toEqual(['festive']);
    expect(named('.userSegmentId')).toEqual(['Beta testers']);
    // The project's segments, and its flag searched by key (the configuration's resource says which).
    expect(requests).toHaveLength(2);
    expect(requests.filter((request) => request.includes('/segments'))).toHaveLength(1);
    expect(requests.filter((request) => request.includes('search=banner'))).toHaveLength(1);
  });

  test('takes the names the events carry first: a creation names its SDK key, segment and rule', async () => {
    const { client, requests } = countingClient();
    const names = await findEventNames(client, org, events);
    expect(names.get(ids.sdkKey)).toBe('web-frontend');
    expect(names.get(ids.segment)).toBe('Beta testers');
    expect(names.get(ids.goneSegment)).toBe('Old segment'); // deleted since, named by its own events
    expect(names.get(ids.rule)).toBe('Germany');
    expect(
      requests.filter((request) => request.includes('/sdk-keys') || request.includes('/segments')),
    ).toEqual([]);
  });

  test("a rule event that says no description finds it in the project's flags", async () => {
    const { client, requests } = countingClient();
    const update = eventOf('updateRule');
    expect(update.changes.some((change) => change.path === 'description')).toBe(false);
    const names = await findEventNames(client, org, [update]);
    expect(names.get(ids.rule)).toBe('Germany');
    // The flag is not in the event: the project's flags are read, in pages, not flag by flag.
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain(`/projects/${project}/flags?`);
    expect(requests[0]).toContain('view=full');
  });

  test('with the flag the log is filtered by, a rule event needs no scan of the project', async () => {
    const { client, requests } = countingClient();
    const names = await findEventNames(client, org, [eventOf('updateRule')], { flag: 'banner' });
    expect(names.get(ids.rule)).toBe('Germany');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('search=banner');
  });

  test('leaves unnamed what is gone and nothing names', async () => {
    const { client } = countingClient();
    const created = eventOf('createRule', ids.namelessRule);
    const names = await findEventNames(client, org, [created]);
    expect(names.has(ids.namelessRule)).toBe(false); // deleted, and it had no description
    expect(names.has(ids.goneSegment)).toBe(false); // deleted; this event does not say its name
    expect(names.get(ids.variation)).toBe('festive'); // still there
  });

  test('a lookup that fails leaves its names out, and the others in', async () => {
    const fetch: FetchFunction = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.endsWith('/segments')) return Promise.resolve(new Response('down', { status: 503 }));
      return globalThis.fetch(input, init);
    };
    const client = createClient({ baseUrl: server.baseUrl, token: tokens.owner, fetch, maxRetries: 0 });
    const names = await findEventNames(client, org, [eventOf('updateFlagEnvironment')]);
    expect(names.has(ids.segment)).toBe(false);
    expect(names.get(ids.variation)).toBe('festive');
  });

  test.each([
    ['defaultVariationId', 'variation'],
    ['rules.2.variationId', 'variation'],
    ['percentageRollout.0.variationId', 'variation'],
    ['rules.0.userSegmentId', 'segment'],
    ['rules.1.id', 'rule'],
    ['name', null],
    ['rules.0.description', null],
  ])('knows %s as an id of a %s', (path, kind) => {
    expect(idKindOfPath(path)).toBe(kind);
  });
});
